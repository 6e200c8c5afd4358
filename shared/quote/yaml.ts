import { oneLine } from './controlChars.js';

/**
 * What PyYAML (Ansible) and js-yaml may meet unescaped inside a double-quoted scalar: YAML 1.1's printable set without
 * the characters it reads as line breaks (NEL, LS, PS) or strips (BOM). Everything else is written as \uXXXX.
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]/gu;

const UNPRINTABLE_ONE = new RegExp(UNPRINTABLE.source, 'u');

function escape(char: string): string {
  return `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`;
}

/** A YAML double-quoted scalar that reads back as exactly `value` (JSON escapes are YAML escapes). */
export function yamlScalar(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  // JSON.stringify escapes ", \ and C0 controls; lone surrogates come out as \uXXXX escapes, the rest is escaped here.
  return JSON.stringify(value).replace(UNPRINTABLE, escape);
}

/** Plan data for Ansible: text that Jinja would read as a template ({{ }}, {% %}, {# #}) is tagged !unsafe, so it stays text. */
export function ansibleData(value: string | number | boolean): string {
  return typeof value === 'string' && value.includes('{') ? `!unsafe ${yamlScalar(value)}` : yamlScalar(value);
}

/** Multi-line text as a literal block (|-) when every line is plain printable text, else as a double-quoted scalar. */
export function yamlText(text: string, indent = 2, tag = ''): string {
  const body = text.replace(/\n+$/, '');
  const lines = body.split('\n');
  const plain = body !== '' && !/^[ \t]/.test(body) && lines.every((line) => !UNPRINTABLE_ONE.test(line) && !/[ \t]$/.test(line));
  const prefix = tag ? `${tag} ` : '';
  if (!plain) return prefix + yamlScalar(body);
  const pad = ' '.repeat(indent);
  return `${prefix}|-\n${lines.map((line) => (line ? pad + line : '')).join('\n')}`;
}

/** Plan text for Ansible as yamlText, tagged !unsafe when Jinja could read it. */
export function ansibleText(text: string, indent = 2): string {
  return yamlText(text, indent, text.includes('{') ? '!unsafe' : '');
}

/** A comment line that no control character in `text` can end early. */
export function yamlComment(text: string): string {
  return `# ${oneLine(text)}`;
}
