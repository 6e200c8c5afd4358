import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diagnoseCudaRuntimeError, runToolkitCheck } from './runToolkitCheck.js';

const NVCC = '/usr/local/cuda-13.0/bin/nvcc';
const hasNvcc = existsSync(NVCC);

describe('runToolkitCheck', () => {
  it.skipIf(!hasNvcc)('with CUDA 13.0 and no driver: compile passes, run fails with DRIVER_NOT_LOADED', async () => {
    const result = await runToolkitCheck({ nvcc: NVCC });
    expect(result.version).toBe('13.0.88');
    const compile = result.checks.find((check) => check.id === 'toolkit-compile');
    expect(compile).toMatchObject({ status: 'pass', source: 'toolkit' });
    expect(compile?.reason).toContain('nvcc 13.0.88 compiled');
    const run = result.checks.find((check) => check.id === 'toolkit-run');
    expect(run).toMatchObject({ status: 'fail', code: 'DRIVER_NOT_LOADED' });
    // The real CUDA runtime text, as the program printed it on this driverless machine.
    expect(run?.reason).toContain('cudaErrorInsufficientDriver: "CUDA driver version is insufficient for CUDA runtime version"');
    expect(run?.metrics).toMatchObject({ driverVersion: 0, runtimeVersion: 13000 });
    expect(result.driverCuda).toBeNull();
    expect(result.checks.find((check) => check.id === 'toolkit-cudnn')).toMatchObject({ status: 'skip' });
  });

  it('without nvcc: a failed compile check that says what to install', async () => {
    const result = await runToolkitCheck({ nvcc: '/nonexistent/cuda/bin/nvcc' });
    expect(result.checks.map((check) => [check.id, check.status, check.code])).toEqual([
      ['toolkit-compile', 'fail', 'NVCC_NOT_FOUND'],
      ['toolkit-run', 'skip', undefined],
    ]);
    expect(result.checks[0]?.reason).toContain('install the CUDA Toolkit');
  });
});

describe('diagnoseCudaRuntimeError', () => {
  it.each([
    ['cudaErrorInsufficientDriver', 0, 'DRIVER_NOT_LOADED'],
    ['cudaErrorInsufficientDriver', 12040, 'DRIVER_TOO_OLD'],
    ['cudaErrorNoDevice', 12040, 'NO_DEVICES_FOUND'],
    ['cudaErrorNoKernelImageForDevice', 13000, 'NO_KERNEL_IMAGE'],
    ['cudaErrorUnsupportedPtxVersion', 12020, 'PTX_TOO_NEW'],
    ['cudaErrorMemoryAllocation', 13000, 'OUT_OF_MEMORY'],
    ['cudaErrorSystemDriverMismatch', 13000, 'DRIVER_NOT_LOADED'],
    ['cudaErrorLaunchFailure', 13000, undefined],
  ])('%s with driver CUDA %i -> %s', (name, driver, code) => {
    expect(diagnoseCudaRuntimeError(name, 'message', driver, 13000).code).toBe(code);
  });

  it('names both CUDA versions when the driver is too old', () => {
    expect(diagnoseCudaRuntimeError('cudaErrorInsufficientDriver', 'x', 12040, 13000).reason).toContain('supports CUDA 12.4, older than the CUDA 13.0 toolkit');
  });
});
