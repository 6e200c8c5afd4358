// Terminal escapes: CSI (colours, cursor), OSC (titles, links) and lone two-character escapes.
const ANSI = /\x1b\[[0-9;?]{0,32}[ -/]{0,4}[@-~]|\x1b\][^\x07\x1b]{0,512}(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;
const FENCE = /^\s{0,3}(?:`{3,}|~{3,})[\w+-]{0,20}\s{0,8}$/;
const QUOTE = /^(?: {0,3}> ?){1,4}(?![>])/;
// Prompts as people paste them: PowerShell, cmd, Python/IPython, user@host shells, bare $ % # (bounded, so linear).
const PROMPTS = [
  /^PS [A-Za-z]:\\[^>\n]{0,260}> ?/,
  /^[A-Za-z]:\\[^>\n]{0,260}> ?(?=\S)/,
  /^(?:>>>|\.\.\.)(?: |$)/,
  /^In \[\d{1,6}\]: /,
  /^(?:\([\w.+-]{1,64}\) )?\[[\w.-]{1,64}@[\w.-]{1,64}(?: [^\]\n]{0,200})?\][$#%] ?/,
  /^(?:\([\w.+-]{1,64}\) )?[\w.-]{1,64}@[\w.-]{1,64}(?::[^\s$#]{0,200}|\[[^\]\n]{0,200}\])?[$#%] ?/,
  /^[$%#] (?=\S)/,
];

/** One line without its prompt: `$ nvcc --version` → `nvcc --version`. */
export function stripPrompt(line: string): string {
  for (const prompt of PROMPTS) {
    const match = prompt.exec(line);
    if (match) return line.slice(match[0].length);
  }
  return line;
}

const SPECIAL_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
// First characters after which a fence, a quote marker or a prompt can start; other lines skip the regexes (10 MB logs).
const MAYBE_DECORATED = new Set(['`', '~', '>', '$', '%', '#', 'P', '.', 'I', '[', '(']);

function cleanLine(raw: string): string {
  let line = raw;
  const first = line.trimStart()[0] ?? '';
  const at = line.indexOf('@');
  const drive = line.length > 2 && line[1] === ':' && line[2] === '\\';
  if (MAYBE_DECORATED.has(first) || (at > 0 && at < 140) || drive) {
    line = stripPrompt(line.replace(QUOTE, ''));
  }
  const last = line.charCodeAt(line.length - 1);
  return last <= 32 ? line.trimEnd() : line;
}

/**
 * Makes pasted text look like what the tool printed: LF line ends, no ANSI colours or control characters, no markdown
 * fences or quote markers, no shell prompts, no common indentation (markdown code blocks), no trailing blanks.
 */
export function normalizeText(text: string): string {
  if (typeof text !== 'string' || text.length === 0) return '';
  let plain = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (plain.includes('\r')) plain = plain.replace(/\r\n?/g, '\n');
  if (SPECIAL_CONTROL.test(plain)) plain = plain.replace(ANSI, '').replace(CONTROL, '');
  if (plain.includes('\u00a0')) plain = plain.replace(/\u00a0/g, ' ');
  const lines: string[] = [];
  for (const raw of plain.split('\n')) {
    if ((raw.includes('```') || raw.includes('~~~')) && FENCE.test(raw.replace(QUOTE, ''))) continue;
    lines.push(cleanLine(raw));
  }
  let indent = Infinity;
  for (const line of lines) {
    if (line === '') continue;
    const width = line.length - line.trimStart().length;
    if (width < indent) indent = width;
    if (indent === 0) break;
  }
  // Tabs count as indentation too; only strip when every line starts with the same run of spaces.
  const prefix = indent > 0 && indent !== Infinity ? ' '.repeat(indent) : '';
  const dedented = prefix && lines.every((line) => line === '' || line.startsWith(prefix)) ? lines.map((line) => line.slice(indent)) : lines;
  while (dedented.length > 0 && dedented[dedented.length - 1] === '') dedented.pop();
  let first = 0;
  while (first < dedented.length && dedented[first] === '') first += 1;
  return (first > 0 ? dedented.slice(first) : dedented).join('\n');
}
