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

/** Runs the CLI as from a pipe: stdin is no terminal (nothing asks to confirm), and what it prints is captured. */
export async function runCliFromPipe(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { main } = await import('./main.js');
  const io = captureIo();
  const isTTY = process.stdin.isTTY;
  process.stdin.isTTY = false;
  try {
    const code = await main(args, io);
    return { code, stdout: io.stdout(), stderr: io.stderr() };
  } finally {
    process.stdin.isTTY = isTTY;
  }
}
