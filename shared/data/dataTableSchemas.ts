import type * as v from 'valibot';
import { FRAMEWORK_IDS, FRAMEWORK_SPECS } from '../frameworks/registry.js';
import { amdDeviceTableSchema } from './amdDevicesSchema.js';
import { cudaErrorTableSchema } from './cudaErrorsSchema.js';
import { cudaToolkitTableSchema } from './cudaToolkitsSchema.js';
import { cudnnTableSchema } from './cudnnSchema.js';
import { distroPythonTableSchema } from './distroPythonsSchema.js';
import { downloadSizeTableSchema } from './downloadSizesSchema.js';
import { driverBranchTableSchema } from './driverBranchesSchema.js';
import { errorResemblanceTableSchema } from './errorResemblanceSchema.js';
import { knowledgeTableSchema } from './errorsSchema.js';
import { gpuArchitectureTableSchema } from './gpuArchitecturesSchema.js';
import { gpuTableSchema } from './gpusSchema.js';
import { cudaKeyringTableSchema, installSourcesTableSchema } from './installSourcesSchema.js';
import { mirrorTableSchema } from './mirrorsSchema.js';
import { nvidiaDeviceTableSchema } from './nvidiaDevicesSchema.js';
import { nvidiaSmiTableSchema } from './nvidiaSmiSchema.js';
import { shellMessagesTableSchema } from './shellMessagesSchema.js';
import { systemMessagesTableSchema } from './systemMessagesSchema.js';

/** Each framework's table comes with its spec (shared/frameworks/), so a new framework is not listed here again. */
const FRAMEWORK_TABLE_SCHEMAS: Record<string, v.GenericSchema> = Object.fromEntries(FRAMEWORK_IDS.map((id) => [FRAMEWORK_SPECS[id].dataTable, FRAMEWORK_SPECS[id].tableSchema]));

/** Every data/<name>.json with the one schema its type is inferred from; loadDataTable and data/schema.test.ts read this. */
export const DATA_TABLE_SCHEMAS: Readonly<Record<string, v.GenericSchema>> = {
  ...FRAMEWORK_TABLE_SCHEMAS,
  'amd-devices': amdDeviceTableSchema,
  'cuda-errors': cudaErrorTableSchema,
  'cuda-keyrings': cudaKeyringTableSchema,
  'cuda-toolkits': cudaToolkitTableSchema,
  cudnn: cudnnTableSchema,
  'distro-pythons': distroPythonTableSchema,
  'download-sizes': downloadSizeTableSchema,
  'driver-branches': driverBranchTableSchema,
  'error-resemblance': errorResemblanceTableSchema,
  errors: knowledgeTableSchema,
  'gpu-architectures': gpuArchitectureTableSchema,
  gpus: gpuTableSchema,
  mirrors: mirrorTableSchema,
  'nvidia-devices': nvidiaDeviceTableSchema,
  'nvidia-install-sources': installSourcesTableSchema,
  'nvidia-smi': nvidiaSmiTableSchema,
  'shell-messages': shellMessagesTableSchema,
  'system-messages': systemMessagesTableSchema,
};
