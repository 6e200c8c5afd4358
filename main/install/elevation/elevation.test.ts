import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../shared/types/install.js';
import { InstallService } from '../installService.js';
import { readJournal } from '../journal/runJournal.js';
import { buildHelperBundle } from '../../../testkit/install/helperBundle.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import type { HelperReply } from './helperProtocol.js';

let tmp: string;
let bundle: string;
const saved = { ...process.env };

function script(file: string, body: string): void {
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-elev-'));
  bundle = await buildHelperBundle();
  process.env.DLSETUP_HELPER_ENTRY = bundle;
  process.env.DLSETUP_HOME = path.join(tmp, 'home');
  process.env.DLSETUP_SYSROOT = path.join(tmp, 'root');
  mkdirSync(path.join(tmp, 'root', 'etc', 'profile.d'), { recursive: true });
  mkdirSync(path.join(tmp, 'root', 'etc', 'ld.so.conf.d'), { recursive: true });
  for (const dir of ['allow', 'deny']) mkdirSync(path.join(tmp, dir));
  // The fake pkexec records its argv and runs the helper (password accepted) or exits 126 (prompt dismissed).
  script(path.join(tmp, 'allow', 'pkexec'), `printf '%s\\n' "$@" >> "${tmp}/pkexec.log"\nexec "$@"`);
  script(path.join(tmp, 'deny', 'pkexec'), 'echo "Error executing command as another user: Request dismissed" >&2\nexit 126');
  script(path.join(tmp, 'allow', 'ldconfig'), `echo ldconfig >> "${tmp}/ldconfig.log"`);
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(bundle, { force: true });
  process.env = saved;
});

const systemEnvPlan = () =>
  testPlan([{ id: 'env', kind: 'env-vars', title: 'Set CUDA variables for everyone', elevated: true, params: { scope: 'system', cudaHome: '/usr/local/cuda-12.4' } }]);

async function run(service: InstallService) {
  const events: ProgressEvent[] = [];
  service.onProgress((event) => events.push(event));
  const { runId } = service.start(systemEnvPlan());
  return { runId, status: await service.wait(runId), events };
}

describe('elevation through one helper started by pkexec', () => {
  it('runs the elevated step in the helper when the password is accepted, and rolls it back the same way', async () => {
    process.env.PATH = `${path.join(tmp, 'allow')}:${saved.PATH}`;
    const service = new InstallService({ elevation: 'pkexec' });
    const { runId, status } = await run(service);
    expect(status.error).toBeUndefined();
    expect(status.state).toBe('succeeded');
    const argv = readFileSync(path.join(tmp, 'pkexec.log'), 'utf8').trim().split('\n');
    expect(argv).toEqual([process.execPath, bundle]);
    const profile = readFileSync(path.join(tmp, 'root', 'etc', 'profile.d', 'dlsetup-cuda.sh'), 'utf8');
    expect(profile).toContain('export CUDA_HOME=/usr/local/cuda-12.4');
    expect(readFileSync(path.join(tmp, 'root', 'etc', 'ld.so.conf.d', 'dlsetup-cuda.conf'), 'utf8')).toContain('/usr/local/cuda-12.4/lib64');
    expect(readFileSync(path.join(tmp, 'ldconfig.log'), 'utf8')).toBe('ldconfig\n');
    const changes = readJournal(runId).filter((e) => e.t === 'change');
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((e) => e.t === 'change' && e.elevated)).toBe(true);
    const commands = readJournal(runId).filter((e) => e.t === 'command');
    expect(commands).toEqual([expect.objectContaining({ argv: ['ldconfig'], exitCode: 0, elevated: true })]);

    const result = await service.rollback(runId);
    expect(result.ok).toBe(true);
    expect(existsSync(path.join(tmp, 'root', 'etc', 'profile.d', 'dlsetup-cuda.sh'))).toBe(false);
    expect(existsSync(path.join(tmp, 'root', 'etc', 'ld.so.conf.d', 'dlsetup-cuda.conf'))).toBe(false);
    expect(readFileSync(path.join(tmp, 'pkexec.log'), 'utf8').trim().split('\n')).toHaveLength(4);
  });

  it('reports ELEVATION_DENIED and changes nothing when the password prompt is dismissed', async () => {
    process.env.PATH = `${path.join(tmp, 'deny')}:${saved.PATH}`;
    const { status, events } = await run(new InstallService({ elevation: 'pkexec' }));
    expect(status.state).toBe('failed');
    expect(status.error?.code).toBe('ELEVATION_DENIED');
    expect(status.error?.message).toMatch(/Nothing was changed/);
    expect(events.some((e) => e.type === 'step-started')).toBe(false);
    expect(existsSync(path.join(tmp, 'root', 'etc', 'profile.d', 'dlsetup-cuda.sh'))).toBe(false);
  });
});

describe('the elevated helper process', () => {
  async function talk(lines: unknown[]): Promise<HelperReply[]> {
    const child = spawn(process.execPath, [bundle], { stdio: ['pipe', 'pipe', 'inherit'], env: process.env });
    const replies: HelperReply[] = [];
    readline.createInterface({ input: child.stdout }).on('line', (line) => replies.push(JSON.parse(line) as HelperReply));
    for (const line of lines) child.stdin.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
    child.stdin.end();
    await new Promise((resolve) => child.on('close', resolve));
    return replies;
  }

  it('refuses every descriptor outside its allowlist', async () => {
    const runId = '20250101-000000-abcdef';
    const replies = await talk([
      { type: 'hello', protocol: 1, runId },
      { type: 'run-step', requestId: 1, stepId: 'fw', kind: 'framework', params: { packages: ['torch'] } },
      { type: 'run-step', requestId: 2, stepId: 'env', kind: 'env-vars', params: { scope: 'system', cudaHome: '/etc' } },
      { type: 'run-step', requestId: 3, stepId: 'env', kind: 'env-vars', params: { scope: 'user', cudaHome: '/usr/local/cuda-12.4' } },
      { type: 'run-step', requestId: 4, stepId: 'drv', kind: 'driver', params: { branch: '550; rm -rf /' } },
      // An undo names its run and step only; changes come from the helper's own journal, never from the request.
      { type: 'undo', requestId: 5, stepId: 'env', kind: 'env-vars', changes: [{ type: 'file-created', path: '/etc/passwd' }], written: [] },
      { type: 'undo', requestId: 6, runId, stepId: 'tk', changes: [{ type: 'dir-created', path: '/usr', owned: true }] },
      'rm -rf /',
    ]);
    expect(replies[0]).toMatchObject({ type: 'ready', protocol: 1 });
    const refused = replies.filter((r) => r.type === 'refused');
    expect(refused.map((r) => r.requestId)).toEqual([1, 2, 3, 4, 5, 6, null]);
    expect(refused.map((r) => (r as { error: { message: string } }).error.message)).toEqual([
      expect.stringContaining('"framework" is not allowed to run elevated'),
      expect.stringContaining('outside the places DL Setup may change'),
      expect.stringContaining('does not need root'),
      expect.stringContaining('is not an accepted value'),
      expect.stringContaining('the undo descriptor has no field "kind"'),
      expect.stringContaining('the undo descriptor has no field "changes"'),
      expect.stringContaining('not a JSON descriptor'),
    ]);
    expect(replies.some((r) => r.type === 'done')).toBe(false);
  });

  it('refuses to work before a valid hello', async () => {
    const replies = await talk([
      { type: 'hello', protocol: 1, runId: '../../etc' },
      { type: 'run-step', requestId: 1, stepId: 'env', kind: 'env-vars', params: { scope: 'system', cudaHome: '/usr/local/cuda-12.4' } },
    ]);
    expect(replies.map((r) => r.type)).toEqual(['refused', 'refused']);
  });

  it('writes its step messages in the language the hello asked for', async () => {
    const step = { type: 'run-step', requestId: 1, stepId: 'env', kind: 'env-vars', params: { scope: 'system', cudaHome: '/usr/local/cuda-12.4' } };
    const messages = async (hello: object) => {
      const replies = await talk([{ type: 'hello', protocol: 1, runId: '20250101-000000-abcdef', ...hello }, step]);
      const done = replies.find((r) => r.type === 'done') as Extract<HelperReply, { type: 'done' }> | undefined;
      expect(done, JSON.stringify(replies)).toBeDefined();
      return done!.value.message ?? '';
    };
    expect(await messages({ locale: 'zh-CN' })).toMatch(/[\u4e00-\u9fff]/);
    expect(await messages({})).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await messages({ locale: 'klingon' })).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
