/** Download sizes (data/download-sizes.json) and the estimate the Plan screen shows before an install. */

/** The things a plan can download, one name per install step's payload. */
export const DOWNLOAD_COMPONENTS = [
  'pytorch-cuda-wheels',
  'pytorch-cpu-wheel',
  'pytorch-rocm-wheels',
  'tensorflow-cuda-wheels',
  'tensorflow-cpu-wheel',
  'jax-cuda-wheels',
  'jax-cpu-wheels',
  'cuda-toolkit',
  'cudnn',
  'driver',
] as const;

export type DownloadComponent = (typeof DOWNLOAD_COMPONENTS)[number];

/** The OS a size was measured on; WSL downloads the Linux payloads. */
export type DownloadOs = 'linux' | 'windows' | 'macos';

export interface DownloadSizeRow {
  component: DownloadComponent;
  /** Absent: the size holds on every OS. */
  os?: DownloadOs;
  megabytes: number;
  /** What was measured (version, platform) and, for sums, the parts added up. */
  basis: string;
  source: string;
}

export interface DownloadSizeTable {
  reviewedAt: string;
  rows: DownloadSizeRow[];
}

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
