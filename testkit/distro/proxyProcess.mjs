// Starts archiveProxy.mjs as a child process and waits for its address.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./archiveProxy.mjs', import.meta.url));

/** The proxy in its own process; `stop()` ends it (SIGTERM), cutting whatever it was relaying. */
export function startProxyProcess(tally, bytesPerSecond = 0) {
  const child = spawn(process.execPath, [SCRIPT, tally, String(bytesPerSecond)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    child.once('exit', (code) => reject(new Error(`the archive proxy exited (${code}) before it listened`)));
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const line = text.split('\n')[0];
      if (text.includes('\n') && line) {
        child.removeAllListeners('exit');
        resolve({
          url: line,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              if (child.pid) child.kill('SIGTERM');
            }),
        });
      }
    });
  });
}
