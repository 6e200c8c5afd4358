/*
 * "Not defined" architectures read both ways; data/cuda-toolkits.json decides. Expected from that table (CUDA release
 * notes) before the code: 10.x builds 3.0-7.5, 11.0-11.8 3.5-9.0 (11.8), 12.0-12.9 5.0-12.1, 13.x 7.5-12.1. So sm_30 was
 * last built by 10.2, sm_35 by 11.8, sm_70 by 12.9; sm_121 is too new for an old ptxas, and sm_90 for 11.7 (3.5-8.7).
 */
import { describe, expect, it } from 'vitest';
import { architectureDirection } from './architectureDirection.js';
import { diagnoseText } from './diagnoseText.js';

describe('which way an unknown GPU architecture points', () => {
  it.each([
    ['sm_30', '', { direction: 'removed', lastToolkit: '10.2' }],
    ['compute_35', '', { direction: 'removed', lastToolkit: '11.8' }],
    ['sm_121a', '', { direction: 'tooNew' }],
    ['sm_70', 'Cuda compilation tools, release 13.0, V13.0.88', { direction: 'removed', lastToolkit: '12.9' }],
    ['sm_90', 'Cuda compilation tools, release 11.7, V11.7.99', { direction: 'tooNew' }],
  ] as const)('%s %s', (arch, text, expected) => {
    expect(architectureDirection(arch, text)).toEqual(expected);
  });

  it('ptxas refusing sm_30 is a Toolkit that dropped it, with what to do (en, zh-CN)', () => {
    const text = "    ptxas fatal   : Value 'sm_30' is not defined for option 'gpu-name'";
    const en = diagnoseText(text).diagnoses[0]!;
    expect(en.code).toBe('NVCC_ARCH_UNSUPPORTED');
    expect(en.title).toBe('This CUDA Toolkit no longer builds for GPU architecture sm_30');
    expect(en.fixes.join('\n')).toContain('CUDA 10.2 is the last that supports it');
    expect(en.fixes.join('\n')).not.toContain('new enough');
    const zh = diagnoseText(text, { locale: 'zh-CN' }).diagnoses[0]!;
    expect(zh.title).toBe('这个 CUDA 工具包已不再支持 GPU 架构 sm_30');
  });

  it('ptxas refusing sm_121a stays a ptxas older than the GPU; nvcc refusing compute_120 asks for a newer Toolkit', () => {
    expect(diagnoseText("ptxas fatal   : Value 'sm_121a' is not defined for option 'gpu-name'").diagnoses[0]!.code).toBe('PTXAS_TOO_OLD');
    const nvcc = diagnoseText("nvcc fatal   : Unsupported gpu architecture 'compute_120'").diagnoses[0]!;
    expect(nvcc.title).toBe('This CUDA Toolkit is too old for GPU architecture compute_120');
    expect(nvcc.fixes.join('\n')).toContain('Install a CUDA Toolkit new enough for compute_120');
  });
});
