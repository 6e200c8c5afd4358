import * as v from 'valibot';
import { driver, listOf, num, row, source, tableHeader, text, texts } from './tableParts.js';

/** data/cuda-toolkits.json: each CUDA Toolkit release, its driver floors and kernels, and minor-version compatibility. */
export const cudaMinorCompatSchema = row({
  cudaMajor: num,
  /** null: no minor-version compatibility (CUDA 10 and older). */
  linux: v.nullable(driver),
  windows: v.nullable(driver),
  note: v.optional(text),
  source,
});

export const cudaToolkitReleaseSchema = row({
  version: text,
  label: text,
  driverLinux: v.nullable(driver),
  driverWindows: v.nullable(driver),
  computeCapabilities: texts,
  confidence: text,
  note: v.optional(text),
  source,
});

export const cudaToolkitTableSchema = row({
  ...tableHeader,
  minorVersionCompatibility: listOf(cudaMinorCompatSchema),
  /** The oldest series NVIDIA's apt repository for a distro carries ("ubuntu2204": "11.7"); older ones come from the runfile. */
  repositories: v.optional(listOf(row({ repo: text, firstSeries: text, source }))),
  releases: listOf(cudaToolkitReleaseSchema),
});

export type CudaMinorCompat = v.InferOutput<typeof cudaMinorCompatSchema>;
export type CudaToolkitRelease = v.InferOutput<typeof cudaToolkitReleaseSchema>;
export type CudaToolkitTable = v.InferOutput<typeof cudaToolkitTableSchema>;
