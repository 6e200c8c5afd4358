import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testPlan } from '../../testkit/install/testPlan.js';
import { pinLocaleEnv, runCliFromPipe } from './testIo.js';

let tmp: string;
let home: string;
let data: string;

/** One unprivileged step that fails for real: ~/.bashrc is a folder, so the CUDA variables cannot be written there. */
const failingPlan = testPlan([{ id: 'vars', kind: 'env-vars', title: 'Set CUDA variables', elevated: false, params: { scope: 'user', cudaHome: '/usr/local/cuda-12.4' } }]);

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-cli-footer-'));
  home = path.join(tmp, 'home');
  mkdirSync(path.join(home, '.bashrc'), { recursive: true });
  writeFileSync(path.join(tmp, 'plan.json'), JSON.stringify(failingPlan));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

beforeEach(() => {
  data = mkdtempSync(path.join(tmp, 'data-'));
  pinLocaleEnv(vi.stubEnv, 'en_US.UTF-8');
  vi.stubEnv('HOME', home);
  vi.stubEnv('DLSETUP_HOME', data);
});
afterEach(() => vi.unstubAllEnvs());

const dlsetup = runCliFromPipe;

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

describe('where to look after a failure', () => {
  it('dlsetup --help names the log file and the run journals', async () => {
    const { stdout } = await dlsetup(['--help']);
    expect(stdout).toContain(`Log: ${path.join(data, 'logs', 'dlsetup.log')}\nRun journals: ${path.join(data, 'runs')}\n`);
  });

  it('a failed install ends with the log and that run\'s journal; the log holds what happened, the proxy password left out', async () => {
    const { code, stdout, stderr } = await dlsetup(['install', '--plan', path.join(tmp, 'plan.json'), '--yes', '--proxy', 'http://jane:pr0xyPass@proxy.example:3128']);
    expect(code, stdout + stderr).toBe(1);
    const runId = /\(run (\d{8}-\d{6}-[0-9a-f]{6})\)/.exec(stdout)![1]!;
    const logFile = path.join(data, 'logs', 'dlsetup.log');
    expect(lastLine(stderr)).toBe(`Log: ${logFile}; run journal: ${path.join(data, 'runs', `${runId}.jsonl`)}`);
    const log = readFileSync(logFile, 'utf8');
    expect(log).toMatch(new RegExp(`\\[cli ${process.pid}\\] dlsetup install --plan \\S+ --yes --proxy http://\\[redacted\\]@proxy\\.example:3128 — DL Setup \\d`));
    expect(log).not.toContain('pr0xyPass');
    expect(log).toContain(`Log: ${logFile}; run journal:`);
    expect(log).toMatch(/exit 1 after \d+ ms\n$/);
  });

  it('in Chinese with --lang zh-CN', async () => {
    const { code, stderr } = await dlsetup(['install', '--plan', path.join(tmp, 'plan.json'), '--yes', '--lang', 'zh-CN']);
    expect(code).toBe(1);
    expect(lastLine(stderr)).toMatch(new RegExp(`^日志：${path.join(data, 'logs', 'dlsetup.log')}；运行记录：${path.join(data, 'runs')}/\\S+\\.jsonl$`));
  });

  it('a refusal that started no run stays one line, and an earlier run\'s journal is never named', async () => {
    expect((await dlsetup(['install', '--plan', path.join(tmp, 'plan.json'), '--yes'])).code).toBe(1);
    const refused = await dlsetup(['rollback', 'nope']);
    expect(refused).toEqual({ code: 1, stdout: '', stderr: 'dlsetup rollback: "nope" is not a DL Setup run id. [INVALID_ARGUMENT]\n' });
    expect(readFileSync(path.join(data, 'logs', 'dlsetup.log'), 'utf8')).toContain('dlsetup rollback: "nope" is not a DL Setup run id.');
  });

  it('machine-readable output stays machine-readable: no footer after --json-progress', async () => {
    const { code, stderr } = await dlsetup(['install', '--plan', path.join(tmp, 'plan.json'), '--yes', '--json-progress']);
    expect(code).toBe(1);
    expect(stderr).not.toContain('Log:');
  });
});
