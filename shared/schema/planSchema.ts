import * as v from 'valibot';
import type { Plan } from '../types/plan.js';
import { PYTHON_VERSION_PATTERN, RELEASE_PATTERN } from './patterns.js';
import {
  accepted,
  bool,
  code,
  computeCapability,
  date,
  deviceName,
  driverVersion,
  hostPath,
  integerIn,
  list,
  matching,
  numberIn,
  oneOf,
  pipRequirement,
  pythonVersion,
  record,
  release,
  sentence,
  text,
  url,
  version,
} from './safeText.js';
import { planStepSchema } from './stepSchemas.js';
import { FRAMEWORK_IDS } from '../frameworks/registry.js';

/**
 * A plan from outside the resolver: `dlsetup install --plan`, `dlsetup export --plan`, install:start, plan:export, the
 * elevated helper and the journal that feeds resume. Every string that reaches a file, a command or a sentence has an
 * enum or a pattern; the types in shared/types/plan.ts are checked against it below.
 */

const optional = v.optional;
export const FRAMEWORKS = FRAMEWORK_IDS;
export const INSTALL_METHODS = ['wheels', 'system', 'conda'] as const;
export const TARGET_OSES = ['linux', 'windows', 'wsl', 'macos'] as const;
export const GPU_VENDORS = ['nvidia', 'amd', 'intel', 'apple', 'none'] as const;

const gfxArch = matching(/^gfx[0-9a-f]{3,4}$/, 'problem.name', 8);
const architecture = matching(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/, 'problem.name', 40);
const variant = matching(/^[a-z][a-z0-9._]{0,15}$/, 'problem.name', 16);
const component = matching(/^[a-z0-9][a-z0-9-]{0,63}$/, 'problem.name', 64);

export const planRequestSchema = record({
  framework: oneOf(FRAMEWORKS),
  frameworkVersion: optional(release),
  python: optional(pythonVersion),
  method: optional(oneOf(INSTALL_METHODS)),
  allowDriverChange: optional(bool),
});

export const hardwareProfileSchema = record({
  os: oneOf(TARGET_OSES),
  arch: oneOf(['x86_64', 'aarch64', 'arm64']),
  gpuVendor: oneOf(GPU_VENDORS),
  gpuName: optional(deviceName),
  gpuPciId: optional(matching(/^[0-9a-f]{4}:[0-9a-f]{4}$/, 'problem.name', 9)),
  computeCapability: optional(computeCapability),
  gpuArch: optional(gfxArch),
  gpuOpenKernelModules: optional(oneOf(['required', 'supported', 'unsupported'])),
  driverVersion: v.nullable(driverVersion),
  cudaToolkits: optional(list(version, 32)),
  debianCudaToolkit: optional(version),
  cudnnVersions: optional(list(version, 32)),
  pythonVersion: optional(pythonVersion),
  pythonVersions: optional(list(pythonVersion, 32)),
  pythonsWithoutVenv: optional(list(pythonVersion, 32)),
  pyenvPythons: optional(list(record({ version: pythonVersion, path: hostPath }), 32)),
  // NVIDIA's repository folder name: ubuntu2204, debian12.
  linuxRepo: optional(matching(/^[a-z]{2,12}\d{1,4}$/, 'problem.name', 16)),
  condaFound: optional(bool),
});

const blockerSchema = record({ code, message: sentence, alternative: optional(planRequestSchema) });
const prerequisiteSchema = record({ code: oneOf(['CONDA_MISSING', 'GPU_UNKNOWN']), message: sentence, alternative: optional(planRequestSchema) });

const downloadSchema = record({
  megabytes: numberIn(0, 1e9),
  items: list(record({ component, stepId: optional(matching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'problem.name', 64)), megabytes: v.nullable(numberIn(0, 1e9)), source: optional(text(1000)) }), 32),
  unknown: list(component, 32),
});

const projectName = matching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'problem.name', 100);
const sha256Hex = matching(/^[0-9a-f]{64}$/, 'problem.sha256', 64);

/** The index's answer as a plan file carries it: every file name, URL and hash as the install will pin it. */
const indexCheckSchema = record({
  status: oneOf(['resolved', 'missing', 'unreachable', 'refused', 'dataOnly']),
  indexes: list(url, 8),
  fromPipConfig: optional(list(url, 8)),
  files: optional(
    list(
      record({
        name: projectName,
        version: matching(/^[0-9][0-9A-Za-z.+!_-]{0,63}$/, 'problem.version', 64),
        filename: matching(/^[A-Za-z0-9][A-Za-z0-9._+!-]{0,250}\.(?:whl|tar\.gz|zip)$/, 'problem.name', 255),
        url,
        size: v.nullable(integerIn(0, Number.MAX_SAFE_INTEGER)),
        sha256: v.nullable(sha256Hex),
      }),
      400,
    ),
  ),
  newer: optional(list(release, 20)),
  missing: optional(
    record({
      name: projectName,
      version: matching(/^[0-9][0-9A-Za-z.+!_-]{0,63}$/, 'problem.version', 64),
      missing: oneOf(['version', 'python', 'platform', 'glibc', 'macos', 'arch']),
      need: optional(text(200)),
    }),
  ),
  reason: optional(matching(/^[a-zA-Z][a-zA-Z0-9_-]{0,60}$/, 'problem.name', 61)),
  requests: integerIn(0, 100_000),
  fromCache: optional(integerIn(0, 100_000)),
  ms: integerIn(0, 3_600_000),
});

export const planSchema = record({
  status: oneOf(['ok', 'blocked']),
  request: planRequestSchema,
  profile: hardwareProfileSchema,
  method: oneOf(INSTALL_METHODS),
  framework: record({
    name: oneOf(FRAMEWORKS),
    // Empty on a plan blocked before a release was chosen.
    version: accepted((value) => value === '' || RELEASE_PATTERN.test(value), 'problem.release', 60),
    variant,
    indexUrl: optional(url),
    extraIndexUrl: optional(url),
    findLinks: optional(url),
    cuda: optional(version),
    cudnn: optional(version),
    rocm: optional(version),
    packages: list(pipRequirement, 64),
  }),
  // Empty on a plan blocked before a Python was chosen.
  python: record({ version: accepted((value) => value === '' || PYTHON_VERSION_PATTERN.test(value), 'problem.pythonVersion', 20) }),
  driver: record({
    action: oneOf(['keep', 'install', 'upgrade', 'none']),
    current: optional(driverVersion),
    minimum: optional(driverVersion),
    target: optional(driverVersion),
  }),
  cudaToolkit: record({ action: oneOf(['none', 'keep', 'install']), version: optional(version) }),
  cudnn: record({ action: oneOf(['none', 'bundled', 'keep', 'install']), version: optional(version) }),
  steps: list(planStepSchema, 32),
  reasons: list(sentence, 200),
  warnings: list(sentence, 200),
  blockers: list(blockerSchema, 50),
  missingPrerequisites: optional(list(prerequisiteSchema, 8)),
  gpu: optional(
    record({
      vendor: oneOf(GPU_VENDORS),
      name: optional(deviceName),
      computeCapability: optional(computeCapability),
      gfxArch: optional(gfxArch),
      architecture: optional(architecture),
    }),
  ),
  dataReviewedAt: optional(date),
  download: optional(downloadSchema),
  index: optional(indexCheckSchema),
  reuse: optional(
    list(
      record({
        name: text(200),
        path: hostPath,
        kind: oneOf(['system', 'pyenv', 'conda', 'venv', 'dlsetup']),
        python: pythonVersion,
        version: matching(/^\d[0-9A-Za-z.+!_-]{0,59}$/, 'problem.version', 60),
        variant: optional(variant),
      }),
      8,
    ),
  ),
});

export type PlanFromSchema = v.InferOutput<typeof planSchema>;

/** Compile-time: a checked plan is a Plan, and every field of Plan is checked (a new field must be added here). */
type Extends<A, B> = [A] extends [B] ? true : false;
const checkedIsPlan: Extends<PlanFromSchema, Plan> = true;
const everyFieldChecked: Extends<keyof Plan, keyof PlanFromSchema> = true;
void checkedIsPlan;
void everyFieldChecked;
