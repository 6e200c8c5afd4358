import * as v from 'valibot';
import { keyed, listOf, row, source, tableHeader, text, texts } from './tableParts.js';

/** data/cudnn.json: cuDNN's support matrices, as each release's page words them. */
export const cudnnReleaseSchema = row({
  version: text,
  cudaMajors: texts,
  /** The matrix's CUDA column as printed: a driver note per CUDA version ("11.0": "r450"), or the versions per major. */
  cudaSupported: v.nullable(keyed(v.union([text, texts], 'problem.notText'))),
  /** The matrix's driver column: a sentence, or the floors per CUDA series. */
  driver: v.nullable(v.union([text, keyed(row({ linux: v.nullable(text), windows: v.nullable(text) }))], 'problem.notText')),
  computeCapabilities: v.nullable(text),
  /** The lowest compute capability the row's matrix lists, per CUDA major of the package ("11": "5.0"). */
  minComputeCapability: v.optional(keyed(text)),
  confidence: text,
  note: v.optional(text),
  source,
});

export const cudnnTableSchema = row({ ...tableHeader, releases: listOf(cudnnReleaseSchema) });

export type CudnnRelease = v.InferOutput<typeof cudnnReleaseSchema>;
export type CudnnTable = v.InferOutput<typeof cudnnTableSchema>;
