import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseSysctl, parseSystemProfilerDisplays, parseSystemProfilerHardware } from './parseMacos.js';

const read = (name: string) => readFileSync(fixturePath('macos', name), 'utf8');

describe('macOS parsers', () => {
  it('reads an AMD dGPU from SPDisplaysDataType', () => {
    expect(parseSystemProfilerDisplays(read('system_profiler_SPDisplaysDataType_imacpro2017_radeon-pro-vega64.txt'))).toEqual([
      { name: 'Radeon Pro Vega 64', vendor: 'AMD', vendorId: '1002', deviceId: '6860', vramMiB: 16384 },
    ]);
  });

  it('reads Apple silicon and Intel hardware overviews', () => {
    expect(parseSystemProfilerHardware(read('system_profiler_SPHardwareDataType_mini_m1pro.txt'))).toEqual({
      chip: 'Apple M1 Pro',
      modelIdentifier: 'MacBookPro18,1',
      cores: 10,
      memoryBytes: 16 * 1024 ** 3,
    });
    expect(parseSystemProfilerHardware(read('system_profiler_SPHardwareDataType_macbookpro11,1_intel.txt'))).toEqual({
      processorName: 'Dual-Core Intel Core i7',
      modelIdentifier: 'MacBookPro11,1',
      cores: 2,
      memoryBytes: 8 * 1024 ** 3,
    });
  });

  it('reads sysctl machdep.cpu', () => {
    const values = parseSysctl(read('sysctl_machdep_cpu_m1.txt'));
    expect(values['machdep.cpu.brand_string']).toBe('Apple processor');
    expect(values['machdep.cpu.core_count']).toBe('8');
  });
});
