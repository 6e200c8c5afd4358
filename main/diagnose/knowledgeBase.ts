import { loadDataTable } from '../data/loadDataTable.js';
import { knowledgeTableSchema } from '../../shared/data/errorsSchema.js';
import { analyzePattern } from './patternSafety.js';

import type { KnowledgeEntry, KnowledgeTable } from '../../shared/data/errorsSchema.js';

/** One row of data/errors.json and the table, inferred from their schema (shared/data/errorsSchema.ts). */
export type { KnowledgeEntry, KnowledgeFix, KnowledgeTable, LocalizedText } from '../../shared/data/errorsSchema.js';

export interface CompiledEntry {
  entry: KnowledgeEntry;
  triggers: RegExp[];
  extractors: RegExp[];
  /** Matches a line that may hold a trigger or an extractor of this entry (required literals). */
  gate: RegExp | null;
}

export interface CompiledKnowledgeBase {
  table: KnowledgeTable;
  entries: CompiledEntry[];
  /** One pass over the whole text finds every line worth a closer look. */
  prefilter: RegExp | null;
  byCode: Map<string, CompiledEntry>;
}

const escapeLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Compiles the table; throws when a pattern could backtrack without bound (patternSafety). */
export function compileKnowledgeBase(table: KnowledgeTable): CompiledKnowledgeBase {
  const allLiterals = new Set<string>();
  const entries = table.entries.map((entry): CompiledEntry => {
    const literals = new Set<string>();
    const compile = (source: string) => {
      const analysis = analyzePattern(source);
      // Invariant on shipped data/errors.json (its own test loads it); users do not edit files inside the app package.
      if (analysis.problems.length > 0) throw new Error(`errors.json ${entry.code}: unsafe pattern /${source}/: ${analysis.problems.join('; ')}`);
      for (const literal of analysis.literals) literals.add(literal);
      return new RegExp(source, 'i');
    };
    const triggers = entry.patterns.map(compile);
    const extractors = (entry.extract ?? []).map(compile);
    for (const literal of literals) allLiterals.add(literal);
    const gate = literals.size > 0 ? new RegExp([...literals].map(escapeLiteral).join('|'), 'i') : null;
    return { entry, triggers, extractors, gate };
  });
  // Longest first, so the alternation reports the most specific literal at a position.
  const sorted = [...allLiterals].sort((a, b) => b.length - a.length);
  const prefilter = sorted.length > 0 ? new RegExp(sorted.map(escapeLiteral).join('|'), 'gi') : null;
  return { table, entries, prefilter, byCode: new Map(entries.map((compiled) => [compiled.entry.code, compiled])) };
}

let cached: CompiledKnowledgeBase | null = null;

/** data/errors.json, compiled once per process. */
export function loadKnowledgeBase(): CompiledKnowledgeBase {
  cached ??= compileKnowledgeBase(loadDataTable('errors', knowledgeTableSchema));
  return cached;
}
