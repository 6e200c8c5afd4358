import { describe, expect, it } from 'vitest';
import { capabilityFromArch, matchCapability, smLabel } from './computeCapability.js';

// Lists as published for PyTorch 2.14 (data/pytorch.json).
const cu126 = ['5.0', '6.0', '7.0', '7.5', '8.0', '8.6', '9.0'];
const cu130 = ['7.5', '8.0', '8.6', '9.0', '10.0', '12.0+PTX'];

describe('matchCapability', () => {
  it('runs same-major cubins on newer minors (Ada 8.9 on sm_86, GTX 1080 Ti 6.1 on sm_60)', () => {
    expect(matchCapability(cu126, '8.9', true)).toBe('native');
    expect(matchCapability(cu126, '6.1', true)).toBe('native');
  });

  it('gives Pascal nothing in the CUDA 13 build (the uv pitfall)', () => {
    expect(matchCapability(cu130, '6.1', true)).toBeNull();
  });

  it('reaches a newer major only through PTX, and only where the build ships PTX', () => {
    expect(matchCapability(cu130, '12.1', true)).toBe('native');
    expect(matchCapability(['7.5', '8.0', '9.0+PTX'], '12.0', true)).toBe('ptx');
    expect(matchCapability(['7.5', '8.0', '9.0+PTX'], '12.0', false)).toBeNull();
    expect(matchCapability(cu126, '12.0', true)).toBeNull();
  });

  it('runs arch-specific 9.0a code on exactly 9.0', () => {
    expect(matchCapability(['9.0a'], '9.0', false)).toBe('native');
    expect(matchCapability(['9.0a'], '9.2', false)).toBeNull();
  });

  it('treats ">=5.2" as every capability from 5.2 on (JAX cuda12)', () => {
    expect(matchCapability(['>=5.2'], '6.1', false)).toBe('native');
    expect(matchCapability(['>=5.2'], '5.0', false)).toBeNull();
    expect(matchCapability(['>=5.2'], '3.7', false)).toBeNull();
  });

  it('labels capabilities the way CUDA tools print them', () => {
    expect(smLabel('8.6')).toBe('sm_86');
  });
});

describe('capabilityFromArch', () => {
  it('reads sm_XY, compute_XY and the a/f suffixes as X.Y (nvcc -arch names)', () => {
    const read = ['sm_120', 'sm_90a', 'sm_100a', 'compute_86', 'sm_121a', 'sm_100f', 'compute_90a', 'sm_37', 'SM_75'].map(capabilityFromArch);
    expect(read).toEqual(['12.0', '9.0', '10.0', '8.6', '12.1', '10.0', '9.0', '3.7', '7.5']);
  });

  it('is null for what is no architecture name', () => {
    expect(['sm_', 'sm_8', 'sm_1200', 'gfx1100', 'sm_86+PTX', '8.6'].map(capabilityFromArch)).toEqual([null, null, null, null, null, null]);
  });
});
