import { describe, expect, it } from 'vitest';
import { rtx4090Report } from '../../testkit/renderer/sampleData.js';
import { explainCuda } from './explainCuda.js';

describe('driver vs Toolkit explanation', () => {
  it('explains the 12.2 (nvidia-smi) vs 13.0 (nvcc) difference with this machine numbers, the verdict from detection', () => {
    const report = rtx4090Report();
    report.cudaSummary = { driverCuda: '12.2', toolkit: '13.0', compatible: false, message: '', fit: { kind: 'tooNew', toolkit: '13.0', driverCuda: '12.2' } };
    const lines = explainCuda(report, 'en');
    expect(lines.map((line) => line.key)).toEqual(['driver', 'toolkit', 'cudnn', 'whyDifferent', 'fit', 'wheels']);
    expect(lines.find((line) => line.key === 'whyDifferent')!.values).toEqual({ cuda: '12.2', toolkit: '13.0' });
    expect(lines.find((line) => line.key === 'fit')!.text).toContain('“CUDA driver version is insufficient”');
  });

  it('says a toolkit without a driver compiles but cannot run (this CI machine)', () => {
    const report = { ...rtx4090Report(), driver: null, gpus: [] };
    expect(explainCuda(report, 'en').map((line) => line.key)).toEqual(['noDriver', 'toolkit', 'cudnn', 'toolkitWithoutDriver', 'wheels']);
  });
});
