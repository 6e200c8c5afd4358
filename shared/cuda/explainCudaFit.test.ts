import { describe, expect, it } from 'vitest';
import cudaToolkits from '../../data/cuda-toolkits.json' with { type: 'json' };
import type { CudaToolkitTable } from '../plan/compatData.js';
import { cudaFit, sayCudaFit } from './explainCudaFit.js';

// Expected answers from https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html: from CUDA 11
// on, a Toolkit of one major runs (limited feature set) on any driver at or above that major's floor (11.x: 450.80.02
// on Linux); before CUDA 11 a newer Toolkit needs its own driver.
const rows = (cudaToolkits as CudaToolkitTable).minorVersionCompatibility;

describe('cudaFit: one verdict for the CLI and the wizard', () => {
  it('Toolkit 11.5 on driver 470.74 (CUDA 11.4) runs through minor-version compatibility, with its limits said', () => {
    const fit = cudaFit({ toolkit: '11.5.119', driverCuda: '11.4', driverVersion: '470.74' }, rows);
    expect(fit).toEqual({ kind: 'minorCompatible', toolkit: '11.5.119', driverCuda: '11.4', floor: '450.80.02' });
    const en = sayCudaFit(fit!, 'en');
    expect(en).toContain('minor-version compatibility');
    expect(en).toContain('cudaErrorCallRequiresNewerDriver');
    expect(en).toContain('CUDA 11.5 removes both limits');
    expect(en).not.toContain('not newer');
    expect(sayCudaFit(fit!, 'zh-CN')).toContain('次版本兼容性');
  });

  it('below the major floor, before CUDA 11, and across a major, a newer Toolkit does not run', () => {
    expect(cudaFit({ toolkit: '11.1.105', driverCuda: '11.0', driverVersion: '450.51.06' }, rows)?.kind).toBe('noMinorCompat');
    expect(cudaFit({ toolkit: '10.2.89', driverCuda: '10.1', driverVersion: '418.87' }, rows)?.kind).toBe('noMinorCompat');
    expect(cudaFit({ toolkit: '13.0.48', driverCuda: '12.2', driverVersion: '535.86.05' }, rows)?.kind).toBe('tooNew');
  });

  it('an older Toolkit fits, compared as numbers', () => {
    expect(cudaFit({ toolkit: '11.8.89', driverCuda: '12.2' }, rows)?.kind).toBe('fits');
    expect(cudaFit({ toolkit: '12.9.41', driverCuda: '12.10' }, rows)?.kind).toBe('fits');
    expect(cudaFit({ toolkit: '12.10.1', driverCuda: '12.9', driverVersion: '575.51.03' }, rows)?.kind).toBe('minorCompatible');
  });
});
