// A child whose start failed must never be signalled: in a Node process, its kill() signals the caller's whole process
// group (libuv's kill(0, …)); two CI runs died so, every process of the run at once, on a cancelled check of a missing
// Python. (Inside vitest's worker threads the same call did not reach the group when tried, so these tests check the
// guard itself, and that the children DL Setup starts go through it.)
import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { signalChild } from './signalChild.js';
import { spawnCapture } from './spawnCapture.js';

describe('signalChild', () => {
  it('leaves a child that never started alone (no pid), and says so', async () => {
    const child = spawn('/nonexistent/dlsetup-no-such-python', ['x']);
    const failed = new Promise((resolve) => child.once('error', resolve));
    expect(child.pid).toBeUndefined();
    expect(signalChild(child, 'SIGKILL')).toBe(false);
    await expect(failed).resolves.toMatchObject({ code: 'ENOENT' });
  });

  it('signals a started child', async () => {
    const child = spawn('sleep', ['30']);
    const ended = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    expect(signalChild(child, 'SIGTERM')).toBe(true);
    await expect(ended).resolves.toBe('SIGTERM');
  });

  it('never calls kill() without a real pid', () => {
    for (const pid of [undefined, 0, -1, Number.NaN]) {
      const kill = vi.fn();
      expect(signalChild({ pid, kill }, 'SIGKILL')).toBe(false);
      expect(kill).not.toHaveBeenCalled();
    }
  });
});

describe('the children DL Setup starts, killed before their start failed', () => {
  // Both are killed synchronously after a failed start, before Node closes the handle: the window the CI runs died in.
  it('spawnCapture (detection) kills nothing and answers ENOENT; this process lives on', async () => {
    const child = spawnCapture('/nonexistent/dlsetup-no-such-tool', [], {});
    child.kill('SIGKILL');
    await expect(child).resolves.toMatchObject({ code: 'ENOENT' });
    expect(process.kill(process.pid, 0)).toBe(true);
  });

  it("execa's subprocess (installs, checks) is left alone by signalChild; this process lives on", async () => {
    const { execa } = await import('execa');
    const child = execa('/nonexistent/dlsetup-no-such-python', ['-c', 'pass'], { reject: false });
    expect(signalChild(child, 'SIGKILL')).toBe(false);
    await expect(child).resolves.toMatchObject({ failed: true, code: 'ENOENT' });
    expect(process.kill(process.pid, 0)).toBe(true);
  });
});
