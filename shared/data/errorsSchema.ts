import * as v from 'valibot';
import { flag, listOf, oneOf, reviewedAt, row, source, text, texts } from './tableParts.js';

/** A sentence in each language `dlsetup diagnose` speaks. */
export const localizedTextSchema = row({ en: text, 'zh-CN': text });

export const knowledgeFixSchema = row({
  en: text,
  'zh-CN': text,
  /** Safe to copy and run as is; shown after the text. */
  command: v.optional(text),
});

/** One row of data/errors.json. Texts may use `{placeholders}` and `[[optional sections]]` (renderTemplate). */
export const knowledgeEntrySchema = row({
  code: text,
  severity: oneOf(['error', 'warning', 'info']),
  /** Any of these, matched case-insensitively against one line, raises the diagnosis. */
  patterns: texts,
  /** CUDA runtime errors (names in data/cuda-errors.json) that raise it too, in every form tools print them. */
  cudaErrors: v.optional(texts),
  /**
   * How a user tells this problem in their own words ("secure boot is enabled and the module won't load"). Read only
   * when no tool's message in the text named a family; the diagnosis then says it was read from the words alone.
   */
  inWords: v.optional(texts),
  /**
   * A line that rules the family out ("are you root?" beside a dpkg lock: no other apt holds it): the family is then not
   * read from the words or from the text's resemblance to its reports. Patterns of tools' lines decide for themselves.
   */
  notWhen: v.optional(texts),
  /** Read values (named groups) from other lines of the same text, without raising the diagnosis. */
  extract: v.optional(texts),
  /** Raised by code from parsed facts (e.g. a traceback cut before its message), not by a pattern. */
  structural: v.optional(flag),
  /** Shown only when nothing else is found (a note on harmless lines that people paste as the error). */
  quietWhenOthers: v.optional(flag),
  /** More specific than these codes: when both match, those are dropped. */
  supersedes: v.optional(texts),
  title: localizedTextSchema,
  explanation: localizedTextSchema,
  fixes: listOf(knowledgeFixSchema),
  /** Sentences about the machine the diagnosis runs on; each is shown only when every value it names is known. */
  onThisMachine: v.optional(listOf(localizedTextSchema)),
  /** The diagnosis offers a plan for the framework the text names: at the version in use, or the newest. */
  offersPlan: v.optional(oneOf(['sameVersion', 'latest'])),
  references: texts,
  source,
});

/** data/errors.json: the knowledge base of `dlsetup diagnose`. */
export const knowledgeTableSchema = row({ reviewedAt, note: v.optional(text), entries: listOf(knowledgeEntrySchema) });

export type LocalizedText = v.InferOutput<typeof localizedTextSchema>;
export type KnowledgeFix = v.InferOutput<typeof knowledgeFixSchema>;
export type KnowledgeEntry = v.InferOutput<typeof knowledgeEntrySchema>;
export type KnowledgeTable = v.InferOutput<typeof knowledgeTableSchema>;
