import { describe, expect, it } from 'vitest';
import { cudaMajor, cudaSeries, cudaVersion } from './cudaVersion.js';

describe('cudaVersion', () => {
  it('orders toolkit releases', () => {
    expect(['12.4.1', '12.10', '12.4', '11.8'].sort(cudaVersion.compare)).toEqual(['11.8', '12.4', '12.4.1', '12.10']);
  });

  it('matches a series with == and ranges with >= <', () => {
    expect(cudaVersion.satisfies('12.4.1', '==12.4')).toBe(true);
    expect(cudaVersion.satisfies('12.5', '==12.4')).toBe(false);
    expect(cudaVersion.satisfies('12.8', '>=12.8 <13')).toBe(true);
    expect(cudaVersion.satisfies('13.0.2', '>=12.8 <13')).toBe(false);
  });

  it('reads series from toolkit versions and PyTorch variant names', () => {
    expect(cudaSeries('12.4.1')).toBe('12.4');
    expect(cudaSeries('cu126')).toBe('12.6');
    expect(cudaSeries('cu118')).toBe('11.8');
    expect(cudaSeries('cu80')).toBe('8.0');
    expect(cudaMajor('cu130')).toBe(13);
  });
});
