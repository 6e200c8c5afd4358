import { describe, expect, it } from 'vitest';
import { rtx4090Report } from '../../testkit/renderer/sampleData.js';
import { explainCuda, toolkitFitsDriver } from './explainCuda.js';

describe('driver vs Toolkit explanation', () => {
  it('explains the 12.2 (nvidia-smi) vs 13.0 (nvcc) difference with this machine numbers', () => {
    const lines = explainCuda(rtx4090Report());
    expect(lines.map((line) => line.key)).toEqual(['driver', 'toolkit', 'cudnn', 'whyDifferent', 'incompatible', 'wheels']);
    expect(lines.find((line) => line.key === 'whyDifferent')!.values).toEqual({ cuda: '12.2', toolkit: '13.0' });
  });

  it('says a toolkit without a driver compiles but cannot run (this CI machine)', () => {
    const report = { ...rtx4090Report(), driver: null, gpus: [] };
    expect(explainCuda(report).map((line) => line.key)).toEqual(['noDriver', 'toolkit', 'cudnn', 'toolkitWithoutDriver', 'wheels']);
  });

  it('compares CUDA versions numerically, not as text', () => {
    expect(toolkitFitsDriver('12.10', '12.9')).toBe(false);
    expect(toolkitFitsDriver('11.8', '12.2')).toBe(true);
    expect(toolkitFitsDriver('12.2', '12.2')).toBe(true);
  });
});
