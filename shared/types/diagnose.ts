/** Diagnosis of pasted text or a failed step (issue 8). Field names are part of the `dlsetup diagnose --json` contract. */
import type { Framework, PlanRequest } from './plan.js';

export type DiagnoseLocale = 'en' | 'zh-CN';

/** What a pasted text is; `log` is any other text (a program's output, a CI log), `empty` is nothing at all. */
export const DIAGNOSE_KINDS = [
  'empty',
  'nvidia-smi-table',
  'nvidia-smi-q',
  'nvidia-smi-xml',
  'nvidia-smi-csv',
  'nvidia-smi-list',
  'nvidia-smi-dmon',
  'nvidia-smi-error',
  'nvcc',
  'cudnn-header',
  'proc-driver-version',
  'lspci',
  'rocm-smi',
  'ubuntu-drivers',
  'macos-system-profiler',
  'macos-sysctl',
  'windows-cim',
  'collect-env',
  'torch-config',
  'tensorflow-build-info',
  'installer-log',
  'dmesg',
  'python-traceback',
  'log',
] as const;

export type DiagnoseKind = (typeof DIAGNOSE_KINDS)[number];

export interface DiagnosedGpu {
  vendor: string;
  name: string;
  memoryMiB?: number;
  computeCapability?: string;
  pciId?: string;
}

/** The framework build a text talks about (collect_env, torch.__config__, tf.sysconfig, a versioned path). */
export interface DiagnosedFramework {
  /** A framework DL Setup plans, or a family Troubleshoot only names. */
  name: Framework | 'paddle' | 'onnxruntime';
  version?: string;
  /** CUDA the framework was built with ("10.1"), not the driver's. */
  cuda?: string;
  cudnn?: string;
  rocm?: string;
  /** Architectures the build contains, as "sm_86" / "compute_86". */
  archList?: string[];
}

export interface DiagnoseFacts {
  driverVersion?: string;
  /** Highest CUDA the driver supports (the nvidia-smi header). */
  cudaVersion?: string;
  /** nvcc's full version, e.g. "11.1.105". */
  toolkitVersion?: string;
  cudnnVersion?: string;
  gpus?: DiagnosedGpu[];
  /** The user-space NVML library version nvidia-smi printed next to a driver/library mismatch. */
  nvmlVersion?: string;
  framework?: DiagnosedFramework;
}

export interface DiagnosisFix {
  text: string;
  /** A command that is safe to copy as is. */
  command?: string;
}

export interface Diagnosis {
  code: string;
  severity?: 'error' | 'warning' | 'info';
  title: string;
  explanation: string;
  /** Ordered: try the first one first. Each is the fix text, with its command after a colon when it has one. */
  fixes: string[];
  fixSteps?: DiagnosisFix[];
  references?: string[];
  /** The line of the text that matched (1-based), trimmed to 300 characters. */
  evidence?: { line: number; text: string };
  /** Values read from the text or the machine that the wording used, e.g. {soname: "libcudart.so.11.0", cudaMajor: "11"}. */
  details?: Record<string, string>;
  /** What this machine has, when the diagnosis ran on it. */
  onThisMachine?: string;
  /** The plan request that would fix it; the wizard resolves it (shared/plan) and offers the plan. */
  suggestedPlan?: PlanRequest;
  /** Read from the user's own words alone: no tool's message in the text named a family, so it is a likely reading, not a match. */
  fromWords?: boolean;
  /**
   * No pattern matched: the text reads most like the reports of this family that DL Setup was built from, and these are
   * the words that set them apart. A likely reading, to be checked, not a match.
   */
  resembles?: string[];
}

/** When no family matched (issue 31): what was read from the text, and the families it came closest to. */
export interface DiagnoseUnmatched {
  /** Libraries, architectures and versions the text names beyond the facts ("libfoo.so.3", "sm_90", "CUDA 12.4"). */
  extracted: string[];
  /** Families whose key words the text holds without their full message: `found` is the words it holds. */
  closest: { code: string; title: string; found: string[] }[];
}

export interface DiagnoseResult {
  kind: DiagnoseKind;
  facts: DiagnoseFacts;
  diagnoses: Diagnosis[];
  locale?: DiagnoseLocale;
  /** Only when `diagnoses` is empty. */
  unmatched?: DiagnoseUnmatched;
}
