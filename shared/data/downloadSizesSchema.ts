import * as v from 'valibot';
import type { FrameworkDownloads } from '../frameworks/frameworkSpec.js';
import { FRAMEWORK_IDS, FRAMEWORK_SPECS, type Framework } from '../frameworks/registry.js';
import { listOf, num, oneOf, row, source, tableHeader, text } from './tableParts.js';

type FrameworkComponent = (typeof FRAMEWORK_SPECS)[Framework]['downloads'][keyof FrameworkDownloads];
type DownloadComponentName = FrameworkComponent | 'cuda-toolkit' | 'cudnn' | 'driver';

/** The things a plan can download, one name per install step's payload: each framework's wheels (its spec names them), then the system parts. */
export const DOWNLOAD_COMPONENTS = [
  ...FRAMEWORK_IDS.flatMap((id) => [FRAMEWORK_SPECS[id].downloads.cuda, FRAMEWORK_SPECS[id].downloads.cpu, FRAMEWORK_SPECS[id].downloads.rocm]),
  'cuda-toolkit',
  'cudnn',
  'driver',
] as readonly DownloadComponentName[] as readonly [DownloadComponentName, ...DownloadComponentName[]];

/** One measured size of data/download-sizes.json. */
export const downloadSizeRowSchema = row({
  component: oneOf(DOWNLOAD_COMPONENTS),
  /** The OS a size was measured on (WSL downloads the Linux payloads); absent: the size holds on every OS. */
  os: v.optional(oneOf(['linux', 'windows', 'macos'])),
  megabytes: num,
  /** The exact release measured (torch "2.7.1", CUDA Toolkit "12.6.3", cuDNN "9"): a plan of any other release gets no size from this row. */
  release: text,
  /** The framework build measured, as plans name it ("cu126", "cuda12", "cpu"); absent for system components. */
  variant: v.optional(text),
  /** What was measured (version, platform) and, for sums, the parts added up. */
  basis: text,
  source,
});

export const downloadSizeTableSchema = row({ ...tableHeader, rows: listOf(downloadSizeRowSchema) });

export type DownloadSizeRow = v.InferOutput<typeof downloadSizeRowSchema>;
export type DownloadSizeTable = v.InferOutput<typeof downloadSizeTableSchema>;
