/*
 * A CUDA error in whichever form a tool printed it (issue 31, item 1): the families name CUDA runtime errors
 * (data/errors.json's cudaErrors) and data/cuda-errors.json, generated from CUDA 13.0's libcudart and cuda.h, gives each
 * its runtime name, driver-API name and sentence. The forms below are the tools' own print formats: cupy's
 * CUDARuntimeError, numba's CudaAPIError, JAX/XLA's driver-API name, PyTorch's "CUDA error:", Caffe's CHECK and the
 * CUDA samples' helper_cuda.h.
 */
import { describe, expect, it } from 'vitest';
import { cudaErrorTableSchema } from '../../shared/data/cudaErrorsSchema.js';
import { knowledgeTableSchema } from '../../shared/data/errorsSchema.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { cudaErrorPatterns } from './cudaErrorPatterns.js';
import { diagnoseText } from './diagnoseText.js';

const cuda = loadDataTable('cuda-errors', cudaErrorTableSchema);
const claimed = loadDataTable('errors', knowledgeTableSchema).entries.flatMap((entry) =>
  (entry.cudaErrors ?? []).map((name) => ({ code: entry.code, error: cuda.errors.find((row) => row.runtime === name)! })),
);

const forms = ({ number, runtime, driver, text }: (typeof cuda.errors)[number]) => [
  `cupy_backends.cuda.api.runtime.CUDARuntimeError: ${runtime}: ${text}`,
  `RuntimeError: CUDA error: ${text}\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.`,
  `F1205 10:00:00.000000 1234 common.cpp:152] Check failed: error == cudaSuccess (${number} vs. 0)  ${text}`,
  `CUDA error at ../../Common/helper_cuda.h:791 code=${number}(${runtime}) "cudaGetDeviceCount(&device_count)"`,
  ...(driver ? [`numba.cuda.cudadrv.driver.CudaAPIError: [${number}] Call to cuInit results in ${driver}`, `jaxlib.xla_extension.XlaRuntimeError: INTERNAL: ${driver}: ${text}`] : []),
];

describe('a CUDA error in every form tools print it raises its family, first', () => {
  it.each(claimed.flatMap(({ code, error }) => forms(error).map((text) => [code, text] as const)))("%s first ← %s", (code, text) => {
    expect(diagnoseText(text).diagnoses[0]?.code).toBe(code);
  });

  it('a sentence that says nothing alone ("unknown error") needs CUDA beside it', () => {
    expect(diagnoseText('Error: unknown error while reading the config').diagnoses).toEqual([]);
    expect(diagnoseText('RuntimeError: CUDA error: unknown error').diagnoses[0]?.code).toBe('CUDA_INIT_UNKNOWN_ERROR');
  });

  it('refuses a family that names an error CUDA does not have', () => {
    expect(() => cudaErrorPatterns(['cudaErrorNoSuchThing'])).toThrow(/cudaErrorNoSuchThing is not a CUDA runtime error/);
  });
});
