import * as v from 'valibot';
import { keyed, listOf, oneOf, reviewedAt, row, source, text, texts } from './tableParts.js';

/** NVIDIA's open kernel modules for a GPU: the only driver, a choice, or not possible. */
export const openKernelModulesSchema = oneOf(['required', 'supported', 'unsupported']);

const orNull = <S extends v.GenericSchema>(schema: S) => v.nullable(schema);

/** One device as an array in `columns` order: id, chip, names, architecture, compute capability, branches, open modules. */
const deviceSchema = v.tuple(
  [text, text, texts, orNull(text), orNull(text), orNull(text), orNull(text), orNull(openKernelModulesSchema)],
  'problem.notList',
);

/** data/nvidia-devices.json as scripts/generateNvidiaDevices.mjs writes it: one array per device, in `columns` order. */
export const nvidiaDeviceTableSchema = row({
  reviewedAt,
  generatedBy: v.optional(text),
  source,
  rule: v.optional(text),
  columns: texts,
  families: listOf(row({ chips: texts, architecture: text, computeCapability: text })),
  prefixes: keyed(text),
  openKernelModules: row({ supportedFrom: texts, requiredArchitectures: texts, requiredProducts: texts }),
  lastDriverBranch: keyed(text),
  devices: listOf(deviceSchema),
});

export type OpenKernelModules = v.InferOutput<typeof openKernelModulesSchema>;
export type NvidiaDeviceTable = v.InferOutput<typeof nvidiaDeviceTableSchema>;
