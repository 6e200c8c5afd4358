import { ruledOut, type CompiledKnowledgeBase, type KnowledgeEntry } from './knowledgeBase.js';
import { evidenceLine, type Evidence } from './evidenceLine.js';

/** Words are read in texts up to this long: a problem told in words is a post, not a log (a long log gets what was read). */
export const MAX_WORDS_TEXT = 100_000;

/**
 * Families a user tells only in words, with no tool's message to quote ("the nouveau want ever install and block the
 * nivida module", "secure boot is enabled so the module is not loaded"): each family's `inWords` in data/errors.json.
 * Read only when nothing else was found (where a tool's line names a family, that line decides), in the order the text
 * tells them; the caller marks the diagnoses as read from words alone.
 */
export function wordsOnlyFamilies(lines: readonly string[], kb: CompiledKnowledgeBase): { entry: KnowledgeEntry; evidence: Evidence }[] {
  const found: { entry: KnowledgeEntry; evidence: Evidence }[] = [];
  for (const compiled of kb.entries) {
    if (compiled.inWords.length === 0 || ruledOut(compiled, lines)) continue;
    const evidence = evidenceLine(lines, (line) => compiled.inWords.some((pattern) => pattern.test(line)));
    if (evidence) found.push({ entry: compiled.entry, evidence });
  }
  return found.sort((a, b) => a.evidence.line - b.evidence.line);
}
