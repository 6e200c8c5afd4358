import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseNvidiaSmiTable } from './parseNvidiaSmiTable.js';

const read = (...parts: string[]) => readFileSync(fixturePath(...parts), 'utf8');
const table = (name: string) => parseNvidiaSmiTable(read('nvidia-smi-table', name));

// Driver 610 renamed the header fields. Verbatim from utkuozdemir/nvidia_gpu_exporter
// internal/captures/linux-x86_64__nvidia-h200__610.43.02.txt @ 18a7dc5a ('idle :: nvidia-smi (default table)'), MIT.
const H200_DRIVER_610 = `Tue Sep  1 20:48:13 2026
+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 610.43.02              KMD Version: 610.43.02     CUDA UMD Version: 13.3     |
+-----------------------------------------+------------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
|                                         |                        |               MIG M. |
|=========================================+========================+======================|
|   0  NVIDIA H200                    On  |   00000000:83:00.0 Off |                    0 |
| N/A   38C    P0             83W /  700W |       0MiB / 143771MiB |      0%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
`;

// Windows laptop, driver 617.14, WDDM. Verbatim nvidia-smi block from a public report (search index id 70969831556).
const RTX3050_DRIVER_617_WDDM = `+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 617.14                 KMD Version: 617.14        CUDA UMD Version: 13.4     |
+-----------------------------------------+------------------------+----------------------+
| GPU  Name                  Driver-Model | Bus-Id          Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
|                                         |                        |               MIG M. |
|=========================================+========================+======================|
|   0  NVIDIA GeForce RTX 3050 ...  WDDM  |   00000000:01:00.0  On |                  N/A |
| N/A   40C    P8              1W /   65W |    1070MiB /   4094MiB |     27%      Default |
+-----------------------------------------+------------------------+----------------------+
`;

// Jetson Orin (JetPack 6.2.1): integrated GPU, no bus id, memory "Not Supported". Public docs page (search index id 66474855854).
const JETSON_ORIN = `+---------------------------------------------------------------------------------------+
| NVIDIA-SMI 540.4.0                Driver Version: 540.4.0      CUDA Version: 12.6     |
|-----------------------------------------+----------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |
|                                         |                      |               MIG M. |
|=========================================+======================+======================|
|   0  Orin (nvgpu)                  N/A  | N/A              N/A |                  N/A |
| N/A   N/A  N/A               N/A /  N/A | Not Supported        |     N/A          N/A |
|                                         |                      |                  N/A |
+-----------------------------------------+----------------------+----------------------+
`;

// vGPU guest (GRID V100-4C profile, driver 450.89). Public docs page (search index id 10370157217).
const VGPU_V100_4C = `+-----------------------------------------------------------------------------+
| NVIDIA-SMI 450.89       Driver Version: 450.89       CUDA Version: 11.0     |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|                               |                      |               MIG M. |
|===============================+======================+======================|
|   0  GRID V100-4C        On   | 00000000:05:00.0 Off |                    0 |
| N/A   N/A    P0    N/A /  N/A |    304MiB /  4096MiB |      0%      Default |
|                               |                      |                  N/A |
+-------------------------------+----------------------+----------------------+
`;

describe('parseNvidiaSmiTable', () => {
  it('reads driver, CUDA and the GPU from a 550 layout (A100 40GB)', () => {
    const result = table('a100-sxm4-40gb_driver550.144.03.txt');
    expect(result).toMatchObject({ smiVersion: '550.144.03', driverVersion: '550.144.03', cudaVersion: '12.4' });
    expect(result?.gpus).toEqual([{ index: 0, name: 'NVIDIA A100-SXM4-40GB', busId: '00000000:81:00.0', memoryMiB: 40960, migEnabled: false }]);
  });

  it('reads the newest header (KMD Version / CUDA UMD Version, driver 610)', () => {
    const result = parseNvidiaSmiTable(H200_DRIVER_610);
    expect(result).toMatchObject({ driverVersion: '610.43.02', cudaVersion: '13.3' });
    expect(result?.gpus).toEqual([{ index: 0, name: 'NVIDIA H200', busId: '00000000:83:00.0', memoryMiB: 143771, migEnabled: false }]);
  });

  it('reads a Windows WDDM row under the 617 header, keeping the truncated name flagged', () => {
    const result = parseNvidiaSmiTable(RTX3050_DRIVER_617_WDDM);
    expect(result).toMatchObject({ driverVersion: '617.14', cudaVersion: '13.4' });
    expect(result?.gpus[0]).toMatchObject({ name: 'NVIDIA GeForce RTX 3050', nameTruncated: true, driverModel: 'WDDM', memoryMiB: 4094 });
  });

  it('reads the Windows 591 table with Driver-Model column', () => {
    const result = parseNvidiaSmiTable(read('windows', 'windows_rtx2080super_driver591.86_nvidia-smi_idle.txt'));
    expect(result).toMatchObject({ driverVersion: '591.86', cudaVersion: '13.1' });
    expect(result?.gpus).toEqual([
      { index: 0, name: 'NVIDIA GeForce RTX 2080', nameTruncated: true, busId: '00000000:0C:00.0', driverModel: 'WDDM', memoryMiB: 8192 },
    ]);
  });

  it('counts all eight V100S in the 535 layout', () => {
    const result = table('v100s-pcie-32gb_x8_driver535.171.04.txt');
    expect(result).toMatchObject({ driverVersion: '535.171.04', cudaVersion: '12.2' });
    expect(result?.gpus).toHaveLength(8);
    expect(result?.gpus.map((gpu) => gpu.busId)).toEqual(['06', '07', '08', '09', '0A', '0B', '0C', '0D'].map((slot) => `00000000:00:${slot}.0`));
    expect(new Set(result?.gpus.map((gpu) => `${gpu.name}/${gpu.memoryMiB}`))).toEqual(new Set(['Tesla V100S-PCIE-32GB/32768']));
  });

  it('reads both H100s of a 570 machine', () => {
    const result = table('h100-80gb-hbm3_x2_driver570.133.20.txt');
    expect(result).toMatchObject({ driverVersion: '570.133.20', cudaVersion: '12.8' });
    expect(result?.gpus.map((gpu) => [gpu.index, gpu.name, gpu.busId, gpu.memoryMiB])).toEqual([
      [0, 'NVIDIA H100 80GB HBM3', '00000000:AB:00.0', 81559],
      [1, 'NVIDIA H100 80GB HBM3', '00000000:BA:00.0', 81559],
    ]);
  });

  it('sees MIG mode and counts the MIG instances (H100, 590)', () => {
    const result = table('h100-80gb-hbm3_mig_driver590.48.01.txt');
    expect(result).toMatchObject({ driverVersion: '590.48.01', cudaVersion: '13.1' });
    expect(result?.gpus[0]).toMatchObject({ name: 'NVIDIA H100 80GB HBM3', migEnabled: true, memoryMiB: 81559 });
    expect(result?.migDevices.length).toBeGreaterThanOrEqual(4);
    expect(result?.migDevices[0]).toEqual({ gpu: 0, gpuInstance: 2, computeInstance: 0, device: 0, memoryMiB: 40448 });
    expect(result?.gpus[0]?.migDevices).toBe(result?.migDevices.length);
  });

  it('reads a MIG-only excerpt of the older 79-column layout', () => {
    const result = table('a100_mig_devices_section_470era_partial.txt');
    expect(result?.gpus).toEqual([]);
    expect(result?.migDevices.map((device) => [device.gpu, device.gpuInstance, device.memoryMiB])).toEqual([
      [1, 3, 19968],
      [1, 5, 19968],
      [1, 6, 19968],
    ]);
  });

  it('reads drivers older than 410 that print no CUDA Version', () => {
    const titan = table('titan-xp_driver384.66_no-cuda-version_partial.txt');
    expect(titan).toMatchObject({ driverVersion: '384.66', cudaVersion: null });
    expect(titan?.gpus).toEqual([{ index: 0, name: 'TITAN Xp', busId: '00000000:41:00.0', memoryMiB: 12174 }]);
    const gtx680 = table('gtx680_x3_driver331.62_2014_partial.txt');
    expect(gtx680).toMatchObject({ driverVersion: '331.62', cudaVersion: null });
    expect(gtx680?.gpus.map((gpu) => [gpu.name, gpu.busId, gpu.memoryMiB])).toEqual([
      ['GeForce GTX 680', '0000:03:00.0', 4095],
      ['GeForce GTX 680', '0000:04:00.0', 4095],
      ['GeForce GTX 680', '0000:83:00.0', 4095],
    ]);
  });

  it('reads single-GPU tables with and without process rows', () => {
    const expectations: [string, string, string, string, number][] = [
      ['h100-80gb-hbm3_driver590.48.01.txt', '590.48.01', '13.1', 'NVIDIA H100 80GB HBM3', 81559],
      ['h200_driver590.48.01.txt', '590.48.01', '13.1', 'NVIDIA H200', 143771],
      ['h200_driver590.48.01_load_with_processes.txt', '590.48.01', '13.1', 'NVIDIA H200', 143771],
      ['l40s_driver580.126.09_python_process.txt', '580.126.09', '13.0', 'NVIDIA L40S', 46068],
      ['l40s_driver595.80.txt', '595.80', '13.2', 'NVIDIA L40S', 46068],
      ['rtx2080super_driver595.71.05_linux.txt', '595.71.05', '13.2', 'NVIDIA GeForce RTX 2080', 8192],
      ['rtx3090_driver535.161.07_empty-process-list.txt', '535.161.07', '12.2', 'NVIDIA GeForce RTX 3090', 24576],
      ['rtx4070-laptop_driver580.173.02_partial.txt', '580.173.02', '13.0', 'NVIDIA GeForce RTX 4070', 8188],
      ['rtx4080super_driver595.71.05_linux.txt', '595.71.05', '13.2', 'NVIDIA GeForce RTX 4080', 16376],
      ['rtx4080super_driver595.71.05_load_with_processes.txt', '595.71.05', '13.2', 'NVIDIA GeForce RTX 4080', 16376],
    ];
    for (const [file, driver, cuda, name, memory] of expectations) {
      const result = table(file);
      expect(result, file).toMatchObject({ driverVersion: driver, cudaVersion: cuda });
      expect(result?.gpus, file).toHaveLength(1);
      expect(result?.gpus[0], file).toMatchObject({ name, memoryMiB: memory });
    }
  });

  it('marks the Jetson integrated GPU and a vGPU slice', () => {
    const jetson = parseNvidiaSmiTable(JETSON_ORIN);
    expect(jetson).toMatchObject({ driverVersion: '540.4.0', cudaVersion: '12.6' });
    expect(jetson?.gpus).toEqual([{ index: 0, name: 'Orin (nvgpu)', integrated: true }]);
    const vgpu = parseNvidiaSmiTable(VGPU_V100_4C);
    expect(vgpu?.gpus).toEqual([{ index: 0, name: 'GRID V100-4C', busId: '00000000:05:00.0', memoryMiB: 4096, virtualization: 'vgpu' }]);
  });

  it('returns null for garbage and partial headers without throwing', () => {
    expect(parseNvidiaSmiTable('')).toBeNull();
    expect(parseNvidiaSmiTable('Segmentation fault (core dumped)')).toBeNull();
    expect(parseNvidiaSmiTable(undefined as unknown as string)).toBeNull();
    const truncated = read('nvidia-smi-table', 'h200_driver590.48.01.txt').slice(0, 400);
    expect(parseNvidiaSmiTable(truncated)).toMatchObject({ driverVersion: '590.48.01', gpus: [] });
  });
});
