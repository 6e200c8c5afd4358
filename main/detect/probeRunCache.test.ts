import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetProbeRunCache, saveProbeRunCache } from './probeRunCache.js';
import type { ProbeContext } from './probeContext.js';
import { runTool } from './runTool.js';

let tmp: string;
const saved = process.env.DLSETUP_HOME;

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-probecache-'));
  process.env.DLSETUP_HOME = path.join(tmp, 'home');
  resetProbeRunCache();
});
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
  if (saved === undefined) delete process.env.DLSETUP_HOME;
  else process.env.DLSETUP_HOME = saved;
  resetProbeRunCache();
});

const context = (): ProbeContext => ({ platform: 'linux', quick: false, timeoutMs: 5000, env: process.env, warn: () => undefined });

/** A tool that counts its runs in a file and answers with its own version text. */
function tool(version: string, exitCode = 0): string {
  const file = path.join(tmp, 'nvcc');
  writeFileSync(file, `#!/bin/sh\necho run >> "${tmp}/runs"\necho "Cuda compilation tools, release ${version}"\nexit ${exitCode}\n`);
  chmodSync(file, 0o755);
  return file;
}
const runs = () => (existsSync(path.join(tmp, 'runs')) ? readFileSync(path.join(tmp, 'runs'), 'utf8').split('\n').filter(Boolean).length : 0);

describe('the probe run cache', () => {
  it('answers a tool whose files did not change from the previous run, across processes', async () => {
    const nvcc = tool('12.6');
    const first = await runTool(context(), [nvcc, '--version'], 'CUDA version', { files: [nvcc] });
    await saveProbeRunCache();
    resetProbeRunCache(); // as a new `dlsetup detect` process would start
    const second = await runTool(context(), [nvcc, '--version'], 'CUDA version', { files: [nvcc] });
    expect(runs()).toBe(1);
    expect(second).toEqual(first.ok ? { ok: true, result: { ...first.result, durationMs: 0 } } : first);
  });

  it('runs the tool again when its file changed', async () => {
    const nvcc = tool('12.6');
    await runTool(context(), [nvcc, '--version'], 'CUDA version', { files: [nvcc] });
    tool('12.8');
    utimesSync(nvcc, new Date(), new Date(Date.now() + 5000));
    const after = await runTool(context(), [nvcc, '--version'], 'CUDA version', { files: [nvcc] });
    expect(runs()).toBe(2);
    expect(after.ok && after.result.stdout).toContain('release 12.8');
  });

  it('never keeps a failed run: a fixed tool is noticed at once', async () => {
    const nvcc = tool('12.6', 1);
    await runTool(context(), [nvcc, '--version'], 'CUDA version', { files: [nvcc] });
    await runTool(context(), [nvcc, '--version'], 'CUDA version', { files: [nvcc] });
    expect(runs()).toBe(2);
  });

  it('depends on the environment variables it names', async () => {
    const nvcc = tool('12.6');
    const ask = (home: string) => runTool({ ...context(), env: { ...process.env, HOME: home } }, [nvcc, '--version'], 'site dirs', { files: [nvcc], envNames: ['HOME'] });
    await ask('/home/a');
    await ask('/home/a');
    await ask('/home/b');
    expect(runs()).toBe(2);
  });

  it('survives a damaged cache file', async () => {
    const nvcc = tool('12.6');
    await runTool(context(), [nvcc, '--version'], 'CUDA version', { files: [nvcc] });
    await saveProbeRunCache();
    writeFileSync(path.join(process.env.DLSETUP_HOME!, 'cache', 'probe-runs.json'), '{"version":1,"runs":');
    resetProbeRunCache();
    const again = await runTool(context(), [nvcc, '--version'], 'CUDA version', { files: [nvcc] });
    expect(again.ok).toBe(true);
    expect(runs()).toBe(2);
  });
});
