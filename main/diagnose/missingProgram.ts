import { shellMessagesTableSchema } from '../../shared/data/shellMessagesSchema.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { evidenceAt, evidenceLine } from './evidenceLine.js';
import type { StructuralMatch } from './structuralMatches.js';
import { regexLiteral } from './regexLiteral.js';

/**
 * "This program is not there", in any shell's or runtime's words, for the programs whose absence is a family of its
 * own: the program is read from the message, then mapped to its family. bash prints the message in the user's
 * language (its 37 translations are data/shell-messages.json, generated from its catalogs); dash, zsh, fish and
 * PowerShell have their own forms; a program a script started (Python's subprocess, Node's spawn, Go's exec) is read
 * from the call that failed.
 */
const FAMILIES: Record<string, string> = { 'nvidia-smi': 'NVIDIA_SMI_NOT_FOUND', nvcc: 'NVCC_NOT_FOUND' };
const PROGRAM = '(nvidia-smi|nvcc)(?:\\.exe)?';

/** bash's "%s: command not found" in each language, with %s the program; any space may be a no-break one, any colon full-width. */
function bashWordings(): string {
  let messages: string[];
  try {
    messages = ['%s: command not found', ...loadDataTable('shell-messages', shellMessagesTableSchema).commandNotFound.map((row) => row.message)];
  } catch {
    messages = ['%s: command not found'];
  }
  return messages.map((message) => regexLiteral(message).replace(/[:：]/g, '[:：]').replace(/[ \u00a0]+/g, '[ \\u00a0]{0,2}').replace('%s', PROGRAM)).join('|');
}

let wordings: RegExp[] | undefined;

/** Built once, from the data: bash in every language, dash's "sh: 1: nvcc: not found", zsh, fish, PowerShell, runtimes. */
function allWordings(): RegExp[] {
  wordings ??= [
    new RegExp(`(?:^|[\\s'"\`])(?:${bashWordings()})`, 'im'),
    new RegExp(`(?:^|[\\s:'"\`])${PROGRAM}['"\`]?: not found\\s{0,4}$|(?:command not found|未找到命令): ${PROGRAM}\\b`, 'im'),
    new RegExp(`Unknown command:? ['"]?${PROGRAM}\\b`, 'i'),
    // People's words: "nvidia-smi is not on path", an error that "nvcc not found", "nvcc命令找不到".
    new RegExp(`(?:^|[\\s"'\`])${PROGRAM}['"\`]? (?:is|was) not (?:on|in) (?:the |my |your )?(?:system )?\\$?PATH\\b|(?:^|[\\s"'\`])${PROGRAM}['"\`]? (?:is |was )?not found\\b|${PROGRAM}\\s?命令(?:找不到|未找到)|找不到\\s?${PROGRAM}`, 'i'),
    // Scripts' own words: "nvidia-smi utility not found", "The nvcc binary could not be located", "could not find nvcc".
    new RegExp(`(?:^|[\\s"'\`])${PROGRAM}['"\`]? (?:utility|binary|command|executable|tool|program) (?:was |is )?(?:not found|missing|could not be (?:located|found))|\\b(?:could not|couldn't|cannot|can't|unable to) (?:find|locate) ['"\`]?${PROGRAM}\\b`, 'i'),
    // PowerShell, in English, German, French, Spanish and Chinese.
    new RegExp(`The term '${PROGRAM}' is not recognized|Die Benennung "${PROGRAM}" wurde nicht|Le terme «\\s?${PROGRAM}\\s?» n'est pas reconnu|El término '${PROGRAM}' no se reconoce|无法将“${PROGRAM}”项识别`, 'i'),
    new RegExp(`No such file or directory: '(?:[^'\\n]{0,200}[\\\\/])?${PROGRAM}'|spawn ${PROGRAM} ENOENT|exec: "${PROGRAM}": executable file not found|which: no ${PROGRAM} in \\(`, 'i'),
  ];
  return wordings;
}

/** A subprocess call that starts the program: `Popen(["nvidia-smi", …` or `subprocess.run("nvcc …`. */
const STARTED = new RegExp(`(?:Popen|run|call|check_output|check_call|getoutput|system)\\(\\s{0,4}\\[?\\s{0,4}["']${PROGRAM}\\b`, 'i');
const FILE_NOT_FOUND = /FileNotFoundError|\[WinError 2\]|\[Errno 2\]|系统找不到指定的文件|The system cannot find the file specified/;

export function missingProgram(text: string, lines: readonly string[]): StructuralMatch | null {
  // Most texts name neither program: one cheap look before the many wordings.
  if (!/nvcc|nvidia-smi/i.test(text)) return null;
  for (const wording of allWordings()) {
    const match = wording.exec(text);
    const program = match?.slice(1).find(Boolean)?.toLowerCase();
    if (!match || !program) continue;
    // The line the message ends on (a match that ends at a line's start belongs to the line before).
    const line = text.slice(0, match.index + match[0].length).split('\n').length - 1;
    return { code: FAMILIES[program]!, evidence: evidenceAt(lines, /^\s*$/.test(lines[line] ?? '') ? line - 1 : line), values: {} };
  }
  // The program a failing script started: its call in the traceback, and the error the start raised.
  const started = evidenceLine(lines, STARTED);
  const failed = started ? evidenceLine(lines, FILE_NOT_FOUND) : undefined;
  if (!started || !failed) return null;
  const program = (STARTED.exec(lines[started.line - 1] as string)?.[1] ?? '').toLowerCase();
  return { code: FAMILIES[program]!, evidence: failed, values: { program } };
}
