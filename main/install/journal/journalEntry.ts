import type { Locale } from '../../../shared/i18n/localize.js';
import type { Plan } from '../../../shared/types/plan.js';
import type { RunStatus, StepState } from '../../../shared/types/install.js';

/** A change a step made to the host; rollback undoes exactly these and nothing else. Paths are host paths (before sysroot). */
export type JournalChange =
  | { type: 'file-backed-up'; path: string; backup: string; sha256: string; mode: number }
  | { type: 'file-created'; path: string }
  | { type: 'file-written'; path: string; sha256: string }
  /** owned: everything inside was made by DL Setup (a venv, a runfile toolkit), so rollback may remove the tree. */
  | { type: 'dir-created'; path: string; owned?: boolean }
  /** keepConfig: apt packages whose config files were there before the run ("rc"): removed, never purged. */
  | { type: 'packages-installed'; manager: 'apt' | 'pip'; packages: string[]; python?: string; keepConfig?: string[] }
  | { type: 'packages-upgraded'; manager: 'pip'; packages: { name: string; from: string; to: string }[]; python: string }
  | { type: 'alternative-set'; name: string; path: string; previous: string | null; registered: boolean }
  | { type: 'needs-ldconfig' }
  /** The initramfs was rebuilt with a module setting the run changed; rollback rebuilds it after restoring the files. */
  | { type: 'needs-initramfs' };

/** One line of runs/<runId>.jsonl; `locale` (absent: English) is the language the run speaks, kept for resume. */
export type JournalEntry =
  | { t: 'run-started'; time: string; runId: string; plan: Plan; dryRun: boolean; pid: number; bootId: string | null; locale?: Locale }
  | { t: 'run-resumed'; time: string; pid: number; bootId: string | null; locale?: Locale }
  | { t: 'step-started'; time: string; stepId: string }
  | { t: 'step-finished'; time: string; stepId: string; state: StepState; errorCode?: string; message?: string }
  | { t: 'command'; time: string; stepId: string; argv: string[]; exitCode: number | null; durationMs: number; elevated: boolean }
  | { t: 'change'; time: string; stepId: string; elevated: boolean; change: JournalChange }
  | { t: 'run-finished'; time: string; state: RunStatus['state']; errorCode?: string; message?: string }
  | { t: 'rollback-started'; time: string; dryRun: boolean }
  | { t: 'rollback-undone'; time: string; stepId: string; change: JournalChange; ok: boolean; message?: string }
  | { t: 'rollback-finished'; time: string; ok: boolean; message?: string };
