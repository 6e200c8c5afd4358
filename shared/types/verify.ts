/** Verification results (issue 6). Field names are part of the `dlsetup verify --json` contract. */

import type { Locale } from '../i18n/localize.js';
import type { Framework } from './plan.js';

export type CheckStatus = 'pass' | 'fail' | 'skip';

export interface VerifyRequest {
  python?: string;
  framework?: 'auto' | Framework;
  toolkit?: boolean;
  quick?: boolean;
  /** nvcc to use for the toolkit check; default CUDA_HOME, /usr/local/cuda/bin, then PATH. */
  nvcc?: string;
  /** Overall limit for the framework check script, in milliseconds. */
  timeoutMs?: number;
  /** The language of check reasons and tips (English when absent). */
  locale?: Locale;
}

export interface VerifyCheck {
  id: string;
  status: CheckStatus;
  /** For people, in the request's locale (English by default); raw error text it quotes stays as it is. */
  reason?: string;
  code?: string;
  metrics?: Record<string, number | string>;
  /** Which part produced it: the framework script, the toolkit program, or verify itself. */
  source?: 'framework' | 'toolkit' | 'verify';
}

export interface MatmulResult {
  dtype: string;
  tflops: number;
  /** Dense spec peak from data/gpus.json for this precision. */
  peakTflops?: number;
  /** Achieved / peak as a fraction (0.79 = 79 %). */
  efficiency?: number;
  /** 'cpu' marks the CPU reference figure on a machine without a usable GPU. */
  device?: 'gpu' | 'cpu';
  gflops?: number;
  n?: number;
  ms?: number;
  /** How it was timed: cuda-events, block_until_ready, wall-clock+sync, wall-clock. */
  timing?: string;
}

/** A measured tuning setting: the same work timed with the setting off (baseline) and on (tuned). */
export interface TuningResult {
  id: string;
  label: string;
  speedup?: number;
  baselineMs?: number;
  tunedMs?: number;
  setting?: string;
  skipped?: string;
}

/** Something worth the user's attention that is not a pass/fail check (e.g. throughput far below spec). */
export interface VerifyFinding {
  code: string;
  message: string;
  likelyCauses: string[];
  subject?: string;
}

export interface VerifyDevice {
  name: string;
  computeCapability?: string;
  memoryMiB?: number;
  freeMiB?: number;
  index?: number;
}

export interface VerifyReport {
  framework: { name: string; version: string; build: Record<string, string | null> } | null;
  devices: VerifyDevice[];
  checks: VerifyCheck[];
  matmul: MatmulResult[];
  summary: { passed: number; failed: number; skipped: number };
  createdAt: string;
  /** GPU names, driver, framework versions: what a re-verify compares (null where unknown). */
  fingerprint: Record<string, string | null>;
  schemaVersion?: number;
  python?: { path: string; version: string | null } | null;
  tuning?: TuningResult[];
  findings?: VerifyFinding[];
  /** Device-to-device copy bandwidth and its share of the card's spec. */
  bandwidth?: { gbs: number; peakGBs?: number; efficiency?: number } | null;
  /** The card's spec row from data/gpus.json when known. */
  spec?: { name: string; source: string } | null;
  toolkit?: { nvcc: string | null; version: string | null; cudnn: string | null } | null;
  /** Plain-words advice that does not need a measurement (pinned memory, empty_cache caveats). */
  advice?: string[];
  warnings?: string[];
  durationMs?: number;
  quick?: boolean;
  /** The DL Setup that made the report (its package.json version, semver); absent where an exported script made it. */
  dlsetupVersion?: string;
  /** Set only on sample reports made for docs and demos (not measured): where their figures come from. */
  sample?: { basis: string };
}

/** Streamed while verify runs (CLI progress, the wizard's live list). */
export type VerifyEvent =
  | { kind: 'stage'; stage: 'python' | 'framework' | 'toolkit' | 'report'; detail: string }
  | { kind: 'check'; check: VerifyCheck }
  | { kind: 'matmul'; matmul: MatmulResult }
  | { kind: 'warning'; message: string };

export interface VerifyChange {
  subject: string;
  before: string | null;
  after: string | null;
  /** 'better' | 'worse' where that is clear (a check that now passes, more TFLOP/s). */
  direction?: 'better' | 'worse' | 'changed';
}

export interface VerifyComparison {
  previousCreatedAt: string | null;
  currentCreatedAt: string;
  changes: VerifyChange[];
  matmulDeltas: { dtype: string; before: number | null; after: number | null; deltaPercent: number | null }[];
}
