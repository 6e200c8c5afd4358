import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseNvidiaSmiList } from './parseNvidiaSmiList.js';

const read = (...parts: string[]) => readFileSync(fixturePath(...parts), 'utf8');

describe('parseNvidiaSmiList', () => {
  it('lists two different GPUs with UUIDs', () => {
    expect(parseNvidiaSmiList(read('nvidia-smi-query', 'nvidia-smi_-L_titanv_rtx5880ada.txt'))).toEqual([
      { index: 0, name: 'NVIDIA TITAN V', uuid: 'GPU-b5169cef-2205-c30e-f2b3-220cfa14bafd', migDevices: [] },
      { index: 1, name: 'NVIDIA RTX 5880 Ada Generation', uuid: 'GPU-7518f6b0-991f-ce2b-3d37-c779130d3137', migDevices: [] },
    ]);
  });

  it('attaches MIG instances to their GPU', () => {
    const [gpu] = parseNvidiaSmiList(read('nvidia-smi-query', 'nvidia-smi_-L_h100_mig_4_instances_driver590.48.01.txt'));
    expect(gpu?.name).toBe('NVIDIA H100 80GB HBM3');
    expect(gpu?.migDevices.map((device) => device.profile)).toEqual(['3g.40gb', '2g.20gb', '1g.10gb', '1g.10gb']);
  });

  it('counts a GPU printed twice once and ignores the NVML error lines after it', () => {
    const gpus = parseNvidiaSmiList(read('nvidia-smi-errors', 'nvidia-smi_-L_then_nvml_unknown_error_k8s.txt'));
    expect(gpus.map((gpu) => gpu.name)).toEqual(['NVIDIA A100-PCIE-40GB']);
    expect(parseNvidiaSmiList('garbage')).toEqual([]);
  });
});
