import * as v from 'valibot';
import { listOf, num, oneOf, row, source, tableHeader, text, texts } from './tableParts.js';

/** One row of data/gpus.json: identity (PCI ids, name patterns), architecture and the spec peaks the verify step compares against. */
export const gpuRowSchema = row({
  name: text,
  vendor: oneOf(['nvidia', 'amd', 'intel', 'apple']),
  /** Lower-case "vendor:device", e.g. "10de:2684". */
  pciIds: texts,
  /** Regular expressions, matched case-insensitively against names that tools print. */
  namePatterns: texts,
  architecture: text,
  /** NVIDIA only, e.g. "8.9". */
  computeCapability: v.optional(text),
  /** AMD only, e.g. "gfx1100". */
  gfxArch: v.optional(text),
  memoryMiB: v.optional(num),
  fp32Tflops: v.optional(num),
  /** Dense (no sparsity) tensor-core peaks. */
  tensorTflops: v.optional(row({ tf32: v.optional(num), fp16: v.optional(num), bf16: v.optional(num), fp8: v.optional(num) })),
  bandwidthGBs: v.optional(num),
  note: v.optional(text),
  source,
});

export const gpuTableSchema = row({ ...tableHeader, gpus: listOf(gpuRowSchema) });

export type GpuRow = v.InferOutput<typeof gpuRowSchema>;
export type GpuTable = v.InferOutput<typeof gpuTableSchema>;
