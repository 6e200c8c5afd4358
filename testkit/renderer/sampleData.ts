/** Small inline samples in the shape the services return, with real values (RTX 4090 on driver 535.86.05, CUDA 13.0 Toolkit). */
import type { HardwareReport } from '../../shared/types/hardware.js';
import type { Plan } from '../../shared/types/plan.js';
import type { VerifyReport } from '../../shared/types/verify.js';

export function rtx4090Report(): HardwareReport {
  return {
    os: {
      platform: 'linux', distro: 'Ubuntu', version: '22.04', kernel: '6.5.0', arch: 'x86_64', wsl: false, container: false,
      packageManager: 'apt', secureBoot: 'enabled', nouveauLoaded: false, disks: [{ path: '/home', freeBytes: 120 * 1024 ** 3, totalBytes: 500 * 1024 ** 3 }],
    },
    cpu: { model: 'AMD Ryzen 9 7950X', cores: 16, memoryBytes: 64 * 1024 ** 3 },
    gpus: [{
      vendor: 'nvidia', name: 'NVIDIA GeForce RTX 4090', busId: '00000000:01:00.0', computeCapability: '8.9', memoryMiB: 24564,
      driverVersion: '535.86.05', architecture: 'Ada Lovelace',
      spec: { fp32Tflops: 82.58, tensorTflops: { fp16: 165.15, bf16: 165.15 }, bandwidthGBs: 1008, memoryMiB: 24564, source: 'data/gpus.json' },
    }],
    displayAdapters: [],
    driver: { version: '535.86.05', cudaVersion: '12.2', source: 'nvidia-smi' },
    cudaToolkits: [
      { version: '12.1', path: '/usr/local/cuda-12.1', active: false, source: 'dir' },
      { version: '13.0', path: '/usr/local/cuda-13.0', active: true, nvccRuns: true, source: 'symlink' },
    ],
    cudnn: [],
    pythons: [{ path: '/usr/bin/python3', version: '3.11.2', kind: 'system', packages: { torch: '1.13.1' } }],
    findings: [{ code: 'TOOLKIT_NEWER_THAN_DRIVER', message: 'CUDA Toolkit 13.0 is newer than the CUDA 12.2 driver 535.86.05 supports.', severity: 'warning' }],
    warnings: [],
    durationMs: 84,
    // As detection words it (shared/cuda/explainCudaFit): the screens say the verdict again in their own language.
    cudaSummary: { driverCuda: '12.2', toolkit: '13.0', compatible: false, message: '', fit: { kind: 'tooNew', toolkit: '13.0', driverCuda: '12.2' } },
  };
}

/** An AMD RX 7900 XTX (gfx1100) with ROCm installed and no NVIDIA GPU, as detection reports it (fixtures/rocm-smi shapes). */
export function rx7900xtxReport(): HardwareReport {
  const base = rtx4090Report();
  return {
    ...base,
    os: { ...base.os, secureBoot: 'disabled', amdgpuLoaded: true },
    gpus: [{ vendor: 'amd', name: 'AMD Radeon RX 7900 XTX', pciId: '1002:744c', gfxArch: 'gfx1100', memoryMiB: 24560, source: 'pci' }],
    driver: null,
    cudaToolkits: [],
    findings: [],
    cudaSummary: { driverCuda: null, toolkit: null, compatible: null, message: '' },
    rocmTools: ['rocm-smi', 'rocm_agent_enumerator'],
  };
}

export function pytorchPlan(overrides: Partial<Plan> = {}): Plan {
  return {
    status: 'ok',
    request: { framework: 'pytorch' },
    profile: { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', computeCapability: '8.9', driverVersion: '535.86.05' },
    method: 'wheels',
    framework: { name: 'pytorch', version: '2.5.1', variant: 'cu121', indexUrl: 'https://download.pytorch.org/whl/cu121', cuda: '12.1', cudnn: '9.1.0', packages: ['torch==2.5.1'] },
    python: { version: '3.12' },
    driver: { action: 'keep', current: '535.86.05', minimum: '525.60.13' },
    cudaToolkit: { action: 'none' },
    cudnn: { action: 'bundled', version: '9.1.0' },
    steps: [
      { id: 'python-env', kind: 'python-env', title: 'Create a Python 3.12 environment', elevated: false, params: { path: '/home/me/dlsetup-env', python: '3.12' } },
      { id: 'framework', kind: 'framework', title: 'Install PyTorch 2.5.1 (cu121)', elevated: false, params: { packages: ['torch==2.5.1'], indexUrl: 'https://download.pytorch.org/whl/cu121' } },
    ],
    reasons: ['Driver 535.86.05 runs CUDA 12.2, so the cu121 build fits.'],
    warnings: [],
    blockers: [],
    ...overrides,
  };
}

export function verifyReport(overrides: Partial<VerifyReport> = {}): VerifyReport {
  return {
    framework: { name: 'pytorch', version: '2.5.1+cu121', build: { cuda: '12.1', cudnn: '90100' } },
    devices: [{ name: 'NVIDIA GeForce RTX 4090', computeCapability: '8.9', memoryMiB: 24564 }],
    checks: [
      { id: 'gpu-available', status: 'pass' },
      { id: 'matmul-correctness', status: 'pass', reason: 'max relative error 2.1e-6' },
      { id: 'cudnn', status: 'pass', reason: 'cuDNN 90100' },
      { id: 'conv2d-forward', status: 'pass' },
    ],
    matmul: [
      { dtype: 'fp32', tflops: 71.2, peakTflops: 82.58, efficiency: 0.862, device: 'gpu' },
      { dtype: 'bf16', tflops: 148.3, peakTflops: 165.15, efficiency: 0.898, device: 'gpu' },
    ],
    summary: { passed: 4, failed: 0, skipped: 0 },
    createdAt: '2026-12-03T10:00:00.000Z',
    fingerprint: { gpus: 'NVIDIA GeForce RTX 4090', driver: '535.86.05', framework: 'pytorch 2.5.1+cu121' },
    tuning: [{ id: 'tf32', label: 'TF32 matmul', speedup: 2.31, setting: 'torch.backends.cuda.matmul.allow_tf32 = True' }],
    ...overrides,
  };
}
