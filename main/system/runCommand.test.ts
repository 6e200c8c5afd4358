import { describe, expect, it } from 'vitest';
import { runCommand } from './runCommand.js';

describe('runCommand', () => {
  it('returns output and exit code of a real process', async () => {
    const result = await runCommand(['sh', '-c', 'echo out; echo err >&2; exit 3']);
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('out\n');
    expect(result.stderr).toBe('err\n');
  });

  it('says a missing binary is not installed', async () => {
    await expect(runCommand(['dlsetup-no-such-tool'])).rejects.toMatchObject({ code: 'COMMAND_NOT_FOUND' });
  });

  it('times out a hanging tool', async () => {
    await expect(runCommand(['sleep', '5'], { timeoutMs: 200 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

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
