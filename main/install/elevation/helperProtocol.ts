import type { AppError } from '../../../shared/errors.js';
import type { Locale } from '../../../shared/i18n/localize.js';
import type { ByteProgress, CommandRecord } from '../../../shared/types/install.js';
import type { StepParams } from '../installStep.js';
import type { JournalChange } from '../journal/journalEntry.js';

/** Protocol version both ends must speak; a mismatch (stale dist) is refused. */
export const HELPER_PROTOCOL = 1;

/**
 * App → helper, one JSON object per line on the helper's stdin. Typed descriptors only, never a shell string, and
 * each with exactly these fields (docs/security.md): a run step names versions, an undo names its run and step.
 */
export type HelperRequest =
  | { type: 'hello'; protocol: number; runId: string; locale?: Locale }
  | { type: 'run-step'; requestId: number; stepId: string; kind: string; params: StepParams }
  | { type: 'undo'; requestId: number; runId: string; stepId: string }
  | { type: 'cancel'; requestId: number }
  | { type: 'bye' };

/** The fields each request type has; any other field is refused by name. */
export const REQUEST_FIELDS: Record<HelperRequest['type'], readonly string[]> = {
  hello: ['type', 'protocol', 'runId', 'locale'],
  'run-step': ['type', 'requestId', 'stepId', 'kind', 'params'],
  undo: ['type', 'requestId', 'runId', 'stepId'],
  cancel: ['type', 'requestId'],
  bye: ['type'],
};

/** What a finished request reports; `undone` (undo only): every change of the step no longer in place, per the helper's journal. */
export interface HelperDone {
  needsReboot?: boolean;
  message?: string;
  notes?: string[];
  undone?: JournalChange[];
}

/** Helper → app, one JSON object per line on the helper's stdout. */
export type HelperReply =
  | { type: 'ready'; protocol: number; pid: number; uid: number | null }
  | { type: 'log'; requestId: number; stream: 'stdout' | 'stderr' | 'info'; line: string; command?: CommandRecord }
  | { type: 'progress'; requestId: number; fraction: number | null; detail: string; bytes?: ByteProgress }
  | { type: 'change'; requestId: number; change: JournalChange }
  | { type: 'command'; requestId: number; record: CommandRecord }
  | { type: 'done'; requestId: number; value: HelperDone }
  | { type: 'failed'; requestId: number; error: AppError }
  | { type: 'refused'; requestId: number | null; error: AppError };
