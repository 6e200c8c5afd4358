import { describe, expect, it } from 'vitest';
import { compareDotted, satisfiesDotted } from './dottedVersion.js';

describe('dottedVersion', () => {
  it('treats missing parts as zero', () => {
    expect(compareDotted([580], [580, 0, 0])).toBe(0);
  });

  it('treats a bare version as a prefix match and rejects garbage clauses', () => {
    expect(satisfiesDotted('12.6.3', '12.6', 'CUDA')).toBe(true);
    expect(satisfiesDotted('12.8', '12.6', 'CUDA')).toBe(false);
    expect(() => satisfiesDotted('12.6', '~12', 'CUDA')).toThrow(/range clause/);
  });
});
