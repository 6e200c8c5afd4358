import type { AppError } from '../../../shared/errors.js';
import type { Locale } from '../../../shared/i18n/localize.js';
import type { ByteProgress, CommandRecord } from '../../../shared/types/install.js';
import type { StepParams } from '../installStep.js';
import type { JournalChange } from '../journalEntry.js';

/** Protocol version both ends must speak; a mismatch (stale dist) is refused. */
export const HELPER_PROTOCOL = 1;

/** App → helper, one JSON object per line on the helper's stdin. Typed descriptors only, never a shell string. */
export type HelperRequest =
  | { type: 'hello'; protocol: number; runId: string; locale?: Locale }
  | { type: 'run-step'; requestId: number; stepId: string; kind: string; params: StepParams }
  | { type: 'undo'; requestId: number; stepId: string; kind: string; changes: JournalChange[]; written: [string, string][] }
  | { type: 'cancel'; requestId: number }
  | { type: 'bye' };

/** Helper → app, one JSON object per line on the helper's stdout. */
export type HelperReply =
  | { type: 'ready'; protocol: number; pid: number; uid: number | null }
  | { type: 'log'; requestId: number; stream: 'stdout' | 'stderr' | 'info'; line: string; command?: CommandRecord }
  | { type: 'progress'; requestId: number; fraction: number | null; detail: string; bytes?: ByteProgress }
  | { type: 'change'; requestId: number; change: JournalChange }
  | { type: 'command'; requestId: number; record: CommandRecord }
  | { type: 'done'; requestId: number; value: { needsReboot?: boolean; message?: string; notes?: string[] } }
  | { type: 'failed'; requestId: number; error: AppError }
  | { type: 'refused'; requestId: number | null; reason: string };
