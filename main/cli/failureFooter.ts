import { statSync } from 'node:fs';
import { appLogFile } from '../system/appLog.js';
import type { Say } from '../../shared/i18n/localize.js';

/** The journal of the install run this process started or resumed since `since` (ms), if any: the run a failure belongs to. */
export async function journalOfThisProcess(since: number): Promise<string | null> {
  // Loaded only after a failure: most commands never touch a run.
  const { journalPath, listRunIds, readJournal } = await import('../install/journal/runJournal.js');
  for (const runId of listRunIds().reverse()) {
    const file = journalPath(runId);
    try {
      if (statSync(file).mtimeMs < since) continue;
      const ours = readJournal(runId).some((entry) => (entry.t === 'run-started' || entry.t === 'run-resumed') && entry.pid === process.pid && Date.parse(entry.time) >= since);
      if (ours) return file;
    } catch {
      // Removed or unreadable since it was listed: not a journal to point at.
    }
  }
  return null;
}

/**
 * The last line of a failure, saying where to look: the log and the run's journal when the failure belongs to a run,
 * the log alone after an unexpected error (its stack is there), nothing for an ordinary refusal.
 */
export async function failureFooter(options: { since: number; unexpected: boolean; say: Say<'cli'> }): Promise<string | null> {
  const journal = await journalOfThisProcess(options.since);
  if (journal) return options.say('failure.whereToLook', { logFile: appLogFile(), journal });
  return options.unexpected ? options.say('failure.log', { logFile: appLogFile() }) : null;
}
