import { describe, expect, it } from 'vitest';
import { runCommand } from './runCommand.js';

// A plain capture runs on Node's spawn, a streamed one on execa: both must behave alike.
describe.each([
  ['a plain capture', {}],
  ['a streamed run', { onLine: () => undefined }],
] as const)('runCommand, %s', (_name, extra) => {
  it('returns output and exit code of a real process', async () => {
    const result = await runCommand(['sh', '-c', 'echo out; echo err >&2; exit 3'], { ...extra });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('out\n');
    expect(result.stderr).toBe('err\n');
  });

  it('passes the environment, with unset values left out', async () => {
    const result = await runCommand(['sh', '-c', 'echo "$DLSETUP_T1-${DLSETUP_T2-unset}"'], { ...extra, env: { DLSETUP_T1: 'one', DLSETUP_T2: undefined } });
    expect(result.stdout).toBe('one-unset\n');
  });

  it('says a missing binary is not installed', async () => {
    await expect(runCommand(['dlsetup-no-such-tool'], { ...extra })).rejects.toMatchObject({ code: 'COMMAND_NOT_FOUND' });
  });

  it('times out a hanging tool', async () => {
    await expect(runCommand(['sleep', '5'], { ...extra, timeoutMs: 200 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('reports a process killed by a signal as one that could not run to completion', async () => {
    await expect(runCommand(['sh', '-c', 'kill -9 $$'], { ...extra })).rejects.toMatchObject({ code: 'COMMAND_FAILED' });
  });
});

describe('runCommand', () => {
  it('cancels through an AbortSignal', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(runCommand(['sleep', '5'], { signal: controller.signal })).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('streams lines as they arrive', async () => {
    const lines: string[] = [];
    await runCommand(['sh', '-c', 'printf "a\\nb\\nc"'], { onLine: (_s, line) => lines.push(line) });
    expect(lines).toEqual(['a', 'b', 'c']);
  });
});

describe('runCommand ends the whole process tree', () => {
  it('kills a hung tool and the children it started when it times out', async () => {
    // A duration no other process uses, so ps finds exactly the children this test started.
    const seconds = `${30 + (process.pid % 1000) / 1000}`;
    await expect(runCommand(['sh', '-c', `sleep ${seconds} & sleep ${seconds}; true`], { timeoutMs: 300 })).rejects.toMatchObject({ code: 'TIMEOUT' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { execFileSync } = await import('node:child_process');
    const left = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.trim() === `sleep ${seconds}`);
    expect(left).toEqual([]);
  });
});
