import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Separates arguments in a recording log: a byte no argv the engine builds contains. */
const SEP = '\x1f';

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A fake command for a simulated host that appends its argv to `log` (one line per call), then runs `body`
 * (POSIX sh, may use "$@"); the default body just exits 0. Use where this machine cannot run the real tool
 * safely (update-initramfs, ldconfig on the real cache, sudo).
 */
export function writeRecordingTool(binDir: string, name: string, log: string, body = 'exit 0'): string {
  const file = path.join(binDir, name);
  writeFileSync(file, `#!/bin/sh\n{ printf '%s' ${quote(name)}; for a in "$@"; do printf '${SEP}%s' "$a"; done; printf '\\n'; } >> ${quote(log)}\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** The calls a recording tool saw, each as argv (command name first); empty when it never ran. */
export function recordedCalls(log: string): string[][] {
  let text: string;
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(SEP));
}
