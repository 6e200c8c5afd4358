import { pipConfigEntry, type PipConfigEntry } from '../../index/pipConfigEntry.js';

const ESCAPES: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0' };
const HEX_DIGITS: Record<string, number> = { x: 2, u: 4, U: 8 };

/** A Python `repr()` of a str ('…' or "…", with backslash escapes) as the string; null when it is not one. */
export function decodePythonStr(literal: string): string | null {
  const quote = literal[0];
  if ((quote !== "'" && quote !== '"') || literal.length < 2 || literal[literal.length - 1] !== quote) return null;
  let out = '';
  for (let i = 1; i < literal.length - 1; i += 1) {
    const char = literal[i]!;
    if (char === quote) return null;
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = literal[i + 1];
    if (next === undefined || i + 1 >= literal.length - 1) return null;
    i += 1;
    if (next in ESCAPES) {
      out += ESCAPES[next];
      continue;
    }
    const digits = HEX_DIGITS[next];
    const hex = digits ? literal.slice(i + 1, i + 1 + digits) : '';
    if (!digits || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) return null;
    const code = Number.parseInt(hex, 16);
    if (code > 0x10ffff) return null;
    out += String.fromCodePoint(code);
    i += digits;
  }
  return out;
}

/**
 * `python -m pip config list`: one `section.key=<repr of the value>` line per setting of pip's merged configuration
 * (files in pip's order, then `:env:` for PIP_* variables; pip ≥ 10). pip splits the name at its first dot; a line
 * that is not of this form, or whose value is not a Python string literal, is left out.
 */
export function parsePipConfigList(stdout: string): PipConfigEntry[] {
  const entries: PipConfigEntry[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const match = /^([^=\s]+?)=(['"].*['"])$/.exec(line);
    const dot = match ? match[1]!.indexOf('.') : -1;
    if (!match || dot <= 0) continue;
    const value = decodePythonStr(match[2]!);
    const entry = value === null ? null : pipConfigEntry(match[1]!.slice(0, dot), match[1]!.slice(dot + 1), value);
    if (entry) entries.push(entry);
  }
  return entries;
}
