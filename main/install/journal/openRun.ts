import { isLocale, type Locale } from '../../../shared/i18n/localize.js';
import type { Plan } from '../../../shared/types/plan.js';
import { installText, type InstallSay } from '../../system/installText.js';
import type { JournalEntry } from './journalEntry.js';
import type { DamagedLine } from './journalLines.js';
import { RunJournal, readRunJournal, type JournalRead } from './runJournal.js';
import { currentBootId } from './runStatusFromJournal.js';

/** A run whose journal is open and whose first entry (run-started, or run-resumed) is on disk. */
export interface OpenedRun {
  journal: RunJournal;
  /** The entries of the run so far (empty for a new run). */
  previous: JournalEntry[];
  locale: Locale;
}

/** The language a journalled run last spoke (English when it never said, or said something unknown). */
export function journalLocale(entries: JournalEntry[]): Locale {
  let locale: Locale = 'en';
  for (const entry of entries) if ((entry.t === 'run-started' || entry.t === 'run-resumed') && isLocale(entry.locale)) locale = entry.locale;
  return locale;
}

/** "the journal of run X (file) is damaged at line 3, 7, …", in `say`'s language. */
export function damageSentence(runId: string, file: string, damaged: DamagedLine[], say: InstallSay): string {
  const lines = damaged.map((line) => line.line).join(say('list.separator'));
  return say('journal.damagedLines', { runId, file, lines });
}

/**
 * Refuses to resume from a journal that cannot say which steps are done: a damaged line (a line cut short by a crash
 * is what resume is for, so it passes), or no run-started entry (cut short as the run began). JOURNAL_DAMAGED.
 */
export function checkResumable(runId: string, read: JournalRead, say: InstallSay): void {
  const damaged = read.damaged.filter((line) => line.reason !== 'torn');
  if (damaged.length) {
    throw say.error('JOURNAL_DAMAGED', 'journal.resumeDamaged', { runId, damage: damageSentence(runId, read.file, damaged, say) }, { detail: read.file });
  }
  if (!read.entries.some((entry) => entry.t === 'run-started')) throw say.error('JOURNAL_DAMAGED', 'journal.noStart', { runId, file: read.file }, { detail: read.file });
}

/**
 * Opens a run before any of its steps: a new run's journal is created with its run-started entry (DISK_FULL and no
 * journal file when that cannot be written); a resumed run's journal must be whole (a line cut short by a crash is
 * what resume is for; any other damaged line is JOURNAL_DAMAGED) and gets its run-resumed entry.
 */
export function openRun(options: { runId: string; plan: Plan; dryRun?: boolean; resume?: boolean; locale?: Locale }): OpenedRun {
  const { runId } = options;
  const now = new Date().toISOString();
  if (!options.resume) {
    const locale = options.locale ?? 'en';
    // English is the default, so an English run's journal stays as it always was.
    const localeField = locale !== 'en' ? { locale } : {};
    const journal = RunJournal.begin(runId, { t: 'run-started', time: now, runId, plan: options.plan, dryRun: !!options.dryRun, pid: process.pid, bootId: currentBootId(), ...localeField });
    return { journal, previous: [], locale };
  }
  const read = readRunJournal(runId, installText(options.locale));
  const locale = options.locale ?? journalLocale(read.entries);
  checkResumable(runId, read, installText(locale));
  const journal = new RunJournal(runId);
  journal.append({ t: 'run-resumed', time: now, pid: process.pid, bootId: currentBootId(), ...(locale !== 'en' || options.locale ? { locale } : {}) });
  return { journal, previous: read.entries, locale };
}
