import * as v from 'valibot';
import { listOf, row, tableHeader, text } from './tableParts.js';

/** data/cuda-errors.json: the CUDA runtime's errors, generated from the toolkit's own libcudart and cuda.h. */
export const cudaErrorTableSchema = row({
  ...tableHeader,
  errors: listOf(
    row({
      number: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9999)),
      /** cudaGetErrorName's answer: cudaErrorNoDevice. */
      runtime: v.pipe(text, v.regex(/^cuda[A-Z]\w{2,60}$/)),
      /** cuda.h's CUresult with the same number: CUDA_ERROR_NO_DEVICE. */
      driver: v.optional(v.pipe(text, v.regex(/^CUDA_(?:ERROR_)?[A-Z0-9_]{2,60}$/))),
      /** cudaGetErrorString's answer: the sentence tools print after "CUDA error:". */
      text: v.pipe(text, v.maxLength(200)),
    }),
  ),
});

export type CudaErrorTable = v.InferOutput<typeof cudaErrorTableSchema>;
