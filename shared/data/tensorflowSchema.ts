import * as v from 'valibot';
import { flag, keyed, listOf, platformLimit, pythonByPlatform, pythonRange, row, source, tableHeader, text, texts, wheelPlatform } from './tableParts.js';

/** data/tensorflow.json: each TensorFlow release row, the CUDA and cuDNN it was built with, and its platforms. */
export const tensorflowReleaseSchema = row({
  /** The release row: its first published version ("2.16.1"). */
  version: text,
  latestPatch: text,
  patches: texts,
  /** Where the patch list comes from, when not from `source`. */
  patchSource: v.optional(text),
  pythonByPlatform: v.optional(pythonByPlatform),
  python: pythonRange,
  cuda: text,
  cudnn: text,
  computeCapabilities: texts,
  windowsNativeGpu: flag,
  andCudaExtra: flag,
  note: v.optional(text),
  source,
});

/** A platform whose early releases shipped under another package name (Apple silicon: `tensorflow-macos` 2.5-2.12). */
export const tensorflowPackageOverrideSchema = row({
  platform: wheelPlatform,
  package: text,
  /** The newest release row installed under that name; later rows use `tensorflow`. */
  throughRelease: text,
  source,
});

export const tensorflowTableSchema = row({
  ...tableHeader,
  platformNotes: v.optional(keyed(text)),
  platformLimits: v.optional(listOf(platformLimit)),
  packageOverrides: v.optional(listOf(tensorflowPackageOverrideSchema)),
  releases: listOf(tensorflowReleaseSchema),
});

export type TensorflowRelease = v.InferOutput<typeof tensorflowReleaseSchema>;
export type TensorflowPackageOverride = v.InferOutput<typeof tensorflowPackageOverrideSchema>;
export type TensorflowTable = v.InferOutput<typeof tensorflowTableSchema>;
