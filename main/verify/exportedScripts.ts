import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkScriptErrorEntries } from './checkScriptErrors.js';
import { frameworkCheckScript } from './runFrameworkCheck.js';
import verifyTextEn from '../../locales/en/verify.json' with { type: 'json' };

const SIBLING_IMPORT = /^from (dlsetup_check_\w+) import (?:\([^)]*\)|[^\n]*)\n/gm;
const TOP_LEVEL_NAME = /^(?:def |class )?([A-Za-z_]\w*)(?:\(|:| =)/gm;

/** A line the export replaces, or a clear error when the script no longer has it. */
function fillLine(source: string, line: string, filled: string, file: string): string {
  const lines = source.split('\n');
  const at = lines.indexOf(line);
  // Invariant on the shipped Python sources (tests export every script), never reached from user input.
  if (at < 0) throw new Error(`${file} has no line "${line}" to fill in for the export.`);
  lines[at] = filled;
  return lines.join('\n');
}

/** The check script's modules, each after the modules it imports from, the entry script last. */
function modulesInOrder(entry: string): { name: string; source: string }[] {
  const dir = path.dirname(entry);
  const ordered: { name: string; source: string }[] = [];
  const visit = (name: string) => {
    if (ordered.some((module) => module.name === name)) return;
    const source = readFileSync(path.join(dir, `${name}.py`), 'utf8');
    for (const match of source.matchAll(SIBLING_IMPORT)) visit(match[1]!);
    ordered.push({ name, source });
  };
  visit(path.basename(entry, '.py'));
  return ordered;
}

/** Joined, the modules share one namespace: a top-level name two of them define would silently become one. */
function refuseNameClashes(modules: { name: string; source: string }[]): void {
  const owner = new Map<string, string>();
  for (const { name, source } of modules) {
    for (const match of source.matchAll(TOP_LEVEL_NAME)) {
      const other = owner.get(match[1]!);
      // Invariant on the shipped Python sources (tests export every script), never reached from user input.
      if (other !== undefined && other !== name) throw new Error(`${match[1]} is defined in both ${other}.py and ${name}.py.`);
      owner.set(match[1]!, name);
    }
  }
}

/**
 * dlsetup_check.py as one file for hosts without DL Setup (shell, Ansible and Docker exports ship a single script):
 * its modules joined in import order, with the imports between them dropped (they share one namespace then, so a
 * name defined twice is refused), and data/errors.json's patterns written into it.
 */
export function exportedCheckScript(entry = frameworkCheckScript): string {
  const modules = modulesInOrder(entry);
  refuseNameClashes(modules);
  const section = (name: string, body: string) => `# ---------------------------------------------------------------- ${name}.py\n${body}`;
  const entryModule = modules.at(-1)!;
  const entryBody = entryModule.source.replace(SIBLING_IMPORT, '');
  // The entry's shebang and docstring open the file, its code closes it; the modules it needs stand in between.
  const codeStart = entryBody.search(/^import /m);
  const bundle = [
    entryBody.slice(0, codeStart),
    ...modules.slice(0, -1).map(({ name, source }) => section(name, source.replace(SIBLING_IMPORT, ''))),
    section(entryModule.name, entryBody.slice(codeStart)),
  ].join('\n');
  // ASCII only: Python 3.8's tokenizer misreads a multibyte character that straddles its buffer on a line this long.
  const entries = JSON.stringify(checkScriptErrorEntries()).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return fillLine(bundle, 'EMBEDDED_ERROR_ENTRIES = None', `EMBEDDED_ERROR_ENTRIES = ${entries}`, 'dlsetup_check_diagnosis.py');
}

/** The English of the check script's sentence keys, which dlsetup_report.py words a report's sentences with. */
export function exportedReportScript(source: string): string {
  const english = Object.fromEntries(Object.entries(verifyTextEn).filter(([key]) => key.startsWith('script.')));
  return fillLine(source, 'SCRIPT_SENTENCES = {}', `SCRIPT_SENTENCES = ${JSON.stringify(english)}`, 'dlsetup_report.py');
}
