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

/**
 * Makes pasted text look like what the tool printed: LF line ends, no ANSI colours or control characters, no markdown
 * fences or quote markers, no shell prompts, no common indentation (markdown code blocks), no trailing blanks.
 */
export function normalizeText(text: string): string {
  if (typeof text !== 'string' || text.length === 0) return '';
  const plain = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replace(ANSI, '').replace(CONTROL, '').replace(/\u00a0/g, ' ');
  const lines: string[] = [];
  for (const raw of plain.split('\n')) {
    if (FENCE.test(raw)) continue;
    const unquoted = raw.replace(QUOTE, '');
    lines.push(stripPrompt(unquoted).trimEnd());
  }
  let indent = Infinity;
  for (const line of lines) {
    if (line === '') continue;
    const width = /^ */.exec(line)?.[0].length ?? 0;
    if (width < indent) indent = width;
    if (indent === 0) break;
  }
  const dedented = indent > 0 && indent !== Infinity ? lines.map((line) => line.slice(indent)) : lines;
  while (dedented.length > 0 && dedented[dedented.length - 1] === '') dedented.pop();
  while (dedented.length > 0 && dedented[0] === '') dedented.shift();
  return dedented.join('\n');
}
