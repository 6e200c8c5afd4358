import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../shared/types/install.js';
import { InstallService } from '../installService.js';
import { readJournal } from '../journal/runJournal.js';
import { buildHelperBundle } from '../../../testkit/install/helperBundle.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { CONNECT_FLAG, TOKEN_FLAG } from './connectBack.js';
import { installFakePowerShell } from '../../../testkit/elevation/fakePowerShellTool.js';

/**
 * The whole 'uac' path through the install engine, with a stand-in for Windows PowerShell: it decodes the real launch
 * script, reads its Start-Process with models of PowerShell's and Windows' parsers, and starts (or declines to start)
 * the real helper, which connects back. The UAC prompt itself and the real parsers need Windows and are not tested here.
 */
let tmp: string;
let bundle: string;
let fake: string;
const saved = { ...process.env };

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-uac-'));
  bundle = await buildHelperBundle();
  mkdirSync(path.join(tmp, 'bin'));
  fake = await installFakePowerShell(path.join(tmp, 'bin'));
  writeFileSync(path.join(tmp, 'bin', 'ldconfig'), '#!/bin/sh\nexit 0\n');
  chmodSync(path.join(tmp, 'bin', 'ldconfig'), 0o755);
  mkdirSync(path.join(tmp, 'root', 'etc', 'profile.d'), { recursive: true });
  mkdirSync(path.join(tmp, 'root', 'etc', 'ld.so.conf.d'), { recursive: true });
});

beforeEach(() => {
  process.env = { ...saved };
  delete process.env.SystemRoot;
  Object.assign(process.env, {
    DLSETUP_HELPER_ENTRY: bundle,
    DLSETUP_HOME: path.join(tmp, 'home'),
    DLSETUP_SYSROOT: path.join(tmp, 'root'),
    PATH: `${path.join(tmp, 'bin')}:${saved.PATH}`,
    FAKE_UAC_LOG: path.join(tmp, 'uac.log'),
    FAKE_UAC_HELPER_STDERR: path.join(tmp, 'helper.stderr'),
  });
  rmSync(path.join(tmp, 'uac.log'), { force: true });
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(bundle, { force: true });
  rmSync(fake, { force: true });
  process.env = saved;
});

const plan = () =>
  testPlan([{ id: 'env', kind: 'env-vars', title: 'Set CUDA variables for everyone', elevated: true, params: { scope: 'system', cudaHome: '/usr/local/cuda-12.4' } }]);

async function run(service: InstallService) {
  const events: ProgressEvent[] = [];
  service.onProgress((event) => events.push(event));
  const { runId } = service.start(plan());
  return { runId, status: await service.wait(runId), events };
}

const launches = () =>
  readFileSync(path.join(tmp, 'uac.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { flags: string[]; file: string; args: string[] });

describe("elevation 'uac' through the install engine (stand-in PowerShell, real helper over the loopback connection)", () => {
  it('runs the elevated step in the helper that UAC started and rolls it back the same way', async () => {
    process.env.FAKE_UAC_ANSWER = 'yes';
    const service = new InstallService({ elevation: 'uac' });
    const { runId, status } = await run(service);
    expect(status.error).toBeUndefined();
    expect(status.state).toBe('succeeded');
    expect(readFileSync(path.join(tmp, 'root', 'etc', 'profile.d', 'dlsetup-cuda.sh'), 'utf8')).toContain('export CUDA_HOME=/usr/local/cuda-12.4');
    const [launch] = launches();
    expect(launch!.flags).toEqual(['-NoLogo', '-NoProfile', '-NonInteractive']);
    expect(launch!.file).toBe(process.execPath);
    expect(launch!.args).toEqual([bundle, expect.stringMatching(new RegExp(`^${CONNECT_FLAG}=127\\.0\\.0\\.1:\\d+$`)), expect.stringMatching(new RegExp(`^${TOKEN_FLAG}=[0-9a-f]{64}$`))]);
    const changes = readJournal(runId).filter((entry) => entry.t === 'change');
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((entry) => entry.t === 'change' && entry.elevated)).toBe(true);

    const result = await service.rollback(runId);
    expect(result.ok).toBe(true);
    expect(existsSync(path.join(tmp, 'root', 'etc', 'profile.d', 'dlsetup-cuda.sh'))).toBe(false);
    // One prompt for the run and one for the rollback, each launch with its own token.
    const both = launches();
    expect(both).toHaveLength(2);
    expect(both[0]!.args[2]).not.toBe(both[1]!.args[2]);
  });

  it('reports ELEVATION_DENIED, in words a person can act on, and changes nothing when the prompt is declined', async () => {
    process.env.FAKE_UAC_ANSWER = 'no';
    const { status, events } = await run(new InstallService({ elevation: 'uac' }));
    expect(status.state).toBe('failed');
    expect(status.error?.code).toBe('ELEVATION_DENIED');
    expect(status.error?.message).toMatch(/Windows permission prompt was declined\. Nothing was changed\. Start the install again and choose Yes/);
    expect(events.some((event) => event.type === 'step-started')).toBe(false);
    expect(existsSync(path.join(tmp, 'root', 'etc', 'profile.d', 'dlsetup-cuda.sh'))).toBe(false);
    expect(launches()).toHaveLength(1);
  });
});
