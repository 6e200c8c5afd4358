import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ServeHandle {
  url: string;
  origin: string;
  token: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..', '..');

/** Starts the real `dlsetup serve` (built CLI) on a free loopback port, with the environment of a simulated host if given. */
export async function startServe(env: Record<string, string> = {}): Promise<ServeHandle> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'bin', 'dlsetup.js'), 'serve', '--port', '0'], {
    cwd: root,
    env: { ...process.env, ...env, DISPLAY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dlsetup serve printed no URL:\n${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`dlsetup serve exited with ${code}:\n${output}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    // The token rides in the fragment, which the page's script keeps for its tab (never a cookie).
    token: new URLSearchParams(parsed.hash.slice(1)).get('token')!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        if (child.pid) child.kill('SIGTERM');
      }),
  };
}
