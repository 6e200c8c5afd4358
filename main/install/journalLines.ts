import type { JournalEntry } from './journalEntry.js';

/** The `t` of the line appendJournalLine writes in place of a line a crash cut short (the cut bytes in `text`). */
export const TORN_MARK = 'torn';

/** A journal line that is not a readable entry: what it recorded is unknown, so rollback cannot claim to be complete. */
export interface DamagedLine {
  /** 1-based line number in the journal file. */
  line: number;
  /** torn: cut short by a crash or a full disk; not-json / not-an-entry: changed by something other than DL Setup. */
  reason: 'torn' | 'not-json' | 'not-an-entry';
  /** The line as found, cut to a readable length. */
  text: string;
}

export interface JournalLines {
  entries: JournalEntry[];
  damaged: DamagedLine[];
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextList = (value: unknown): boolean => Array.isArray(value) && value.every(isText);

// TODO(issue 15): check with the valibot schema in shared/schema/journalSchema.ts once it exists; this is its minimal shape.
function isChange(change: unknown): boolean {
  if (!isObject(change)) return false;
  switch (change.type) {
    case 'file-backed-up':
      return isText(change.path) && isText(change.backup) && isText(change.sha256) && typeof change.mode === 'number';
    case 'file-created':
      return isText(change.path);
    case 'file-written':
      return isText(change.path) && isText(change.sha256);
    case 'dir-created':
      return isText(change.path) && (change.owned === undefined || typeof change.owned === 'boolean');
    case 'packages-installed':
      return (change.manager === 'apt' || change.manager === 'pip') && isTextList(change.packages) && (change.python === undefined || isText(change.python));
    case 'packages-upgraded':
      return change.manager === 'pip' && Array.isArray(change.packages) && change.packages.every((p) => isObject(p) && isText(p.name) && isText(p.from) && isText(p.to)) && isText(change.python);
    case 'alternative-set':
      return isText(change.name) && isText(change.path) && (change.previous === null || isText(change.previous)) && typeof change.registered === 'boolean';
    case 'needs-ldconfig':
    case 'needs-initramfs':
      return true;
    default:
      return false;
  }
}

/** Whether a parsed line has the shape of a journal entry the engine acts on. */
export function isJournalEntry(value: unknown): value is JournalEntry {
  if (!isObject(value) || !isText(value.time)) return false;
  const step = isText(value.stepId);
  switch (value.t) {
    case 'run-started':
      return isText(value.runId) && isObject(value.plan) && Array.isArray(value.plan.steps) && typeof value.dryRun === 'boolean' && Number.isSafeInteger(value.pid);
    case 'run-resumed':
      return Number.isSafeInteger(value.pid);
    case 'step-started':
      return step;
    case 'step-finished':
    case 'run-finished':
      return (value.t === 'run-finished' || step) && isText(value.state);
    case 'command':
      return step && isTextList(value.argv);
    case 'change':
      return step && typeof value.elevated === 'boolean' && isChange(value.change);
    case 'rollback-started':
      return true;
    case 'rollback-undone':
      return step && typeof value.ok === 'boolean' && isChange(value.change);
    case 'rollback-finished':
      return typeof value.ok === 'boolean';
    default:
      return false;
  }
}

const shown = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/**
 * Splits a journal's text into entries and damaged lines. A last line without its newline was cut short by a crash
 * (the next append replaces it with a torn mark); it counts as damaged, since the change it was recording may be made.
 */
export function parseJournalText(text: string): JournalLines {
  const entries: JournalEntry[] = [];
  const damaged: DamagedLine[] = [];
  const lines = text.split('\n');
  const tail = lines.pop()!;
  lines.forEach((raw, index) => {
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      damaged.push({ line, reason: 'not-json', text: shown(raw) });
      return;
    }
    if (isObject(value) && value.t === TORN_MARK) damaged.push({ line, reason: 'torn', text: shown(String(value.text ?? '')) });
    else if (isJournalEntry(value)) entries.push(value);
    else damaged.push({ line, reason: 'not-an-entry', text: shown(raw) });
  });
  if (tail) damaged.push({ line: lines.length + 1, reason: 'torn', text: shown(tail) });
  return { entries, damaged };
}
