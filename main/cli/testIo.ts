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

/** Commands read the user's language from the environment: tests pin it (pass vi.stubEnv) so the developer's own LANG cannot change what they see. */
export function pinLocaleEnv(stubEnv: (name: string, value: string) => unknown, lang: string): void {
  stubEnv('LC_ALL', '');
  stubEnv('LC_MESSAGES', '');
  stubEnv('LANG', lang);
}
