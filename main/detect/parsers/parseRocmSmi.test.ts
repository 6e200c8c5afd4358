import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseRocmAgentEnumerator, parseRocmSmi } from './parseRocmSmi.js';

const rocm = (name: string) => parseRocmSmi(readFileSync(fixturePath('rocm-smi', name), 'utf8'));

describe('parseRocmSmi', () => {
  it('reads -a output: driver and device id', () => {
    expect(rocm('rocm-smi_-a_navi10_0x731f_driver5.6.19_partial.txt')).toEqual({ driverVersion: '5.6.19', gpus: [{ index: 0, deviceId: '731f' }] });
    expect(rocm('rocm-smi_-a_raphael-igpu_0x164e_partial.txt')).toEqual({ driverVersion: '6.1.0-18-amd64', gpus: [{ index: 0, deviceId: '164e' }] });
  });

  it('counts GPUs in the classic summary tables (2018 and ROCm 2.1 with a sysfs warning)', () => {
    expect(rocm('rocm-smi_2018_during_training.txt')?.gpus).toEqual([{ index: 0 }]);
    expect(rocm('rocm-smi_radeon-vii_rocm2.1_empty-pclk-warning.txt')?.gpus).toEqual([{ index: 0 }]);
  });

  it('names the card from -i/--showid "Device Name" lines and skips rows of N/A (another vendor\'s DRM card)', () => {
    expect(rocm('rocm-smi_-a_id_section_phoenix1_0x15bf_rocm6.1_partial.txt')).toEqual({
      driverVersion: '6.10.0-061000rc1-generic',
      gpus: [{ index: 0, deviceId: '15bf', name: 'Phoenix1' }],
    });
    expect(rocm('rocm-smi_rocm1.9_igpu_row_all_na_gpu1_real.txt')?.gpus).toEqual([{ index: 1 }]);
    expect(rocm('rocm-smi_hades-canyon_intel-igpu_row_all_na_vegam.txt')?.gpus).toEqual([{ index: 1 }]);
    expect(parseRocmSmi('GPU[0]\t\t: Device Name: \t\t0x1002\nGPU[0]\t\t: Device ID: \t\t0x738c\n')?.gpus).toEqual([{ index: 0, deviceId: '738c' }]);
  });

  it('reads the ROCm 6/7 table with DPX partitions: 8 logical GPUs on 4 cards', () => {
    const result = rocm('rocm-smi_rocm6-7_mi3xx_0x75a0_dpx_partitions_partial.txt');
    expect(result?.gpus).toHaveLength(8);
    expect(new Set(result?.gpus.map((gpu) => gpu.deviceId))).toEqual(new Set(['75a0']));
    expect(result?.gpus.filter((gpu) => gpu.partition?.id === 0)).toHaveLength(4);
    expect(result?.gpus[0]?.partition).toEqual({ memory: 'NPS1', compute: 'DPX', id: 0 });
  });

  it('reads gfx names and VRAM when -a prints them, and gfx targets from rocm_agent_enumerator', () => {
    const text = 'GPU[0]\t\t: Card Series: \t\tRadeon RX 7900 XTX\nGPU[0]\t\t: GFX Version: \t\tgfx1100\nGPU[0]\t\t: VRAM Total Memory (B): 25753026560\n';
    expect(parseRocmSmi(text)?.gpus).toEqual([{ index: 0, name: 'Radeon RX 7900 XTX', gfxArch: 'gfx1100', vramBytes: 25753026560 }]);
    expect(parseRocmAgentEnumerator('gfx000\ngfx90a\ngfx90a\n')).toEqual(['gfx90a', 'gfx90a']);
    expect(parseRocmSmi('')).toBeNull();
  });
});
