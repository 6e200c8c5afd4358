import * as v from 'valibot';
import { keyed, listOf, oneOf, reviewedAt, row, source, text, texts } from './tableParts.js';

/** What the newest reviewed ROCm support list (data/pytorch.json rocmArchitectures) says of a gfx target. */
export const rocmSupportSchema = oneOf(['supported', 'unsupported', 'notListed']);

const orNull = <S extends v.GenericSchema>(schema: S) => v.nullable(schema);

/** One device as an array in `columns` order: id, chip, codename, kernel chip, gfx target, ROCm support, pci.ids names, amdgpu.ids names by revision. */
const deviceSchema = v.tuple([text, orNull(text), orNull(text), orNull(text), orNull(text), orNull(rocmSupportSchema), texts, keyed(text)], 'problem.notList');

/** data/amd-devices.json as scripts/generateAmdDevices.mjs writes it. */
export const amdDeviceTableSchema = row({
  reviewedAt,
  generatedBy: v.optional(text),
  source,
  rule: v.optional(text),
  columns: texts,
  rocmMin: text,
  rocmSupported: texts,
  rocmUnsupported: texts,
  codenames: listOf(row({ codename: text, gfxArch: text })),
  devices: listOf(deviceSchema),
});

export type RocmSupport = v.InferOutput<typeof rocmSupportSchema>;
export type AmdDeviceTable = v.InferOutput<typeof amdDeviceTableSchema>;
