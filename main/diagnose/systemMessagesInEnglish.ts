import { systemMessagesTableSchema } from '../../shared/data/systemMessagesSchema.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { regexLiteral } from './regexLiteral.js';

/** A translation as a pattern: its printf directives capture their values, which go back into the English in order. */
interface Rewrite {
  pattern: RegExp;
  english: string;
  /** Its longest fixed piece: a text without it is not tried. */
  piece: string;
}

const DIRECTIVE = /%[sd]/g;

/** A character for inside a [...] class. */
const inClass = (character: string) => character.replace(/[\\\]^-]/g, '\\$&');

/**
 * What reads the value after piece `index`: at most a path's worth of one line, and never the first character of the
 * piece after it, so each value ends where that piece starts (no backtracking between values, whatever is pasted); one
 * word when the message starts with it ("%s kilidi alınamadı" after "E: "), the rest of the line when it ends with it.
 */
function valuePattern(pieces: readonly string[], index: number): string {
  const next = pieces[index + 1] ?? '';
  if (next === '') return index === pieces.length - 2 ? '([^\\n]{1,240})' : '(\\S{1,240})';
  const stop = inClass(next[0] as string);
  return index === 0 && pieces[0] === '' ? `([^\\s${stop}]{1,240})` : `([^\\n${stop}]{1,240})`;
}

function compileRewrite(english: string, translation: string): Rewrite | null {
  const pieces = translation.split(DIRECTIVE);
  // A translation that is only a directive and a few letters would rewrite ordinary text (three Chinese characters do not).
  const piece = ([...pieces].sort((a, b) => b.length - a.length)[0] as string).toLowerCase();
  if (pieces.join('').replace(/\s/g, '').length < 4) return null;
  const source = pieces.map((text, index) => regexLiteral(text) + (index < pieces.length - 1 ? valuePattern(pieces, index) : '')).join('');
  // Case aside, as the families' own patterns are read ("Ne peut ouvrir" at the start of a sentence or inside it).
  return { pattern: new RegExp(source, 'gi'), english, piece };
}

let compiled: { rewrites: Rewrite[]; anyTranslation: RegExp } | null = null;

/** data/system-messages.json compiled once: longest translations first, so a sentence wins over the phrase inside it. */
function load(): { rewrites: Rewrite[]; anyTranslation: RegExp } {
  if (compiled) return compiled;
  const table = loadDataTable('system-messages', systemMessagesTableSchema);
  const rewrites = table.messages
    .flatMap((message) => message.translations.map((translation) => ({ message, translation })))
    .sort((a, b) => b.translation.text.length - a.translation.text.length)
    .map(({ message, translation }) => compileRewrite(message.msgid, translation.text))
    .filter((rewrite): rewrite is Rewrite => rewrite !== null);
  const literals = [...new Set(rewrites.map((rewrite) => rewrite.piece))].sort((a, b) => b.length - a.length);
  compiled = { rewrites, anyTranslation: new RegExp(literals.map(regexLiteral).join('|'), 'i') };
  return compiled;
}

/** Texts longer than this keep their words: a pasted error is short, and a 10 MB log's scan stays one pass. */
export const MAX_TRANSLATED_TEXT = 1_000_000;

/**
 * The dynamic loader, the C library and apt speak the user's language ("libcudart.so.11.0: 无法打开共享对象文件: 没有那个
 * 文件或目录", "无法获得锁 /var/lib/dpkg/lock-frontend"); the families are written in their English. Each translation in
 * data/system-messages.json (from the programs' own catalogs) becomes its English, values kept; lines stay where they were.
 */
export function systemMessagesInEnglish(text: string): string {
  if (text.length > MAX_TRANSLATED_TEXT) return text;
  const { rewrites, anyTranslation } = load();
  if (!anyTranslation.test(text)) return text;
  let english = text;
  let lower = text.toLowerCase();
  for (const { pattern, english: msgid, piece } of rewrites) {
    if (!lower.includes(piece)) continue;
    pattern.lastIndex = 0;
    english = english.replace(pattern, (...match: unknown[]) => {
      let value = 0;
      return msgid.replace(DIRECTIVE, () => String(match[1 + value++] ?? ''));
    });
    lower = english.toLowerCase();
  }
  return english;
}
