import * as v from 'valibot';
import { flag, listOf, oneOf, row, source, tableHeader, text } from './tableParts.js';

/** pip >= 25.3 resolves a dry run from this metadata alone; without it, pip downloads whole wheels to resolve. */
export const coreMetadataServedSchema = row({ served: flag, source });

export const mirrorFilePrefixSchema = row({ from: text, to: text, source });

/** One row of data/mirrors.json: the Choose screen's lists and the install engine's mirror ids. */
export const mirrorPresetSchema = row({
  id: text,
  name: text,
  /** PEP 503 simple index for PyPI packages. */
  pypiIndexUrl: v.optional(text),
  /** PyTorch wheels: `index` is a PEP 503 index per variant, `find-links` a flat page per variant. */
  pytorch: v.optional(row({ style: oneOf(['index', 'find-links']), baseUrl: text })),
  /** Plans name this mirror by its URL: the engine (and `--pypi-mirror`) accepts only the other rows' ids. */
  planCarriesUrl: v.optional(flag),
  /** Where this mirror keeps the same files as PyPI or download.pytorch.org: an official URL prefix and this mirror's. */
  files: v.optional(listOf(mirrorFilePrefixSchema)),
  /** Whether each of its indexes publishes wheel core metadata (PEP 658 / PEP 714); unknown is recorded as false. */
  coreMetadata: v.optional(row({ pypi: v.optional(coreMetadataServedSchema), pytorch: v.optional(coreMetadataServedSchema) })),
  note: v.optional(text),
  source,
});

export const mirrorTableSchema = row({
  ...tableHeader,
  filesNote: v.optional(text),
  coreMetadataNote: v.optional(text),
  mirrors: listOf(mirrorPresetSchema),
});

export type CoreMetadataServed = v.InferOutput<typeof coreMetadataServedSchema>;
export type MirrorFilePrefix = v.InferOutput<typeof mirrorFilePrefixSchema>;
export type MirrorPreset = v.InferOutput<typeof mirrorPresetSchema>;
export type MirrorTable = v.InferOutput<typeof mirrorTableSchema>;
