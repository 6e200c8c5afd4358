import * as v from 'valibot';
import { keyed, listOf, oneOf, row, source, tableHeader, text, texts } from './tableParts.js';

/** One row of data/gpu-architectures.json. */
export const gpuArchitectureSchema = row({
  name: text,
  computeCapabilities: texts,
  lastCuda: v.optional(text),
  lastCudaByCapability: v.optional(keyed(text)),
  /** The last driver branch that supports the architecture; null while it is current. */
  lastDriverBranch: v.nullable(text),
  firstDriver: v.optional(row({ linux: text, windows: text, note: v.optional(text) })),
  /** 'required' when only NVIDIA's open kernel modules drive the architecture (data/nvidia-devices.json agrees). */
  openKernelModules: v.optional(oneOf(['required'])),
  examples: texts,
  note: v.optional(text),
  source,
});

export const gpuArchitectureTableSchema = row({ ...tableHeader, architectures: listOf(gpuArchitectureSchema) });

export type GpuArchitecture = v.InferOutput<typeof gpuArchitectureSchema>;
export type GpuArchitectureTable = v.InferOutput<typeof gpuArchitectureTableSchema>;
