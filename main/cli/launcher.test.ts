import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstalledCli } from '../../testkit/buildInstalledCli.js';

let cliDir: string;
beforeAll(async () => {
  cliDir = await buildInstalledCli('launcher');
});
afterAll(() => rmSync(cliDir, { recursive: true, force: true }));

describe('the dlsetup launcher', () => {
  it('stops quietly with exit 0 when the reader of its output goes away (dlsetup detect --json | head)', async () => {
    const child = spawn(process.execPath, [path.join(cliDir, 'bin', 'dlsetup.js'), 'detect', '--json', '--quick'], { stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader closes before the first byte arrives, as `head -c 1` does once it has what it wants.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  }, 60_000);
});
