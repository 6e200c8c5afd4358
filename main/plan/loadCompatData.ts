import { loadDataTable } from '../data/loadDataTable.js';
import { COMPAT_TABLES, type CompatData } from '../../shared/plan/compatData.js';

let cached: CompatData | undefined;

/** Loads every compatibility table from data/ once per process (the resolver caches work per CompatData object). */
export function loadCompatData(): CompatData {
  cached ??= {
    gpus: loadDataTable(COMPAT_TABLES.gpus),
    cudaToolkits: loadDataTable(COMPAT_TABLES.cudaToolkits),
    architectures: loadDataTable(COMPAT_TABLES.architectures),
    driverBranches: loadDataTable(COMPAT_TABLES.driverBranches),
    pytorch: loadDataTable(COMPAT_TABLES.pytorch),
    tensorflow: loadDataTable(COMPAT_TABLES.tensorflow),
    jax: loadDataTable(COMPAT_TABLES.jax),
    cudnn: loadDataTable(COMPAT_TABLES.cudnn),
    installSources: loadDataTable(COMPAT_TABLES.installSources),
  };
  return cached;
}
