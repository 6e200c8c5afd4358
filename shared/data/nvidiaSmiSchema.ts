import * as v from 'valibot';
import { driver, listOf, row, source, tableHeader, text } from './tableParts.js';

/** data/nvidia-smi.json: which `nvidia-smi --query-gpu` fields a driver's nvidia-smi knows, read off real drivers. */
export const nvidiaSmiTableSchema = row({
  ...tableHeader,
  queryGpuFields: listOf(
    row({
      field: text,
      /** The newest driver seen without the field, and the oldest seen with it. */
      lastWithout: driver,
      firstSeenWith: driver,
      /** The branch NVIDIA's notes claim it since, unchecked. */
      claimedSince: v.optional(text),
      note: v.optional(text),
      source,
    }),
  ),
});

export type NvidiaSmiTable = v.InferOutput<typeof nvidiaSmiTableSchema>;
