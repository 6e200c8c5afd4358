import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CUDA_ERRORS_CAPTURE, cudaErrorsTable } from '../scripts/generateCudaErrors.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const table = JSON.parse(readFileSync(path.join(root, 'data/cuda-errors.json'), 'utf8')) as ReturnType<typeof cudaErrorsTable>;
const errors = JSON.parse(readFileSync(path.join(root, 'data/errors.json'), 'utf8')) as { entries: { code: string; cudaErrors?: string[] }[] };

describe('data/cuda-errors.json', () => {
  it("is what its capture of CUDA 13.0's libcudart and cuda.h gives (node scripts/generateCudaErrors.mjs rewrites it)", () => {
    expect(table).toEqual(cudaErrorsTable(readFileSync(path.join(root, CUDA_ERRORS_CAPTURE), 'utf8')));
  });

  // Written from NVIDIA's CUDA Runtime API reference (cudaError enum) and Driver API reference (CUresult) first.
  it.each([
    [100, 'cudaErrorNoDevice', 'CUDA_ERROR_NO_DEVICE', 'no CUDA-capable device is detected'],
    [209, 'cudaErrorNoKernelImageForDevice', 'CUDA_ERROR_NO_BINARY_FOR_GPU', 'no kernel image is available for execution on the device'],
    [222, 'cudaErrorUnsupportedPtxVersion', 'CUDA_ERROR_UNSUPPORTED_PTX_VERSION', 'the provided PTX was compiled with an unsupported toolchain.'],
    [802, 'cudaErrorSystemNotReady', 'CUDA_ERROR_SYSTEM_NOT_READY', 'system not yet initialized'],
    [999, 'cudaErrorUnknown', 'CUDA_ERROR_UNKNOWN', 'unknown error'],
  ])('%i is %s (%s): %j', (number, runtime, driver, text) => {
    expect(table.errors.find((error) => error.number === number)).toEqual({ number, runtime, driver, text });
  });

  it('has the runtime API\'s 130-odd errors, and 35 (insufficient driver) has no driver-API twin', () => {
    expect(table.errors.length).toBeGreaterThan(120);
    expect(table.errors.find((error) => error.number === 35)).toEqual({ number: 35, runtime: 'cudaErrorInsufficientDriver', text: 'CUDA driver version is insufficient for CUDA runtime version' });
  });

  it('every CUDA error a family of data/errors.json names is in the table, and none is claimed by two families', () => {
    const claimed = errors.entries.flatMap((entry) => (entry.cudaErrors ?? []).map((name) => ({ name, code: entry.code })));
    expect(claimed.filter(({ name }) => !table.errors.some((error) => error.runtime === name))).toEqual([]);
    expect(claimed.length).toBe(new Set(claimed.map(({ name }) => name)).size);
  });
});
