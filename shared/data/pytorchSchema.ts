import * as v from 'valibot';
import { keyed, listOf, oneOf, platformLimit, pythonByPlatform, pythonRange, row, source, tableHeader, text, texts } from './tableParts.js';

/** data/pytorch.json: each PyTorch release, its wheel variants (CUDA, ROCm, CPU) and where they are published. */
export const pytorchVariantSchema = row({
  /** "cu126", "rocm6.4", "cpu". */
  name: text,
  kind: oneOf(['cuda', 'rocm', 'cpu']),
  cuda: v.optional(text),
  cudnn: v.optional(text),
  rocm: v.optional(text),
  /** x86_64 list; null: not in reviewed data. */
  computeCapabilities: v.nullish(texts),
  computeCapabilitiesAarch64: v.optional(texts),
  /** PTX in this build only on these platforms (Windows wheels of CUDA 13 builds carry no PTX). */
  ptxOnlyOn: v.optional(texts),
  platforms: texts,
  archSource: text,
});

export const pytorchReleaseSchema = row({
  version: text,
  /** The newest of `patches`: what an unpinned or minor-pinned plan installs. */
  latestPatch: text,
  /** Every published version of the release, oldest first ("2.9.0", "2.9.1"). */
  patches: texts,
  /** Where the patch list comes from, when not from `source`. */
  patchSource: v.optional(text),
  pythonByPlatform: v.optional(pythonByPlatform),
  releaseDate: text,
  python: pythonRange,
  defaultPipVariant: keyed(text),
  indexFlag: oneOf(['index-url', 'extra-index-url']),
  variants: listOf(pytorchVariantSchema),
  note: v.optional(text),
  source,
});

export const rocmArchitectureSupportSchema = row({ rocmMin: text, supported: texts, unsupported: texts, note: v.optional(text), source });

export const pytorchTableSchema = row({
  ...tableHeader,
  platformLimits: v.optional(listOf(platformLimit)),
  indexUrlPattern: text,
  indexUrlSource: v.optional(source),
  platformNotes: v.optional(keyed(text)),
  rocmArchitectures: listOf(rocmArchitectureSupportSchema),
  releases: listOf(pytorchReleaseSchema),
});

export type PytorchVariant = v.InferOutput<typeof pytorchVariantSchema>;
export type PytorchRelease = v.InferOutput<typeof pytorchReleaseSchema>;
export type RocmArchitectureSupport = v.InferOutput<typeof rocmArchitectureSupportSchema>;
export type PytorchTable = v.InferOutput<typeof pytorchTableSchema>;
