import { describe, expect, it } from 'vitest';
import { rtx4090Report, rx7900xtxReport } from '../../testkit/renderer/sampleData.js';
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

  it('says a toolkit without a driver compiles but cannot run on an NVIDIA GPU yet', () => {
    const report = { ...rtx4090Report(), driver: null };
    expect(explainCuda(report, 'en').map((line) => line.key)).toEqual(['noDriver', 'toolkit', 'cudnn', 'toolkitWithoutDriver', 'wheels']);
  });

  it('a machine with no GPU is not told that no program can use "the GPU" or that only the NVIDIA driver matters', () => {
    const report = { ...rtx4090Report(), driver: null, gpus: [] };
    expect(explainCuda(report, 'en').map((line) => line.key)).toEqual(['noNvidiaGpu', 'toolkit', 'cudnn']);
  });

  it('an AMD GPU with ROCm: amdgpu and ROCm, with the tools that answered, instead of "no NVIDIA driver"', () => {
    const lines = explainCuda(rx7900xtxReport(), 'en');
    expect(lines.map((line) => line.key)).toEqual(['amdRocm', 'amdgpuLoaded', 'noToolkit', 'cudnn']);
    expect(lines[0]!.values).toEqual({ gpu: 'AMD Radeon RX 7900 XTX', tools: 'rocm-smi, rocm_agent_enumerator' });
    const withoutRocm = { ...rx7900xtxReport(), rocmTools: undefined, os: { ...rx7900xtxReport().os, amdgpuLoaded: false } };
    expect(explainCuda(withoutRocm, 'en').map((line) => line.key)).toEqual(['amdNoRocm', 'amdgpuNotLoaded', 'noToolkit', 'cudnn']);
  });
});
