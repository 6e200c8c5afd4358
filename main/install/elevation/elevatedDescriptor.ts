import type { PlanStepKind } from '../../../shared/schema/stepSchemas.js';
import type { StepParams } from '../installStep.js';
import type { HelperSay } from './helperText.js';

/** Step kinds that may ever run as root; python-env and framework never do (pip as root breaks systems). */
export const ELEVATED_KINDS = ['driver', 'cuda-repo', 'cuda-toolkit', 'cudnn', 'env-vars', 'system-python'] as const satisfies readonly PlanStepKind[];
export type ElevatedKind = (typeof ELEVATED_KINDS)[number];

export function isElevatedKind(kind: unknown): kind is ElevatedKind {
  return typeof kind === 'string' && (ELEVATED_KINDS as readonly string[]).includes(kind);
}

/**
 * What a run-step descriptor may carry, per kind: versions, branches, OS facts, the paths of the user's verified
 * downloads and environment paths, never a package name, URL or checksum (issue 15). The helper looks those up in
 * data/ itself; each step's parse() then checks every field's pattern and root.
 */
const FIELDS: Record<ElevatedKind, readonly string[]> = {
  driver: ['branch', 'open', 'minimum', 'os'],
  'cuda-repo': ['distro', 'arch', 'mirror', 'keyringVersion', 'keyringFile'],
  'cuda-toolkit': ['version', 'series', 'method', 'setActive', 'useRunfile', 'runfile'],
  cudnn: ['version', 'cudaMajor', 'cudaSeries', 'method', 'archive'],
  'env-vars': ['scope', 'cudaHome', 'libraryPaths'],
  'system-python': ['python'],
};

/** Where a descriptor field lives in the step's parsed params when the name differs there. */
const PARSED_NAME: Partial<Record<ElevatedKind, Record<string, string>>> = {
  driver: { os: 'targetOs' },
  // The parsed toolkit keeps the series as `version` and the release the plan named as `release`.
  'cuda-toolkit': { version: 'release', series: 'version' },
};

/** App side: the descriptor of a prepared step, from its parsed params (anything else they hold stays behind). */
export function elevatedDescriptor(kind: ElevatedKind, params: object): StepParams {
  const source = params as Record<string, unknown>;
  const descriptor: StepParams = {};
  for (const field of FIELDS[kind]) {
    const value = source[PARSED_NAME[kind]?.[field] ?? field];
    if (value !== undefined && value !== null && value !== '') descriptor[field] = value as StepParams[string];
  }
  return descriptor;
}

/** Helper side: refuses params that are not an object or that carry a field the kind's descriptor does not have. */
export function checkDescriptor(kind: ElevatedKind, params: unknown, say: HelperSay): StepParams {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw say.error('INVALID_ARGUMENT', 'helper.paramsNotObject', { kind });
  for (const field of Object.keys(params)) {
    if (!FIELDS[kind].includes(field)) throw say.error('INVALID_ARGUMENT', 'helper.fieldNotTaken', { field, kind });
  }
  return params as StepParams;
}
