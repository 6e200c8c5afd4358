import { loadDataTable } from '../data/loadDataTable.js';
import { cudaToolkitTableSchema } from '../../shared/data/cudaToolkitsSchema.js';
import { cudnnTableSchema } from '../../shared/data/cudnnSchema.js';
import { distroPythonTableSchema } from '../../shared/data/distroPythonsSchema.js';
import { driverBranchTableSchema } from '../../shared/data/driverBranchesSchema.js';
import { gpuArchitectureTableSchema } from '../../shared/data/gpuArchitecturesSchema.js';
import { gpuTableSchema } from '../../shared/data/gpusSchema.js';
import { installSourcesTableSchema } from '../../shared/data/installSourcesSchema.js';
import { FRAMEWORK_IDS, frameworkSpec, type FrameworkTables } from '../../shared/frameworks/registry.js';
import { COMPAT_TABLES, type CompatData } from '../../shared/plan/compatData.js';

/** Each framework's table, named and checked by its spec. */
function loadFrameworkTables(): FrameworkTables {
  const tables = FRAMEWORK_IDS.map((id) => [id, loadDataTable(frameworkSpec(id).dataTable, frameworkSpec(id).tableSchema)] as const);
  // Invariant: each entry was checked by its own framework's schema, so the record holds every framework's own table type.
  return Object.fromEntries(tables) as FrameworkTables;
}

let cached: CompatData | undefined;

/** Loads every compatibility table from data/ once per process (the resolver caches work per CompatData object). */
export function loadCompatData(): CompatData {
  cached ??= {
    ...loadFrameworkTables(),
    gpus: loadDataTable(COMPAT_TABLES.gpus, gpuTableSchema),
    cudaToolkits: loadDataTable(COMPAT_TABLES.cudaToolkits, cudaToolkitTableSchema),
    architectures: loadDataTable(COMPAT_TABLES.architectures, gpuArchitectureTableSchema),
    driverBranches: loadDataTable(COMPAT_TABLES.driverBranches, driverBranchTableSchema),
    cudnn: loadDataTable(COMPAT_TABLES.cudnn, cudnnTableSchema),
    installSources: loadDataTable(COMPAT_TABLES.installSources, installSourcesTableSchema),
    distroPythons: loadDataTable(COMPAT_TABLES.distroPythons, distroPythonTableSchema),
  };
  return cached;
}
