/** `dlsetup verify --all` and the wizard's "All environments on this machine" (issue 20). Field names are part of the --json contract. */
import type { PythonEnv } from './hardware.js';
import type { Framework, PlanRequest } from './plan.js';

/**
 * works: the build runs on this GPU and driver; needsDriver: the driver is below the build's floor; noKernels: the build
 * has no code for this GPU; cpuOnly: a CPU build on a machine with an NVIDIA GPU; broken: its metadata or files are
 * missing; unknown: a build DL Setup's data does not list (a distribution's or a source build).
 */
export type EnvironmentVerdict = 'works' | 'needsDriver' | 'noKernels' | 'cpuOnly' | 'broken' | 'unknown';

export interface InstalledFramework {
  framework: Framework;
  /** The distribution that carries it: "torch", "tensorflow", "jax-cuda12-plugin". */
  distribution: string;
  /** As installed: "2.1.2+cu118". */
  version: string;
  /** The data's variant ("cu118", "cuda12", "cpu"); null when the build is not one the data lists. */
  variant: string | null;
  kind: 'cuda' | 'rocm' | 'cpu' | 'unknown';
  /** CUDA and cuDNN the build was made with (from data/), when it is a CUDA build. */
  cuda?: string;
  cudnn?: string;
  verdict: EnvironmentVerdict;
  /** needsDriver: the lowest driver that runs it (the resolver's floor). */
  driverFloor?: string;
  /** noKernels: the build's compute capabilities; broken: what is missing. */
  detail?: string;
  /** The one plan that fixes it, prefilled; absent when it works. */
  action?: EnvironmentAction;
}

export interface EnvironmentAction {
  request: PlanRequest;
  /** The interpreter of the environment the plan is for. */
  environment: string;
}

export interface EnvironmentRow {
  /** The interpreter. */
  path: string;
  /** A short name: the environment's folder ("llm-train"), or the interpreter for system ones. */
  name: string;
  kind: PythonEnv['kind'] | 'added';
  python: string;
  frameworks: InstalledFramework[];
  /** CUDA libraries pip put in the environment (nvidia-*-cu12 wheels): "12.1.105", "8.9.2.26". */
  bundled: { cudaRuntime?: string; cudnn?: string };
  /** The worst of its frameworks' verdicts; null when no framework is installed. */
  verdict: EnvironmentVerdict | null;
  /** `--run`: the quick check run in this environment (the same dlsetup_check.py `verify --quick` runs). */
  check?: EnvironmentCheck;
  /**
   * What was not checked, and why (issue 27): 'unreadable', its layout or metadata could not be read from disk and a
   * look without --run starts nothing; 'otherUser', its interpreter belongs to another user (or every user can change
   * it) and is started only when named with --env; 'overLimits', reading stopped at the per-run limits. Absent: checked.
   */
  notChecked?: EnvironmentNotChecked;
}

export type EnvironmentNotChecked = 'unreadable' | 'otherUser' | 'overLimits';

export interface EnvironmentCheck {
  passed: number;
  failed: number;
  /** The first failed check's id and reason ("cuda-kernel", "no kernel image is available…"). */
  firstFailure?: { id: string; reason: string };
  durationMs: number;
}

/** One environment's verdict then and now: "llm-train: works → no kernels for this GPU". */
export interface EnvironmentChange {
  path: string;
  name: string;
  /** null: no framework; 'absent': the environment was not there. Check outcomes count as a verdict of their own. */
  from: EnvironmentVerdict | 'checkFailed' | null | 'absent';
  to: EnvironmentVerdict | 'checkFailed' | null | 'absent';
  /** The driver floor of a needsDriver side, so the line can say "needs driver ≥ 525.60.13". */
  fromFloor?: string;
  toFloor?: string;
  /**
   * Why, where it can be told: 'packages', the environment's installed builds changed; 'driver', the same builds under
   * another driver than the last run's. Absent: an environment added or gone, or the same builds and driver.
   */
  cause?: 'driver' | 'packages';
}

export interface EnvironmentsReport {
  gpu: { name: string; computeCapability: string | null } | null;
  driver: string | null;
  environments: EnvironmentRow[];
  durationMs: number;
  /** When it was read (the history file's name); the machine's name for the fleet table. */
  createdAt?: string;
  host?: string;
  /** Against the previous run kept in history: what changed per environment (empty when nothing did). */
  since?: { createdAt: string; driver: string | null; changes: EnvironmentChange[] };
}

interface EnvironmentsEventBase {
  /** The wizard's id for one press of "Run the quick check" (it names the run it asks for, so it can follow its events). */
  runId: string;
  seq: number;
  time: string;
}

/** Streamed while the quick check runs in each environment (the wizard's rows); the same push channel as install progress. */
export type EnvironmentsCheckEvent =
  | (EnvironmentsEventBase & { type: 'environments-checks-started'; paths: string[]; parallel: number })
  | (EnvironmentsEventBase & { type: 'environment-check-started'; path: string })
  | (EnvironmentsEventBase & { type: 'environment-check-finished'; path: string; done: number; total: number; check: EnvironmentCheck })
  /** The last event of every run: rows not checked by then were not run (cancelled, or the run failed). */
  | (EnvironmentsEventBase & { type: 'environments-checks-ended'; cancelled: boolean });

/** The run going now, for a window opened (or reloaded) during it: its id and every event so far, in order. */
export interface EnvironmentsCheckState {
  runId: string;
  events: EnvironmentsCheckEvent[];
}
