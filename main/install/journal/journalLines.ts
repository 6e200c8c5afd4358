import * as v from 'valibot';
import { journalEntrySchema } from '../../../shared/schema/journalSchema.js';
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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a parsed line is a journal entry the engine acts on (shared/schema/journalSchema.ts: the one shape). */
export function isJournalEntry(value: unknown): value is JournalEntry {
  return v.is(journalEntrySchema, value);
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
