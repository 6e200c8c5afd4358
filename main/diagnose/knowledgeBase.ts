import { loadDataTable } from '../data/loadDataTable.js';
import { analyzePattern } from './patternSafety.js';
import type { DiagnoseLocale } from '../../shared/types/diagnose.js';

export type LocalizedText = Record<DiagnoseLocale, string>;

export interface KnowledgeFix extends LocalizedText {
  /** Safe to copy and run as is; shown after the text. */
  command?: string;
}

/** One row of data/errors.json. Texts may use `{placeholders}` and `[[optional sections]]` (renderTemplate). */
export interface KnowledgeEntry {
  code: string;
  severity: 'error' | 'warning' | 'info';
  /** Any of these, matched case-insensitively against one line, raises the diagnosis. */
  patterns: string[];
  /** Read values (named groups) from other lines of the same text, without raising the diagnosis. */
  extract?: string[];
  /** Raised by code from parsed facts (e.g. a traceback cut before its message), not by a pattern. */
  structural?: boolean;
  /** Shown only when nothing else is found (a note on harmless lines that people paste as the error). */
  quietWhenOthers?: boolean;
  /** More specific than these codes: when both match, those are dropped. */
  supersedes?: string[];
  title: LocalizedText;
  explanation: LocalizedText;
  fixes: KnowledgeFix[];
  /** Sentences about the machine the diagnosis runs on; each is shown only when every value it names is known. */
  onThisMachine?: LocalizedText[];
  /** The diagnosis offers a plan for the framework the text names: at the version in use, or the newest. */
  offersPlan?: 'sameVersion' | 'latest';
  references: string[];
  source: string;
}

export interface KnowledgeTable {
  reviewedAt: string;
  note?: string;
  entries: KnowledgeEntry[];
}

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
  cached ??= compileKnowledgeBase(loadDataTable<KnowledgeTable>('errors'));
  return cached;
}
