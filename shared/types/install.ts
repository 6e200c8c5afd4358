/** Install runs and the one progress event union (docs/design.md §3). */

export type StepState = 'pending' | 'running' | 'skipped' | 'succeeded' | 'failed' | 'cancelled' | 'needs-reboot';

export interface StepSummary {
  id: string;
  kind: string;
  title: string;
  elevated: boolean;
  weight: number;
  state: StepState;
  /** Why a step was skipped, failed or needs a reboot, in words a student can act on. */
  message?: string;
  errorCode?: string;
}

export interface RunStatus {
  runId: string;
  /** 'interrupted': the process running it died (crash, power loss); `resume` continues it. */
  state: 'running' | 'succeeded' | 'failed' | 'cancelled' | 'needs-reboot' | 'interrupted';
  fraction: number;
  steps: StepSummary[];
  dryRun?: boolean;
  startedAt?: string;
  finishedAt?: string;
  error?: { code: string; message: string; detail?: string };
  /** True when `resume` can continue this run. */
  resumable?: boolean;
}

interface EventBase {
  runId: string;
  seq: number;
  time: string;
}

export interface ByteProgress {
  done: number;
  total: number | null;
  perSecond: number | null;
  /** Seconds left at the current speed; null when unknown. */
  etaSeconds?: number | null;
  /** Parallel connections fetching this file now (ranges of one large file); absent or 1: one stream. */
  connections?: number;
  /** The mirror serving this file, and what its probe measured (null: not measured, the user's or the only copy). */
  mirror?: { id: string; measuredBytesPerSecond: number | null };
}

/** One external command as the step log shows it (docs/design.md §6). */
export interface CommandRecord {
  argv: string[];
  exitCode: number | null;
  durationMs: number;
  elevated: boolean;
}

export type ProgressEvent =
  | (EventBase & { type: 'run-started'; steps: StepSummary[]; dryRun?: boolean; resumed?: boolean })
  | (EventBase & { type: 'step-started'; stepId: string })
  | (EventBase & {
      type: 'step-progress';
      stepId: string;
      /** null when the step cannot tell how far along it is. */
      fraction: number | null;
      bytes?: ByteProgress;
      detail: string;
      /** Overall run fraction, computed by the runner alone from step weights. */
      overall: number;
    })
  | (EventBase & {
      type: 'step-log';
      stepId: string;
      stream: 'stdout' | 'stderr' | 'info';
      line: string;
      /** Set on the line that closes a command: argv, exit code and duration. */
      command?: CommandRecord;
    })
  | (EventBase & { type: 'step-finished'; stepId: string; state: StepState; errorCode?: string; message?: string })
  | (EventBase & { type: 'run-finished'; state: RunStatus['state']; errorCode?: string; message?: string });

export type ProgressEventType = ProgressEvent['type'];

/** One action `rollback` will take, shown to the user before anything is undone. */
export interface RollbackAction {
  stepId: string;
  kind: 'restore-file' | 'remove-file' | 'remove-dir' | 'remove-packages' | 'reinstall-packages' | 'restore-alternative' | 'run-ldconfig' | 'run-update-initramfs';
  description: string;
  elevated: boolean;
}

export interface RollbackPreview {
  runId: string;
  actions: RollbackAction[];
}

/** What `rollback` showed (a dry run) or did: `install:rollback`'s reply and `dlsetup rollback --json`. */
export interface RollbackResult {
  preview: RollbackPreview;
  /** False for a dry run, or when there was nothing left to undo: nothing was touched. */
  applied: boolean;
  ok: boolean;
  /** Why an undo action did not fully succeed, in the rollback's language. */
  notes: string[];
}
