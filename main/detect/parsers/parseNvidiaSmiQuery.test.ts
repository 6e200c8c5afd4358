import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseNvidiaSmiQuery } from './parseNvidiaSmiQuery.js';

const read = (name: string) => readFileSync(fixturePath('windows', name), 'utf8');

describe('parseNvidiaSmiQuery', () => {
  it('reads the WSL2 -q capture: Windows driver, CUDA, WDDM, architecture', () => {
    expect(parseNvidiaSmiQuery(read('wsl2_rtx4090_driver537.13_nvidia-smi-q_partial.txt'))).toEqual({
      driverVersion: '537.13',
      cudaVersion: '12.2',
      gpus: [
        {
          index: 0,
          name: 'NVIDIA GeForce RTX 4090',
          busId: '00000000:08:00.0',
          uuid: 'GPU-e1f55e56-2016-d918-7dd5-7cd29c440e50',
          architecture: 'Ada Lovelace',
          driverModel: 'WDDM',
        },
      ],
    });
  });

  it('reads the Windows -q -i 0 capture of a 4-GPU box', () => {
    const result = parseNvidiaSmiQuery(read('nvidia-smi_-q_-i_0_windows_gtx1080ti_driver442.92_partial.txt'));
    expect(result).toMatchObject({ driverVersion: '442.92', cudaVersion: '10.2' });
    expect(result?.gpus).toEqual([expect.objectContaining({ name: 'GeForce GTX 1080 Ti', busId: '00000000:18:00.0', driverModel: 'WDDM' })]);
  });

  it('reads the 610 "-q" header (deprecated Driver Version, KMD Version) with memory and PCI id', () => {
    // Excerpt of utkuozdemir/nvidia_gpu_exporter internal/captures/linux-x86_64__nvidia-h200__610.43.02.txt ('idle :: query (-q)'), MIT.
    const text = [
      '==============NVSMI LOG==============',
      '',
      'Driver Version                                         : 610.43.02 [Deprecated; will be removed in CUDA 14.0. Use KMD Version instead]',
      'CUDA Version                                           : 13.3 [Deprecated; will be removed in CUDA 14.0. Use CUDA UMD Version instead]',
      'KMD Version                                            : 610.43.02',
      'CUDA UMD Version                                       : 13.3',
      '',
      'Attached GPUs                                          : 1',
      'GPU 00000000:83:00.0',
      '    Product Name                                       : NVIDIA H200',
      '    Product Architecture                               : Hopper',
      '    MIG Mode',
      '        Current                                        : Disabled',
      '    PCI',
      '        Device Id                                      : 0x233510DE',
      '    FB Memory Usage',
      '        Total                                          : 143771 MiB',
    ].join('\n');
    expect(parseNvidiaSmiQuery(text)).toEqual({
      driverVersion: '610.43.02',
      cudaVersion: '13.3',
      gpus: [{ index: 0, name: 'NVIDIA H200', busId: '00000000:83:00.0', architecture: 'Hopper', migEnabled: false, pciId: '10de:2335', memoryMiB: 143771 }],
    });
  });

  it('returns null for text that is not nvidia-smi -q', () => {
    expect(parseNvidiaSmiQuery('hello')).toBeNull();
  });
});
