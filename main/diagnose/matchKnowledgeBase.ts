import type { CompiledEntry, CompiledKnowledgeBase } from './knowledgeBase.js';

/** Longest stretch of one line that patterns see; longer lines are looked at in windows around each prefilter hit. */
export const MAX_LINE = 4096;

export interface KnowledgeMatch {
  compiled: CompiledEntry;
  /** The first line that raised it (1-based) and its text. */
  evidence: { line: number; text: string };
  /** Named groups from the trigger and from extractors anywhere in the text (the first value of each name wins). */
  values: Record<string, string>;
}

/** Counters that let tests check the matcher's shape (each line looked at once) instead of its wall time. */
export interface MatchStats {
  /** Lines (or windows of long lines) handed to the entries' patterns. */
  linesExamined: number;
  /** Individual pattern executions. */
  patternRuns: number;
  /** Start offsets of examined lines; only kept when the caller passes a Set. */
  examinedStarts?: Set<number>;
}

function addValues(target: Record<string, string>, groups: Record<string, string | undefined> | undefined): void {
  if (!groups) return;
  for (const [name, value] of Object.entries(groups)) {
    if (value !== undefined && value !== '' && target[name] === undefined) target[name] = value;
  }
}

/** The entries whose literals a line holds: one scan of the line instead of one gate per entry (linear in the line). */
function entriesConcerned(line: string, kb: CompiledKnowledgeBase): Set<CompiledEntry> {
  const concerned = new Set<CompiledEntry>();
  const scan = kb.lineScan;
  if (!scan) return concerned;
  scan.lastIndex = 0;
  for (let hit = scan.exec(line); hit !== null; hit = scan.exec(line)) {
    for (const compiled of kb.candidates.get(hit[0].toLowerCase()) ?? []) concerned.add(compiled);
    // Literals starting inside this one are found from the next position on.
    scan.lastIndex = hit.index + 1;
  }
  return concerned;
}

/**
 * Runs the knowledge base over text line by line. One global prefilter pass (the entries' required literals) finds
 * candidate lines; each candidate line is examined once, by the entries whose literals it holds. Work is linear in
 * the text's length: every pattern is bounded (patternSafety) and sees at most MAX_LINE characters per line.
 */
export function matchKnowledgeBase(text: string, kb: CompiledKnowledgeBase, stats?: MatchStats): KnowledgeMatch[] {
  const found = new Map<string, KnowledgeMatch>();
  const extracted = new Map<string, Record<string, string>>();
  const prefilter = kb.prefilter;
  if (!prefilter || text.length === 0) return [];
  prefilter.lastIndex = 0;
  // A forward-only cursor over newlines gives each hit its line and line number: one pass, however long the lines.
  let lineNumber = 1;
  let lineStart = 0;
  let nextNewline = text.indexOf('\n');
  for (let hit = prefilter.exec(text); hit !== null; hit = prefilter.exec(text)) {
    const at = hit.index;
    while (nextNewline !== -1 && nextNewline < at) {
      lineNumber += 1;
      lineStart = nextNewline + 1;
      nextNewline = text.indexOf('\n', lineStart);
    }
    const lineEnd = nextNewline === -1 ? text.length : nextNewline;
    const start = lineEnd - lineStart > MAX_LINE ? Math.max(lineStart, at - MAX_LINE / 2) : lineStart;
    const end = lineEnd - lineStart > MAX_LINE ? Math.min(lineEnd, at + MAX_LINE / 2) : lineEnd;
    const line = text.slice(start, end);
    if (stats) {
      stats.linesExamined += 1;
      stats.examinedStarts?.add(start);
    }
    const concerned = entriesConcerned(line, kb);
    for (const compiled of kb.entries) {
      if (!concerned.has(compiled)) continue;
      const code = compiled.entry.code;
      if (!found.has(code)) {
        for (const trigger of compiled.triggers) {
          if (stats) stats.patternRuns += 1;
          const match = trigger.exec(line);
          if (!match) continue;
          const values: Record<string, string> = {};
          addValues(values, match.groups);
          found.set(code, { compiled, evidence: { line: lineNumber, text: line.trim().slice(0, 300) }, values });
          break;
        }
      }
      for (const extractor of compiled.extractors) {
        if (stats) stats.patternRuns += 1;
        const match = extractor.exec(line);
        if (!match) continue;
        if (!extracted.has(code)) extracted.set(code, {});
        addValues(extracted.get(code) as Record<string, string>, match.groups);
      }
    }
    prefilter.lastIndex = Math.max(end, at + 1);
  }
  const matches = [...found.values()];
  for (const match of matches) addValues(match.values, extracted.get(match.compiled.entry.code));
  return matches;
}
