import { loadDataTable } from '../data/loadDataTable.js';
import { knowledgeTableSchema } from '../../shared/data/errorsSchema.js';
import { cudaErrorPatterns } from './cudaErrorPatterns.js';
import { analyzePattern } from './patternSafety.js';

import type { KnowledgeEntry, KnowledgeTable } from '../../shared/data/errorsSchema.js';
import { regexLiteral } from './regexLiteral.js';

/** One row of data/errors.json and the table, inferred from their schema (shared/data/errorsSchema.ts). */
export type { KnowledgeEntry, KnowledgeFix, KnowledgeTable, LocalizedText } from '../../shared/data/errorsSchema.js';

export interface CompiledEntry {
  entry: KnowledgeEntry;
  triggers: RegExp[];
  extractors: RegExp[];
  /** The user's own words for the family (read when no trigger matched anywhere in the text). */
  inWords: RegExp[];
  /** Lines that rule the family out of the words and the resemblance (its entry's notWhen). */
  notWhen: RegExp[];
  /** Matches a line that may hold a trigger or an extractor of this entry (required literals). */
  gate: RegExp | null;
  /** The triggers' required literals, lower-case: what a near miss of this family holds. */
  literals: string[];
  /** Those of the triggers and the extractors together (what the gate matches). */
  allLiterals: string[];
}

export interface CompiledKnowledgeBase {
  table: KnowledgeTable;
  entries: CompiledEntry[];
  /** One pass over the whole text finds every line worth a closer look. */
  prefilter: RegExp | null;
  /** The same literals for a scan of one line, and the entries each literal found there may concern (substrings included). */
  lineScan: RegExp | null;
  candidates: Map<string, CompiledEntry[]>;
  byCode: Map<string, CompiledEntry>;
}


/** Compiles the table; throws when a pattern could backtrack without bound (patternSafety). */
export function compileKnowledgeBase(table: KnowledgeTable): CompiledKnowledgeBase {
  const allLiterals = new Set<string>();
  const entries = table.entries.map((entry): CompiledEntry => {
    const literals = new Set<string>();
    const safe = (source: string, prefiltered = true) => {
      const analysis = analyzePattern(source, { prefiltered });
      // Invariant on shipped data/errors.json (its own test loads it); users do not edit files inside the app package.
      if (analysis.problems.length > 0) throw new Error(`errors.json ${entry.code}: unsafe pattern /${source}/: ${analysis.problems.join('; ')}`);
      return analysis;
    };
    const compile = (source: string) => {
      for (const literal of safe(source).literals) literals.add(literal);
      return new RegExp(source, 'i');
    };
    // A family's CUDA errors add the patterns data/cuda-errors.json gives them (their names and sentence).
    const triggers = [...entry.patterns, ...cudaErrorPatterns(entry.cudaErrors ?? [])].map(compile);
    const triggerLiterals = [...literals];
    const extractors = (entry.extract ?? []).map(compile);
    // Outside the gate and the prefilter: words are read on their own pass, only when nothing else matched.
    const compileWords = (source: string) => {
      safe(source, false);
      return new RegExp(source, 'i');
    };
    const inWords = (entry.inWords ?? []).map(compileWords);
    const notWhen = (entry.notWhen ?? []).map(compileWords);
    for (const literal of literals) allLiterals.add(literal);
    const gate = literals.size > 0 ? new RegExp([...literals].map(regexLiteral).join('|'), 'i') : null;
    return { entry, triggers, extractors, inWords, notWhen, gate, literals: triggerLiterals, allLiterals: [...literals] };
  });
  // Longest first, so the alternation reports the most specific literal at a position.
  const sorted = [...allLiterals].sort((a, b) => b.length - a.length);
  const prefilter = sorted.length > 0 ? new RegExp(sorted.map(regexLiteral).join('|'), 'gi') : null;
  // The longest literal at a position stands for the shorter ones inside it, so each maps to every entry holding one of those.
  const candidates = new Map(sorted.map((literal) => [literal, entries.filter((compiled) => compiled.allLiterals.some((own) => literal.includes(own)))]));
  const lineScan = prefilter ? new RegExp(prefilter.source, 'gi') : null;
  return { table, entries, prefilter, lineScan, candidates, byCode: new Map(entries.map((compiled) => [compiled.entry.code, compiled])) };
}

let cached: CompiledKnowledgeBase | null = null;

/** Whether a line of the text rules the family out (its notWhen). */
export function ruledOut(compiled: CompiledEntry, lines: readonly string[]): boolean {
  return compiled.notWhen.length > 0 && lines.some((line) => compiled.notWhen.some((pattern) => pattern.test(line)));
}

/** data/errors.json, compiled once per process. */
export function loadKnowledgeBase(): CompiledKnowledgeBase {
  cached ??= compileKnowledgeBase(loadDataTable('errors', knowledgeTableSchema));
  return cached;
}
