import { pipConfigEntry, type PipConfigEntry } from './pipConfigEntry.js';

/**
 * A pip.conf as pip reads it (Python's RawConfigParser): `[section]` headers; `key = value` or `key: value`; lines
 * starting with # or ; are comments; an indented line continues the value before it (joined with a newline); keys
 * are lower-cased; [DEFAULT]'s keys apply to every section. Text only: nothing in it is run or followed. A line
 * configparser would refuse (a key before any section) is skipped here; pip itself would then refuse the file.
 */
export function parsePipIni(text: string): PipConfigEntry[] {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | null = null;
  let last: string[] | null = null;
  for (const raw of text.split(/\r\n|\n|\r/)) {
    const continued = /^[ \t]/.test(raw) && last !== null;
    const line = raw.trim();
    if (/^[#;]/.test(line)) continue;
    if (continued) {
      last!.push(line);
      continue;
    }
    if (line === '') {
      last = null;
      continue;
    }
    const header = /^\[([^\]]+)\]/.exec(line);
    if (header) {
      current = sections.get(header[1]!) ?? new Map();
      sections.set(header[1]!, current);
      last = null;
      continue;
    }
    const option = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(line);
    if (!current || !option) {
      last = null;
      continue;
    }
    last = [option[2]!];
    current.set(option[1]!.toLowerCase(), last);
  }
  const defaults = sections.get('DEFAULT') ?? new Map<string, string[]>();
  const entries: PipConfigEntry[] = [];
  for (const [section, options] of sections) {
    if (section === 'DEFAULT') continue;
    for (const [key, lines] of new Map([...defaults, ...options])) {
      const entry = pipConfigEntry(section, key, lines.join('\n').trim());
      if (entry) entries.push(entry);
    }
  }
  return entries;
}
