import type { CliIo } from './cliCommand.js';

/** Captures what a command prints, as a person at a pipe would see it. */
export function captureIo(): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return {
    color: false,
    out: (text) => void (out += text),
    err: (text) => void (err += text),
    stdout: () => out,
    stderr: () => err,
  };
}
