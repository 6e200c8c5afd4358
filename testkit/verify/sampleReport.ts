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

/**
 * A passing RTX 4090 report for the e2e suite and docs/screenshots, where no GPU is lent: the peaks are NVIDIA's
 * (data/gpus.json, Ada whitepaper), the achieved figures are typical shares of them, and `sample` says so on screen.
 */
export function samplePassingRtx4090Report(): VerifyReport {
  const check = (id: string, reason: string, metrics?: Record<string, number | string>) => ({ id, status: 'pass' as const, reason, source: 'framework' as const, ...(metrics ? { metrics } : {}) });
  const checks = [
    check('framework-present', 'pytorch is installed.'),
    check('gpu-available', '1 GPU(s) visible to PyTorch; using NVIDIA GeForce RTX 4090.', { count: 1 }),
    check('kernel-launch', 'A small elementwise kernel ran on NVIDIA GeForce RTX 4090.'),
    check('matmul-correctness', 'fp32 512x512 matmul on the GPU vs a float64 CPU reference: relative error 2.80e-07 (bound 1e-04).', { relError: 2.8e-7, bound: 1e-4 }),
    check('matmul-fp32', 'fp32 matmul 8192x8192: 68.5 TFLOP/s.', { tflops: 68.5, n: 8192 }),
    check('matmul-tf32', 'tf32 matmul 8192x8192: 74.3 TFLOP/s.', { tflops: 74.3, n: 8192 }),
    check('matmul-fp16', 'fp16 matmul 8192x8192: 152.8 TFLOP/s.', { tflops: 152.8, n: 8192 }),
    check('matmul-bf16', 'bf16 matmul 8192x8192: 151.0 TFLOP/s.', { tflops: 151, n: 8192 }),
    check('cudnn', 'cuDNN 9.1.0 is available.', { version: '9.1.0' }),
    check('conv2d-forward', 'conv2d forward on the GPU vs a float64 CPU reference: relative error 3.10e-07 (bound 1e-03).', { relError: 3.1e-7, bound: 1e-3 }),
    check('conv2d-backward', 'conv2d backward (input and weight gradients) vs a float64 CPU reference: relative error 4.20e-07 (bound 1e-03).', { relError: 4.2e-7, bound: 1e-3 }),
    check('memory-alloc', 'Allocated 18.4 GiB (80 % of the 23.0 GiB free) and gave it back.', { allocatedGiB: 18.4, freeGiB: 23 }),
    check('memory-bandwidth', 'Device-to-device copy of 1024 MiB: 912 GB/s.', { gbs: 912.4, bytes: 1073741824 }),
  ];
  const mm = (dtype: string, tflops: number, peakTflops: number) => ({ dtype, device: 'gpu' as const, tflops, peakTflops, efficiency: Math.round((tflops / peakTflops) * 1000) / 1000, n: 8192, timing: 'cuda-events' });
  return {
    schemaVersion: 1,
    createdAt: '2026-12-02T09:30:00.000Z',
    framework: { name: 'pytorch', version: '2.5.1+cu124', build: { cuda: '12.4', cudnn: '9.1.0', rocm: null } },
    devices: [{ index: 0, name: 'NVIDIA GeForce RTX 4090', computeCapability: '8.9', memoryMiB: 24564, freeMiB: 23500 }],
    checks,
    matmul: [mm('fp32', 68.5, 82.58), mm('tf32', 74.3, 82.6), mm('fp16', 152.8, 165.2), mm('bf16', 151, 165.2)],
    summary: { passed: checks.length, failed: 0, skipped: 0 },
    fingerprint: { gpus: 'NVIDIA GeForce RTX 4090', driver: '550.54.15', framework: 'pytorch', frameworkVersion: '2.5.1+cu124', frameworkCuda: '12.4', frameworkCudnn: '9.1.0', python: '3.12.3', toolkit: null },
    python: { path: '/home/student/.local/share/dlsetup/envs/pytorch/bin/python', version: '3.12.3' },
    tuning: [
      { id: 'tf32', label: 'TF32 for fp32 matmuls', speedup: 1.085, baselineMs: 16.05, tunedMs: 14.8, setting: 'torch.backends.cuda.matmul.allow_tf32 = True' },
      { id: 'cudnn-benchmark', label: 'cudnn.benchmark for fixed-size convolutions', speedup: 1.31, baselineMs: 2.1, tunedMs: 1.6, setting: 'torch.backends.cudnn.benchmark = True' },
      { id: 'bf16-autocast', label: 'bf16 autocast (mixed precision) for training', speedup: 2.2, baselineMs: 11.2, tunedMs: 5.1, setting: "with torch.autocast('cuda', dtype=torch.bfloat16): ..." },
      { id: 'fp16-autocast', label: 'fp16 autocast (mixed precision) for training', speedup: 2.25, baselineMs: 11.2, tunedMs: 4.98, setting: "with torch.autocast('cuda', dtype=torch.float16): ..." },
      { id: 'pinned-copy', label: 'pinned host memory for copies to the GPU', speedup: 2.0, baselineMs: 22.4, tunedMs: 11.2, setting: "DataLoader(..., pin_memory=True); batch.to('cuda', non_blocking=True)" },
    ],
    findings: [],
    bandwidth: { gbs: 912.4, peakGBs: 1008, efficiency: 0.905 },
    spec: { name: 'GeForce RTX 4090', source: 'NVIDIA Ada GPU Architecture whitepaper (data/gpus.json)' },
    toolkit: null,
    advice: [],
    warnings: [],
    durationMs: 41_000,
    quick: false,
    sample: { basis: 'RTX 4090 peaks from NVIDIA’s Ada whitepaper (data/gpus.json); the achieved figures are typical shares of them, for illustration.' },
  };
}
