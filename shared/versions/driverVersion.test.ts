import { describe, expect, it } from 'vitest';
import { driverBranch, driverVersion } from './driverVersion.js';

describe('driverVersion', () => {
  it('parses the versions drivers print', () => {
    expect(driverVersion.parse('550.54.15')).toEqual([550, 54, 15]);
    expect(driverVersion.parse('452.39')).toEqual([452, 39]);
    expect(driverVersion.parse('580')).toEqual([580]);
    expect(driverVersion.parse('570.124.06-p2p')).toBeNull();
  });

  it('compares numerically, so 450.80.2 equals 450.80.02 and 535.10 is below 535.104', () => {
    expect(driverVersion.compare('450.80.2', '450.80.02')).toBe(0);
    expect(driverVersion.compare('535.104.05', '535.54.03')).toBeGreaterThan(0);
    expect(driverVersion.compare('580', '580.65.06')).toBeLessThan(0);
    expect(['595.71.05', '470.82.01', '525.60.13'].sort(driverVersion.compare)).toEqual(['470.82.01', '525.60.13', '595.71.05']);
  });

  it('checks floors and branch ranges', () => {
    expect(driverVersion.satisfies('525.60.13', '>=525.60.13')).toBe(true);
    expect(driverVersion.satisfies('525.60.11', '>=525.60.13')).toBe(false);
    expect(driverVersion.satisfies('550.54.15', '>=525 <580')).toBe(true);
    expect(driverVersion.satisfies('580.65.06', '>=525, <580')).toBe(false);
    expect(driverVersion.satisfies('580.65.06', '>= 580')).toBe(true);
  });

  it('throws on text that is not a driver version', () => {
    expect(() => driverVersion.compare('abc', '1')).toThrow(/not a NVIDIA driver version/);
  });

  it('names the branch', () => {
    expect(driverBranch('580.65.06')).toBe('580');
  });
});
