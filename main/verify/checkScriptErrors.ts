import { loadDataTable } from '../data/loadDataTable.js';
import { knowledgeTableSchema } from '../../shared/data/errorsSchema.js';

/** The variable dlsetup_check.py reads data/errors.json's patterns from (dlsetup_check_diagnosis.py). */
export const ERROR_ENTRIES_VARIABLE = 'DLSETUP_ERROR_ENTRIES';

export interface ErrorPatternEntry {
  code: string;
  patterns: string[];
}

/**
 * data/errors.json's codes and patterns, which the check script classifies failures with. Handed over as values, not
 * a path: in the installed app data/ sits inside an archive Python cannot open. Empty when the table cannot be read
 * (the script still knows the wordings of running frameworks).
 */
export function checkScriptErrorEntries(): ErrorPatternEntry[] {
  try {
    return loadDataTable('errors', knowledgeTableSchema).entries.map(({ code, patterns }) => ({ code, patterns }));
  } catch {
    return [];
  }
}
