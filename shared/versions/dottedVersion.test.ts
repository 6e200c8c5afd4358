import { describe, expect, it } from 'vitest';
import { compareDotted, compareMajorMinor, majorMinorOf, satisfiesDotted } from './dottedVersion.js';

describe('dottedVersion', () => {
  it('treats missing parts as zero', () => {
    expect(compareDotted([580], [580, 0, 0])).toBe(0);
  });

  it('treats a bare version as a prefix match and rejects garbage clauses', () => {
    expect(satisfiesDotted('12.6.3', '12.6', 'CUDA')).toBe(true);
    expect(satisfiesDotted('12.8', '12.6', 'CUDA')).toBe(false);
    expect(() => satisfiesDotted('12.6', '~12', 'CUDA')).toThrow(/range clause/);
  });

  it('orders series and compute capabilities by major, then minor, as numbers', () => {
    expect(majorMinorOf('12.6.3')).toEqual([12, 6]);
    expect(majorMinorOf('3')).toEqual([3, 0]);
    expect(majorMinorOf('9.0a')).toEqual([9, 0]);
    expect(compareMajorMinor('3.10', '3.9')).toBeGreaterThan(0);
    expect(compareMajorMinor('12.6.3', '12.6')).toBe(0);
    expect(compareMajorMinor('11.8', '12.0')).toBeLessThan(0);
    expect(['8.9', '10.0', '7.5', '12.0', '8.6'].sort(compareMajorMinor)).toEqual(['7.5', '8.6', '8.9', '10.0', '12.0']);
  });
});
