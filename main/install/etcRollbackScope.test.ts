import { execFileSync } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelperReply } from './elevation/helperProtocol.js';
import { readHelperJournal } from './elevation/helperJournal.js';
import { createHelperServer } from './elevation/helperServer.js';
import { helperText } from './elevation/helperText.js';
import { InstallService } from './installService.js';
import { writeRecordingTool } from '../../testkit/install/recordingTool.js';
import { createTestAptHost, type TestAptHost } from '../../testkit/install/debRepo.js';
import { testPlan } from '../../testkit/install/testPlan.js';

/**
 * Issue 27, item 4, through the real install service and the in-process helper (DL Setup runs as root here): an
 * administrator changes /etc while an elevated step runs. Rollback undoes what the step did and nothing of the
 * administrator's, names what it left, and a 2 GiB file under /etc does not stop the step.
 */
const isRoot = process.getuid?.() === 0;
const saved = { ...process.env };
let tmp: string;
let host: TestAptHost;
const etc = (name: string) => path.join(host.root, 'etc', name);
const read = (name: string) => readFileSync(etc(name), 'utf8');

/** The administrator's edits, done once when `armed` exists: alice out of sudo, a sudoers file in; with `armed-big`, a 2 GiB sparse file. */
const ADMIN = (marker: string) => [
  `if [ -e ${marker}-big ]; then rm ${marker}-big; truncate -s 2200M "$DLSETUP_SYSROOT/etc/big-during.img"; fi`,
  `[ -e ${marker} ] || exit 0`,
  `rm ${marker}`,
  `sed -i 's/^sudo:x:27:alice$/sudo:x:27:/' "$DLSETUP_SYSROOT/etc/group"`,
  `printf 'mallory ALL=(ALL) NOPASSWD: ALL\\n' > "$DLSETUP_SYSROOT/etc/sudoers.d/x"`,
].join('\n');

beforeAll(() => {
  if (!isRoot) return;
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-etc-scope-'));
  host = createTestAptHost(tmp, [
    // As adduser and systemd in a driver's dependencies: a system account and a machine id dpkg has no record of.
    {
      name: 'libtestsvc1',
      postinst: [
        '#!/bin/sh',
        'set -e',
        'echo 0123456789abcdef0123456789abcdef > "$DPKG_ROOT/etc/machine-id"',
        'grep -q "^testsvc:" "$DPKG_ROOT/etc/passwd" || echo "testsvc:x:998:998::/nonexistent:/usr/sbin/nologin" >> "$DPKG_ROOT/etc/passwd"',
        'grep -q "^testsvc:" "$DPKG_ROOT/etc/group" || echo "testsvc:x:998:" >> "$DPKG_ROOT/etc/group"',
        '',
      ].join('\n'),
      files: { '/usr/lib/libtestsvc.so.1': 'svc\n' },
    },
    { name: 'cuda-cudart-99-9', depends: ['libtestsvc1'], files: { '/usr/local/cuda-99.9/lib64/libcudart.so.99': 'fake\n' } },
    { name: 'cuda-toolkit-99-9', depends: ['cuda-cudart-99-9'], files: { '/usr/local/cuda-99.9/bin/nvcc': '#!/bin/sh\necho "Cuda compilation tools, release 99.9"\n' } },
  ]);
  // apt runs this after each dpkg call, outside any package: the administrator at work during the step.
  const hook = path.join(tmp, 'admin.sh');
  writeFileSync(hook, ADMIN(path.join(tmp, 'armed')));
  appendFileSync(host.env.APT_CONFIG!, `DPkg::Post-Invoke { "sh ${hook}"; };\n`);
  // The env-vars step's one command: the administrator edits /etc while it runs.
  const bin = path.join(tmp, 'bin');
  mkdirSync(bin);
  writeRecordingTool(bin, 'ldconfig', path.join(tmp, 'calls.log'), `sh ${hook}`);
  mkdirSync(path.join(host.root, 'etc', 'sudoers.d'), { recursive: true });
  mkdirSync(path.join(host.root, 'usr/local/cuda-12.4/bin'), { recursive: true });
  mkdirSync(path.join(host.root, 'usr/local/cuda-12.4/lib64'), { recursive: true });
  Object.assign(process.env, host.env, { DLSETUP_SYSROOT: host.root, DLSETUP_HOME: path.join(tmp, 'data'), DLSETUP_APT_LOCK_TIMEOUT_S: '2', PATH: `${bin}:${saved.PATH}` });
});

afterAll(() => {
  process.env = saved;
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** /etc as the administrator left it before each case, and the hook armed for the step's window. */
function freshEtc(): void {
  writeFileSync(etc('passwd'), 'root:x:0:0:root:/root:/bin/bash\nalice:x:1000:1000::/home/alice:/bin/bash\n');
  writeFileSync(etc('group'), 'root:x:0:\nsudo:x:27:alice\n');
  rmSync(etc('sudoers.d/x'), { force: true });
  rmSync(path.join(tmp, 'armed-big'), { force: true });
  writeFileSync(path.join(tmp, 'armed'), '');
}

async function install(service: InstallService, plan: ReturnType<typeof testPlan>): Promise<string> {
  const { runId } = service.start(plan);
  const status = await service.wait(runId);
  expect(status.error).toBeUndefined();
  expect(status.state).toBe('succeeded');
  return runId;
}

const envVarsPlan = () => testPlan([{ id: 'vars', kind: 'env-vars', title: 'Set CUDA variables for everyone', elevated: true, params: { scope: 'system', cudaHome: '/usr/local/cuda-12.4' } }]);
const toolkitPlan = () => testPlan([{ id: 'tk', kind: 'cuda-toolkit', title: 'CUDA Toolkit 99.9', elevated: true, params: { version: '99.9', method: 'apt', setActive: false } }]);

describe.skipIf(!isRoot)('rollback touches only what its own step changed under /etc', () => {
  it('env-vars step: the admin\'s sudo and sudoers.d edits made while it ran stay, and are named (en and zh-CN)', async () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      freshEtc();
      const service = new InstallService({ elevation: 'direct' });
      const runId = await install(service, envVarsPlan());
      expect(existsSync(path.join(tmp, 'armed'))).toBe(false);
      expect(existsSync(etc('profile.d/dlsetup-cuda.sh'))).toBe(true);
      const result = await service.rollback(runId, { locale });
      expect(result.ok, result.notes.join('\n')).toBe(true);
      expect(existsSync(etc('profile.d/dlsetup-cuda.sh'))).toBe(false);
      expect(read('group')).toBe('root:x:0:\nsudo:x:27:\n');
      expect(read('sudoers.d/x')).toContain('mallory');
      expect(result.notes).toEqual([
        locale === 'en'
          ? 'Left as they are now: /etc/group, /etc/sudoers.d/x. They changed under /etc while the step ran, but the step installed no package, so the change was not its own and rollback does not touch it.'
          : '保留当前状态：/etc/group, /etc/sudoers.d/x。它们在步骤运行期间在 /etc 下被改动，但这个步骤没有安装任何软件包，所以这些改动不是它做的，回滚不会动它们。',
      ]);
    }
  });

  it('a file over 2 GiB under /etc, there before the step or made during it, does not stop the step; rollback names the new one and removes neither', async () => {
    const fd = openSync(etc('disk.img'), 'w');
    ftruncateSync(fd, 2 ** 31 + 4096);
    closeSync(fd);
    try {
      freshEtc();
      writeFileSync(path.join(tmp, 'armed-big'), '');
      const service = new InstallService({ elevation: 'direct' });
      const runId = await install(service, envVarsPlan());
      const result = await service.rollback(runId);
      expect(result.ok, result.notes.join('\n')).toBe(true);
      expect([existsSync(etc('disk.img')), existsSync(etc('big-during.img'))]).toEqual([true, true]);
      expect(result.notes).toEqual([expect.stringMatching(/^Left as they are now: \/etc\/big-during\.img, \/etc\/group, \/etc\/sudoers\.d\/x\. /)]);
    } finally {
      rmSync(etc('disk.img'), { force: true });
      rmSync(etc('big-during.img'), { force: true });
    }
  });

  it('package step: its account and machine id go, the admin\'s edits of the same files and the sudoers file stay, and are named', async () => {
    freshEtc();
    const service = new InstallService({ elevation: 'direct' });
    const runId = await install(service, toolkitPlan());
    expect(read('passwd')).toContain('testsvc:x:998');
    expect(read('group')).toBe('root:x:0:\nsudo:x:27:\ntestsvc:x:998:\n');
    // After the install, another account by hand: the merge is against the file as it is now.
    appendFileSync(etc('passwd'), 'bob:x:1001:1001::/home/bob:/bin/bash\n');

    const result = await service.rollback(runId);
    expect(result.ok, result.notes.join('\n')).toBe(true);
    expect(read('group')).toBe('root:x:0:\nsudo:x:27:\n');
    expect(read('passwd')).toBe('root:x:0:0:root:/root:/bin/bash\nalice:x:1000:1000::/home/alice:/bin/bash\nbob:x:1001:1001::/home/bob:/bin/bash\n');
    expect(existsSync(etc('machine-id'))).toBe(false);
    expect(read('sudoers.d/x')).toContain('mallory');
    expect(result.notes).toEqual([
      'Kept these entries of /etc/group as they are now: sudo. They were changed or removed while the step ran, or changed after it, and rollback only removes the accounts the step added.',
      expect.stringMatching(/^Left as they are now: \/etc\/sudoers\.d\/x\. They changed under \/etc while the step ran, but they are not among the files/),
    ]);
    const dpkg = execFileSync('dpkg', ['--get-selections'], { env: { ...process.env }, encoding: 'utf8' });
    expect(dpkg).not.toMatch(/libtestsvc1|cuda-/);
  });

  it('two helpers asked to undo the same step at once: each change is undone once, and the admin\'s edits stay', async () => {
    freshEtc();
    const service = new InstallService({ elevation: 'direct' });
    const runId = await install(service, envVarsPlan());
    const say = helperText();
    const helpers = [0, 1].map(() => {
      const replies: HelperReply[] = [];
      return { replies, server: createHelperServer((reply) => replies.push(reply)) };
    });
    for (const { server } of helpers) await server.handle(JSON.stringify({ type: 'hello', protocol: 1, runId, locale: 'en' }));
    await Promise.all(helpers.map(({ server }, i) => server.handle(JSON.stringify({ type: 'undo', requestId: 10 + i, runId, stepId: 'vars' }))));
    const done = helpers.flatMap(({ replies }) => replies.filter((reply) => reply.type === 'done'));
    expect(done).toHaveLength(2);
    const journal = readHelperJournal(runId, say);
    const recorded = journal.filter((entry) => entry.t === 'change').length;
    expect(journal.filter((entry) => entry.t === 'undone')).toHaveLength(recorded);
    expect(existsSync(etc('profile.d/dlsetup-cuda.sh'))).toBe(false);
    expect(read('group')).toBe('root:x:0:\nsudo:x:27:\n');
    expect(read('sudoers.d/x')).toContain('mallory');
  });
});
