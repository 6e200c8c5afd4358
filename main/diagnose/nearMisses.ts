import type { DiagnoseFacts, DiagnoseLocale, DiagnoseUnmatched } from '../../shared/types/diagnose.js';
import type { CompiledKnowledgeBase } from './knowledgeBase.js';
import { renderTemplate } from './renderTemplate.js';

/** The part of a text a near-miss summary reads: the summary is a hint, and a bound keeps it linear. */
const SCAN = 1_000_000;
const MAX_HITS = 20_000;
const MAX_EXTRACTED = 12;

// Libraries, architectures and CUDA versions people need named back to them when nothing is recognised.
const NAMED = [
  /\blib[\w+-]{1,40}\.so(?:\.\d{1,4}){0,4}\b/g,
  /\b[\w-]{1,40}\.dll\b/gi,
  /\b(?:sm|compute)_\d{2,3}[af]?\b/g,
  /\bgfx\d{3,4}[a-z]?\b/g,
  /\bCUDA(?: Version:?| version| toolkit)? ?(\d{1,2}\.\d{1,2})\b/gi,
];

function extracted(text: string, facts: DiagnoseFacts): string[] {
  const known = new Set([facts.cudaVersion, facts.toolkitVersion?.split('.').slice(0, 2).join('.')].filter(Boolean).map((version) => `CUDA ${version}`));
  const found = new Set<string>();
  for (const pattern of NAMED) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null && found.size < MAX_EXTRACTED; match = pattern.exec(text)) {
      const value = match[1] ? `CUDA ${match[1]}` : match[0];
      if (!known.has(value)) found.add(value);
    }
  }
  return [...found];
}

/**
 * When no family matched: what the text names (libraries, architectures, versions) and the families whose key words
 * it holds without their full message, most words first. One pass of the knowledge base's prefilter finds the words.
 */
export function unmatchedSummary(text: string, facts: DiagnoseFacts, kb: CompiledKnowledgeBase, locale: DiagnoseLocale): DiagnoseUnmatched {
  const scan = text.length > SCAN ? text.slice(0, SCAN) : text;
  const held = new Set<string>();
  const prefilter = kb.prefilter;
  if (prefilter) {
    prefilter.lastIndex = 0;
    let hits = 0;
    for (let hit = prefilter.exec(scan); hit !== null && hits < MAX_HITS; hit = prefilter.exec(scan), hits += 1) held.add(hit[0].toLowerCase());
  }
  const closest = kb.entries
    .map((compiled) => ({ compiled, found: compiled.literals.filter((literal) => held.has(literal)) }))
    .filter((candidate) => candidate.found.length > 0 && candidate.compiled.entry.severity !== 'info')
    .sort((a, b) => b.found.length - a.found.length || b.found.length / b.compiled.literals.length - a.found.length / a.compiled.literals.length)
    .slice(0, 3)
    .map(({ compiled, found }) => {
      const title = compiled.entry.title;
      return { code: compiled.entry.code, title: renderTemplate(title[locale] ?? title.en, {}) ?? compiled.entry.code, found: found.slice(0, 3) };
    });
  return { extracted: extracted(scan, facts), closest };
}
