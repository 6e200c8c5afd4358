import { loadDataTable } from '../data/loadDataTable.js';
import { downloadSizeTableSchema } from '../../shared/data/downloadSizesSchema.js';
import type { DownloadSizeTable } from '../../shared/types/downloadEstimate.js';

/** The sourced download sizes the Plan screen's estimate uses (data/download-sizes.json), read once per process. */
export function loadDownloadSizes(): DownloadSizeTable {
  return loadDataTable('download-sizes', downloadSizeTableSchema);
}
