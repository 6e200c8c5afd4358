// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- mvdan-sh ships no types; this file brings them to every program that imports it
/// <reference path="./mvdanSh.d.ts" />
/**
 * The structure of a shell script as a real parser (mvdan.cc/sh, POSIX mode) reads it: every statement, command name
 * and argument count, expansion, redirection and unquoted glob, in order, with the literal text of words left out. Two
 * scripts with equal shapes run the same commands; a value that stayed data changes only the text inside one word.
 */
import sh from 'mvdan-sh';

const { syntax } = sh;

/** A Go value as GopherJS keeps it: structs are plain objects whose constructor names the Go type. */
type GoValue = Record<string, unknown> & { constructor: { string?: string; nil?: unknown } };

function typeOf(value: GoValue): string {
  return (value.constructor.string ?? '').replace(/^\*?syntax\./, '');
}

/** The elements of a Go slice. */
function items(slice: unknown): GoValue[] {
  const s = slice as { $array?: GoValue[]; $offset: number; $length: number } | null;
  return s?.$array ? s.$array.slice(s.$offset, s.$offset + s.$length) : [];
}

function isNode(value: unknown): value is GoValue {
  if (!value || typeof value !== 'object') return false;
  const go = value as GoValue;
  const type = go.constructor.string ?? '';
  // Positions say where, not what: two scripts of the same shape differ in them.
  return go !== go.constructor.nil && /^\*?syntax\./.test(type) && !type.endsWith('.Pos');
}

/** The literal text of a word made only of literal and single-quoted parts; '?' when it expands anything. */
function wordText(word: unknown): string {
  if (!isNode(word)) return '';
  const parts = items(word.Parts);
  return parts.every((part) => ['Lit', 'SglQuoted'].includes(typeOf(part))) ? parts.map((part) => String(part.Value)).join('') : '?';
}

/**
 * Throws the parser's own message when `script` is not valid POSIX sh. (It reads GopherJS's Go values directly:
 * mvdan-sh's public Walk wraps every node for JavaScript and takes half a second on an exported install.sh.)
 */
export function shellShape(script: string): string[] {
  const file = syntax.NewParser(syntax.Variant(syntax.LangPOSIX)).Parse(script, 'script');
  const shape: string[] = [];
  const visit = (node: GoValue): void => {
    const type = typeOf(node);
    switch (type) {
      case 'CallExpr':
        // A command found on PATH is named; one run by its path (a folder the plan chose) is only marked as such.
        shape.push(`command ${wordText(items(node.Args)[0]).replace(/^.*\/.*$/, '<path>')} args=${items(node.Args).length} assigns=${items(node.Assigns).length}`);
        break;
      case 'Assign':
        shape.push(`assign ${String((node.Name as GoValue | null)?.Value)}`);
        break;
      case 'ParamExp':
        shape.push(`$${String((node.Param as GoValue).Value)}`);
        break;
      case 'Redirect':
        // A here-document's body is text (every one DL Setup writes has a quoted delimiter): only the target counts.
        shape.push(`redirect ${String(node.Op)} ${wordText(node.Word)}`);
        if (isNode(node.Word)) visit(node.Word);
        return;
      case 'Word':
        for (const part of items(node.Parts)) {
          if (typeOf(part) === 'Lit' && /[*?[]|^~/.test(String(part.Value))) shape.push(`glob ${String(part.Value)}`);
        }
        break;
      case 'File':
      case 'Lit':
      case 'SglQuoted':
      case 'DblQuoted':
      case 'Comment':
        break;
      default:
        shape.push(type);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$val' || !value || typeof value !== 'object') continue;
      if ('$array' in value) {
        for (const item of items(value)) if (isNode(item)) visit(item);
      }
      else if (isNode(value)) visit(value);
    }
  };
  visit(file.__internal_object__ as GoValue);
  return shape;
}

const paragraphShapes = new Map<string, string[] | null>();

/**
 * shellShape, faster for many variants of one long script: paragraphs (split at blank lines) that parse on their own as
 * complete statements are parsed once and remembered, and the script's shape is theirs in order (complete statements
 * joined by newlines are read the same as apart). When any paragraph is incomplete alone (a quote or here-document
 * spanning a blank line, a trailing backslash), the whole script is parsed instead.
 */
export function shellShapeByParagraphs(script: string): string[] {
  const shape: string[] = [];
  for (const paragraph of script.split(/\n\n+/)) {
    if (!paragraphShapes.has(paragraph)) {
      let parsed: string[] | null;
      try {
        parsed = /\\\s*$/.test(paragraph) ? null : shellShape(paragraph);
      } catch {
        parsed = null;
      }
      if (paragraphShapes.size > 20_000) paragraphShapes.clear();
      paragraphShapes.set(paragraph, parsed);
    }
    const known = paragraphShapes.get(paragraph);
    if (!known) return shellShape(script);
    shape.push(...known);
  }
  return shape;
}
