import type { ByteProgress } from '../../shared/types/install.js';
import type { Plan, PlanStep } from '../../shared/types/plan.js';
import type { CommandResult } from '../system/runCommand.js';
import type { InstallSay } from '../system/installText.js';
import type { JournalChange } from './journal/journalEntry.js';

export type StepParams = PlanStep['params'];

export interface StepCommandOptions {
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  input?: string;
  cwd?: string;
  /** Extra per-line hook (progress parsers); lines also stream to the step log. */
  onLine?: (stream: 'stdout' | 'stderr', line: string) => void;
  /** Keep lines out of the step log (very chatty tools); they still reach onLine. */
  quiet?: boolean;
  /** Return a non-zero exit instead of throwing COMMAND_FAILED (the step reads the code itself). */
  allowFailure?: boolean;
  /** The program writes machine-readable status to fd 3 (apt's APT::Status-Fd=3): it joins stdout. */
  statusOnFd3?: boolean;
}

/** What a step sees while it runs, in-process or inside the elevated helper. */
export interface StepContext {
  runId: string;
  stepId: string;
  signal: AbortSignal;
  /** True inside the elevated helper (or when DL Setup itself is root). */
  elevated: boolean;
  /** The whole plan, so a step can read its neighbours' params (framework → python-env path). */
  plan: Plan | null;
  run(argv: string[], options?: StepCommandOptions): Promise<CommandResult>;
  log(line: string): void;
  /** Sentences for people in the run's locale (progress details, results, skip reasons, errors). */
  say: InstallSay;
  progress(fraction: number | null, detail: string, bytes?: ByteProgress): void;
  /** Records a host change in the run's journal so rollback can undo exactly it. */
  record(change: JournalChange): void;
  /** Where this context keeps file backups (user data dir, or a root-owned dir inside the helper). */
  backupDir: string;
  /** Inside the helper: the uid whose downloads it may take (who started it); this process's own when absent. */
  downloadOwner?: number;
}

export interface CheckResult {
  satisfied: boolean;
  /** Shown when a step is skipped: what is already there. */
  message: string;
}

export interface RunOutcome {
  needsReboot?: boolean;
  message?: string;
}

export interface PlannedCommand {
  argv: string[];
  elevated: boolean;
  /** Said instead of argv where the exact command depends on the machine (e.g. "if nouveau is loaded"). */
  note?: string;
}

/** One kind of install step (main/install/steps/, one per file). */
export interface InstallStep<P = unknown> {
  kind: string;
  /** Share of the run's progress bar; only the runner turns weights into an overall fraction. */
  weight: number;
  /** Whether `run` needs root; the plan's own flag is checked against it. */
  elevated: boolean | ((params: P) => boolean);
  /** Whether a failure is worth retrying with backoff (network steps). */
  network?: boolean;
  /** Turns untrusted plan params into typed ones or throws INVALID_ARGUMENT; also the elevated helper's allowlist. */
  parse(params: StepParams): P;
  check(params: P, ctx: StepContext): Promise<CheckResult>;
  /** Unprivileged preparation (downloads, verified); returns the params `run` will get. */
  prepare?(params: P, ctx: StepContext): Promise<P>;
  run(params: P, ctx: StepContext): Promise<RunOutcome>;
  /** Every command `run` would issue, for --dry-run; notes in `say`'s locale (English when none); `plan` for what a step derives from it (pins). */
  describe(params: P, say?: InstallSay, plan?: StepContext['plan']): PlannedCommand[];
  /** Things a person must know before the step starts (Secure Boot, reboots), in `say`'s locale. */
  notices?(params: P, say?: InstallSay): Promise<string[]>;
  /** Unprivileged, before the password prompt: throws when this host cannot run the step at all (unsupported OS). */
  preflight?(params: P, say?: InstallSay): Promise<void>;
}
