/**
 * The plan request and the resolved Plan (issue 4). Field names are part of the `dlsetup plan --json` contract. A plan
 * from outside the resolver is checked by shared/schema/planSchema.ts (per-kind step params included); the compiler
 * proves the schema and these types agree (planSchema.ts, typetests/schemaAgreement.ts).
 */

import type { DownloadEstimate } from './downloadEstimate.js';
import type { PythonEnv } from './hardware.js';
import type { Framework } from '../frameworks/registry.js';
import type { PlanStepKind } from '../schema/stepSchemas.js';

/** The frameworks DL Setup plans: the keys of shared/frameworks/registry.ts, one spec each. */
export type { Framework };
export type InstallMethod = 'wheels' | 'system' | 'conda';
export type TargetOs = 'linux' | 'windows' | 'wsl' | 'macos';

/** What the resolver needs to know about a machine; built from a HardwareReport or from what-if flags. */
export interface HardwareProfile {
  os: TargetOs;
  arch: 'x86_64' | 'aarch64' | 'arm64';
  gpuVendor: 'nvidia' | 'amd' | 'intel' | 'apple' | 'none';
  gpuName?: string;
  /**
   * The PCI id ("10de:2882") of an NVIDIA GPU whose compute capability detection could not tell: the plan names it when
   * it asks which GPU this is (GPU_UNKNOWN). Absent otherwise.
   */
  gpuPciId?: string;
  computeCapability?: string;
  gpuArch?: string;
  /** NVIDIA: whether its open kernel modules drive the GPU, from data/nvidia-devices.json by PCI id or product name. */
  gpuOpenKernelModules?: 'required' | 'supported' | 'unsupported';
  /** null: no driver installed. */
  driverVersion: string | null;
  /** Installed CUDA Toolkit versions ("12.6.3", "13.0"). */
  cudaToolkits?: string[];
  /**
   * The version of Debian's or Ubuntu's nvidia-cuda-toolkit package when installed ("11.8.89"; also in cudaToolkits). It
   * lives in /usr with nvcc at /usr/bin/nvcc, so no CUDA_HOME of its own: a system plan never keeps it, and says that
   * /usr/bin/nvcc would run instead of the toolkit the plan uses.
   */
  debianCudaToolkit?: string;
  /** Installed system cuDNN versions ("9.10.2"). */
  cudnnVersions?: string[];
  pythonVersion?: string;
  /** Every Python on the machine a venv can start from ("3.11"), from detection; absent in what-if plans. */
  pythonVersions?: string[];
  /** Those of them whose venv module or ensurepip is missing (a fresh Debian/Ubuntu without pythonX.Y-venv). */
  pythonsWithoutVenv?: string[];
  /** pyenv's interpreters ("3.11" → ~/.pyenv/versions/3.11.9/bin/python): not on PATH as pythonX.Y unless its shims are. */
  pyenvPythons?: { version: string; path: string }[];
  /** NVIDIA's apt repository folder for this Linux distribution ("ubuntu2204", "debian12"), from detection. */
  linuxRepo?: string;
  /**
   * Whether detection found the conda the install would run (main/system/findConda.ts's places); absent when unknown (a
   * what-if plan, a quick or older report), and then no plan claims conda is missing.
   */
  condaFound?: boolean;
}

export interface PlanRequest {
  framework: Framework;
  frameworkVersion?: string;
  python?: string;
  method?: InstallMethod;
  /**
   * false: never plan a driver install or upgrade; pick a build the current driver runs. true: the newest build, with
   * whatever driver it needs. Unset: a driver that works for the GPU is kept when a release runs on it (the newest such
   * release), else as true (shared/plan/driverPreference.ts).
   */
  allowDriverChange?: boolean;
}

export interface PlanBlocker {
  code: string;
  message: string;
  /** The nearest request that would work, one click away in the wizard. */
  alternative?: PlanRequest;
}

/**
 * Something this machine lacks that an ok plan's steps need, or something the plan cannot know about it. The plan stays
 * valid (an export runs on fleet machines that have it); its message is also one of the plan's warnings.
 * - CONDA_MISSING: a conda plan where detection found no conda; `alternative` is the wheels request.
 * - GPU_UNKNOWN: an NVIDIA GPU whose compute capability and architecture are unknown, so no build can be said to run on
 *   it: the plan is the CPU build and never says "works"; the way on is naming the GPU (the wizard's list, plan:resolve's
 *   gpuChoice; the CLI's --gpu).
 */
export interface PlanPrerequisite {
  code: 'CONDA_MISSING' | 'GPU_UNKNOWN';
  message: string;
  /** The request that needs nothing missing here, one click away in the wizard (CONDA_MISSING). */
  alternative?: PlanRequest;
}

/**
 * Step kinds the installer executes: PLAN_STEP_KINDS, and each kind's params (all values strings, numbers, booleans
 * or string lists) in its schema, both in shared/schema/stepSchemas.ts.
 */
export type { PlanStepKind };

export interface PlanStep {
  id: string;
  kind: PlanStepKind;
  title: string;
  elevated: boolean;
  params: Record<string, string | number | boolean | string[]>;
}

export interface Plan {
  status: 'ok' | 'blocked';
  request: PlanRequest;
  profile: HardwareProfile;
  method: InstallMethod;
  framework: {
    name: Framework;
    version: string;
    variant: string;
    indexUrl?: string;
    /** PyTorch 1.12/1.13 were installed with --extra-index-url. */
    extraIndexUrl?: string;
    /** JAX's CUDA jaxlib wheels before 0.4.26 came from a pip --find-links (-f) page. */
    findLinks?: string;
    cuda?: string;
    cudnn?: string;
    rocm?: string;
    packages: string[];
  };
  python: { version: string };
  driver: { action: 'keep' | 'install' | 'upgrade' | 'none'; current?: string; minimum?: string; target?: string };
  cudaToolkit: { action: 'none' | 'keep' | 'install'; version?: string };
  cudnn: { action: 'none' | 'bundled' | 'keep' | 'install'; version?: string };
  steps: PlanStep[];
  reasons: string[];
  warnings: string[];
  blockers: PlanBlocker[];
  /** What this machine must get before the install can run (absent: nothing); the wizard holds Install back until then. */
  missingPrerequisites?: PlanPrerequisite[];
  /** The GPU the plan is for, as the data knows it. */
  gpu?: { vendor: HardwareProfile['gpuVendor']; name?: string; computeCapability?: string; gfxArch?: string; architecture?: string };
  dataReviewedAt?: string;
  /** Estimated download (data/download-sizes.json); set by planForMachine, absent on a blocked plan. */
  download?: DownloadEstimate;
  /** Environments already on this machine whose build of the asked framework runs on its GPU and driver (planWithReuse.ts). */
  reuse?: ReusableEnvironment[];
  /** The plan's packages looked up on the index they install from (issue 32); absent: not looked up. */
  index?: IndexCheck;
}

/** One file pip will download, as the index lists it: what the install pins with its hash. */
export interface PinnedFile {
  name: string;
  version: string;
  filename: string;
  url: string;
  /** Bytes, when the index says (PEP 700); null otherwise. */
  size: number | null;
  sha256: string | null;
}

/**
 * What the package index said of the plan: 'resolved' (every file found, `files` pinned), 'missing' (a wheel this
 * machine can install does not exist: the plan is blocked), 'unreachable' or 'refused' (the index did not answer, or
 * answered something DL Setup will not trust: the plan stands on data/ alone), 'dataOnly' (not asked: a what-if, or offline).
 */
export interface IndexCheck {
  status: 'resolved' | 'missing' | 'unreachable' | 'refused' | 'dataOnly';
  /** The indexes asked, in pip's order (credentials never kept). */
  indexes: string[];
  /** Those of `indexes` the user's pip configuration added (pip.conf, PIP_INDEX_URL…), not the plan. */
  fromPipConfig?: string[];
  files?: PinnedFile[];
  /** Versions of the framework on the index that DL Setup's data does not know yet, newest first. */
  newer?: string[];
  /** For 'missing': which package, and what this machine lacks for it ("glibc 2.28", "Python 3.9-3.12"). */
  missing?: { name: string; version: string; missing: 'version' | 'python' | 'platform' | 'glibc' | 'macos' | 'arch'; need?: string };
  /** Why it was not checked or not trusted, as a word DL Setup chose ("offline", "whatIf", "timeout", "insecureRedirect"). */
  reason?: string;
  requests: number;
  fromCache?: number;
  ms: number;
}

/** An environment that already satisfies the request: offered instead of installing (issue 30). */
export interface ReusableEnvironment {
  /** Its short name ("llm-train") and interpreter. */
  name: string;
  path: string;
  kind: PythonEnv['kind'];
  python: string;
  /** The framework as installed ("2.5.1+cu124") and the data's variant for it. */
  version: string;
  variant?: string;
}
