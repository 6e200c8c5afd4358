import { describe, expect, it } from 'vitest';
import { formatBytes, formatSpeed } from './formatBytes.js';

describe('formatBytes', () => {
  it('uses SI units, as pip, apt and data/download-sizes.json do', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1_500)).toBe('1.5 kB');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
    expect(formatBytes(908_300_000)).toBe('908 MB');
    expect(formatBytes(2_809_300_000)).toBe('2.8 GB');
    expect(formatBytes(12_340_000_000)).toBe('12.3 GB');
    expect(formatBytes(2_000_000_000_000)).toBe('2.0 TB');
  });

  it('never shows 1000 of a unit: a value that rounds up moves to the next one', () => {
    expect(formatBytes(999.6)).toBe('1.0 kB');
    expect(formatBytes(999_600_000)).toBe('1.0 GB');
    expect(formatBytes(9_960_000)).toBe('10 MB');
  });

  it('writes whole bytes and no negative sizes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(12.4)).toBe('12 B');
    expect(formatBytes(-5)).toBe('0 B');
  });

  it('speeds are sizes per second', () => {
    expect(formatSpeed(3_000_000)).toBe('3.0 MB/s');
  });
});
