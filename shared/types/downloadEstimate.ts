/** Download sizes (data/download-sizes.json) and the estimate the Plan screen shows before an install. */

/** The things a plan can download (one name per install step's payload) and the measured sizes: from their schema. */
export { DOWNLOAD_COMPONENTS } from '../data/downloadSizesSchema.js';
export type { DownloadSizeRow, DownloadSizeTable } from '../data/downloadSizesSchema.js';
import type { DOWNLOAD_COMPONENTS, DownloadSizeRow } from '../data/downloadSizesSchema.js';

export type DownloadComponent = (typeof DOWNLOAD_COMPONENTS)[number];

/** The OS a size was measured on; WSL downloads the Linux payloads. */
export type DownloadOs = NonNullable<DownloadSizeRow['os']>;

export interface DownloadItem {
  /** A DownloadComponent, or the name of a combination the table cannot have (e.g. "jax-rocm-wheels"). */
  component: string;
  stepId?: string;
  /** null: no size is known for this component on this OS. */
  megabytes: number | null;
  source?: string;
}

export interface DownloadEstimate {
  /** Sum of the known items, to 0.1 MB; items in `unknown` are not included. */
  megabytes: number;
  items: DownloadItem[];
  /** Components the plan downloads whose size is not known (each listed once). */
  unknown: string[];
}
