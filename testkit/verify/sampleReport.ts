import type { VerifyReport } from '../../shared/types/verify.js';

/** A full GPU run as `dlsetup verify --json` writes it on an H200 (every optional part present), for read-back tests. */
export function sampleReport(overrides: Partial<VerifyReport> & { host?: string } = {}): VerifyReport {
  return {
    schemaVersion: 1,
    createdAt: '2026-07-03T22:11:09.916Z',
    framework: { name: 'pytorch', version: '2.5.1+cu124', build: { cuda: '12.4', cudnn: '9.1.0', rocm: null } },
    devices: [{ index: 0, name: 'NVIDIA H200', computeCapability: '9.0', memoryMiB: 143167, freeMiB: 142000 }],
    checks: [
      { id: 'gpu-available', status: 'pass', reason: '1 GPU(s) visible to PyTorch; using NVIDIA H200.', source: 'framework' },
      { id: 'conv2d-forward', status: 'pass', reason: 'conv2d forward <ok> & "fine"', metrics: { relError: 3.1e-7, device: 'cuda:0' } },
      { id: 'memory-alloc', status: 'fail', code: 'OUT_OF_MEMORY', reason: 'Allocating most of the free GPU memory failed:\n  CUDA out of memory.' },
    ],
    matmul: [
      { dtype: 'fp32', device: 'gpu', tflops: 51.208, peakTflops: 66.91, efficiency: 0.765, n: 8192, ms: 21.4, timing: 'cuda-events' },
      { dtype: 'bf16', device: 'gpu', tflops: 388.981, peakTflops: 989.4, efficiency: 0.393, n: 8192 },
    ],
    summary: { passed: 2, failed: 1, skipped: 0 },
    fingerprint: { gpus: 'NVIDIA H200', driver: '590.48.01', framework: 'pytorch', frameworkVersion: '2.5.1+cu124', frameworkCuda: '12.4', frameworkCudnn: '9.1.0', python: '3.12.3', toolkit: null },
    python: { path: '/opt/venv/bin/python', version: '3.12.3' },
    tuning: [{ id: 'tf32', label: 'TF32 for fp32 matmuls', speedup: 7.388, baselineMs: 21.4, tunedMs: 2.9, setting: 'torch.backends.cuda.matmul.allow_tf32 = True' }],
    findings: [{ code: 'LOW_MATMUL_EFFICIENCY', subject: 'matmul-bf16', message: 'bf16 matmul reached 389.0 TFLOP/s, 39 % of the spec peak.', likelyCauses: ['A power cap below the default (nvidia-smi -q -d POWER).'] }],
    bandwidth: { gbs: 3912.3, peakGBs: 4800, efficiency: 0.815 },
    spec: { name: 'H200 SXM 141GB', source: 'pci.ids; NVIDIA https://developer.nvidia.com/cuda-gpus' },
    toolkit: { nvcc: '/usr/local/cuda-12.6/bin/nvcc', version: '12.6', cudnn: null },
    advice: ['Pinned host memory speeds up host-to-device copies.'],
    warnings: [],
    durationMs: 48_210,
    quick: false,
    ...overrides,
  };
}
