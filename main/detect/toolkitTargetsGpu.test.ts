import { describe, expect, it } from 'vitest';
import type { CudaToolkit, Gpu } from '../../shared/types/hardware.js';
import { detectText } from './detectText.js';
import { toolkitGpuFindings } from './toolkitTargetsGpu.js';

const toolkit = (version: string, active = true): CudaToolkit => ({ version, path: `/usr/local/cuda-${version.split('.').slice(0, 2).join('.')}`, active }) as CudaToolkit;
const gpu = (name: string, computeCapability: string): Gpu => ({ vendor: 'nvidia', name, computeCapability }) as Gpu;
const h100 = gpu('NVIDIA H100 80GB HBM3', '9.0');

// data/cuda-toolkits.json: 11.0.x lists capabilities up to 8.0; 11.8.0 is the first to list 9.0 (NVIDIA release
// notes; clang's MinVersionForCudaArch SM_90 -> CUDA 11.8); 12.8 is the first with 12.0 (Blackwell RTX 50).
describe('an active Toolkit that cannot compile for a GPU here', () => {
  it('Toolkit 11.0 on an H100 (sm_90) is warned about, naming 11.8, in English and Chinese', () => {
    const [finding] = toolkitGpuFindings([toolkit('11.0.3')], [h100], detectText('en'));
    expect(finding).toEqual({
      code: 'TOOLKIT_CANNOT_TARGET_GPU',
      severity: 'warning',
      message:
        'The active CUDA Toolkit 11.0.3 cannot compile for the NVIDIA H100 80GB HBM3 (compute capability 9.0, sm_90): the first Toolkit that can is 11.8. Programs you build with this nvcc get no native code for this GPU; install Toolkit 11.8 or newer for your own CUDA code (a DL Setup plan sets one up for its environment).',
    });
    expect(toolkitGpuFindings([toolkit('11.0.3')], [h100], detectText('zh-CN'))[0]?.message).toContain('最早支持它的 Toolkit 是 11.8');
  });

  it('Toolkit 11.8 on an H100 and 12.4 on an RTX 3090 fit; 11.0 on an RTX 3090 (sm_86) names 11.1', () => {
    expect(toolkitGpuFindings([toolkit('11.8.0')], [h100], detectText('en'))).toEqual([]);
    expect(toolkitGpuFindings([toolkit('12.4.1')], [gpu('NVIDIA GeForce RTX 3090', '8.6')], detectText('en'))).toEqual([]);
    // 11.0 predates Ampere consumer cards: sm_86 arrived with 11.1.
    expect(toolkitGpuFindings([toolkit('11.0.3')], [gpu('NVIDIA GeForce RTX 3090', '8.6')], detectText('en'))[0]?.message).toContain('the first Toolkit that can is 11.1');
  });

  it('only the active toolkit counts: 11.0 beside an active 12.4 says nothing', () => {
    expect(toolkitGpuFindings([toolkit('11.0.3', false), toolkit('12.4.1')], [h100], detectText('en'))).toEqual([]);
  });

  it('an older GPU than the toolkit targets is no compile problem here (that is the driver and framework side)', () => {
    expect(toolkitGpuFindings([toolkit('12.4.1')], [gpu('NVIDIA GeForce GT 1030', '6.1')], detectText('en'))).toEqual([]);
  });
});
