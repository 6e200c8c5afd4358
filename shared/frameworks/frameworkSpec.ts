// Every fact DL Setup knows about one framework, in one object per framework (registry.ts lists them).
import type * as v from 'valibot';
import type { PlatformLimit } from '../data/tableParts.js';
import type { HardwareProfile } from '../types/plan.js';
import type { BuildEvidence, EvidenceHost, InstalledDistribution, InstalledDistributions } from './environmentEvidence.js';
import type { FrameworkBuild, PlatformKey } from './platformWheels.js';

/** The release rows every framework table has, as the platform cutoff and the version list read them. */
export interface FrameworkTableView {
  reviewedAt: string;
  releases: readonly { version: string; patches?: readonly string[] }[];
  platformLimits?: readonly PlatformLimit[];
}

/** The download-sizes.json component of a framework's wheels per build kind (each has a name in words in the catalogs). */
export interface FrameworkDownloads {
  readonly cuda: `${string}-cuda-wheels`;
  readonly rocm: `${string}-rocm-wheels`;
  readonly cpu: `${string}-cpu-wheel` | `${string}-cpu-wheels`;
}

export interface FrameworkSpec<Table extends FrameworkTableView = FrameworkTableView> {
  /** The id plans, flags and schemas use ("pytorch"). */
  readonly id: string;
  /** The name people read ("PyTorch"): reasons, cards, exports. */
  readonly label: string;
  /** The Python module that imports it ("torch"). */
  readonly importName: string;
  /** The pip package a plan installs and a version pin names ("torch"). */
  readonly primaryPackage: string;
  /** Every pip distribution whose presence means this framework is installed, the one to read first first. */
  readonly distributions: readonly string[];
  /** Patterns (regular expression sources) of the other distributions its environment evidence reads: JAX's jaxlib and CUDA plugins. */
  readonly companionDistributions: readonly string[];
  /** How a pin names a release: "minor" (2.7 and 2.7.1 name the 2.7 row) or "exact" (JAX's rows are patch versions). */
  readonly pinRule: 'minor' | 'exact';
  /** Its table under data/ ("pytorch" for data/pytorch.json) and the schema (shared/data/) its type is inferred from and loadDataTable checks. */
  readonly dataTable: string;
  readonly tableSchema: v.GenericSchema<unknown, Table>;
  /** Every build of its table for one platform, grouped by release, newest release first. */
  builds(table: Table, key: PlatformKey, profile: Pick<HardwareProfile, 'os' | 'arch'>): FrameworkBuild[][];
  /** GPU families beyond CUDA: Apple's MPS in the macOS arm64 build; ROCm builds for AMD GPUs on Linux. */
  readonly gpu: { readonly mps: boolean; readonly rocm: boolean };
  /** Components of data/download-sizes.json its wheels count as. */
  readonly downloads: FrameworkDownloads;
  /** Which build an environment holds, from its first installed distribution of `distributions` and the rest (`verify --all`). */
  evidence(dist: InstalledDistribution, dists: InstalledDistributions, host: EvidenceHost): BuildEvidence | Promise<BuildEvidence>;
  /** The verify adapter: main/verify/python/<module>.py, and the `--framework` value that picks it. */
  readonly verify: { readonly adapterModule: `dlsetup_check_${string}`; readonly flag: string };
  /** Troubleshoot: its folders under site-packages, and the words that name it in a log or traceback (case-insensitive). */
  readonly diagnose: { readonly packagePaths: readonly string[]; readonly words: readonly string[] };
}
