import { evidenceLine } from './evidenceLine.js';
import type { StructuralMatch } from './structuralMatches.js';

/** nouveau named with what it does to the NVIDIA driver: blocks it, holds the card, errors in the kernel log. */
const NOUVEAU_IN_WORDS = /\bnouveau\b[^\n]{0,120}\b(?:block(?:s|ed|ing)?|prevent(?:s|ed|ing)?|conflicts?|in use|takes? over|present|loaded|errors?|crash(?:es|ed)?)\b|\b(?:block(?:s|ed)?|conflicts?|errors?) (?:about|from|with|by) [`'"]?nouveau\b/i;

/**
 * Families a user tells only in words, with no tool's message to quote ("the nouveau want ever install and block the
 * nivida module"). Read only when nothing else was found: where a tool's line names a family, that line decides.
 */
export function wordsOnlyFamilies(lines: readonly string[]): StructuralMatch[] {
  const nouveau = evidenceLine(lines, NOUVEAU_IN_WORDS);
  return nouveau ? [{ code: 'NOUVEAU_CONFLICT', evidence: nouveau, values: {} }] : [];
}
