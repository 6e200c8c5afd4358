import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstallService } from './installService.js';
import { readJournal } from './journal/runJournal.js';
import { createTestAptHost, type TestAptHost } from '../../testkit/install/debRepo.js';
import { testPlan } from '../../testkit/install/testPlan.js';

/**
 * Issue 19, item 3 against a real apt and dpkg: rollback gives back dpkg's selections and every file under /etc.
 * Expected from dpkg(1): "remove" keeps conffiles (status rc, selection "deinstall"), "purge" deletes them and the
 * package leaves the selections; apt-mark(8): dependencies apt pulled in are marked automatically installed.
 */
const isRoot = process.getuid?.() === 0;
let tmp: string;
let host: TestAptHost;
const saved = { ...process.env };

const apt = (args: string[]) => execFileSync(args[0]!, args.slice(1), { env: { ...process.env, ...host.env, DEBIAN_FRONTEND: 'noninteractive' }, encoding: 'utf8' });
const selections = () => apt(['dpkg', '--get-selections']);
function etcHashes(dir = path.join(host.root, 'etc')): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((name) => {
    const file = path.join(dir, name);
    const info = lstatSync(file);
    if (info.isSymbolicLink()) return [`${file} -> ${readlinkSync(file)}`];
    return info.isDirectory() ? [`${file}/`, ...etcHashes(file)] : [`${file} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`];
  });
}

beforeAll(() => {
  if (!isRoot) return;
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-apt-exact-'));
  host = createTestAptHost(tmp, [
    // Not data/'s: what a driver or toolkit pulls in (dkms, gcc, a GL library), with its own conffile.
    // Its postinst prints, as update-initramfs and fontconfig do: with apt's status on stdout it failed ("I/O error").
    { name: 'libtestgl1', conffiles: true, postinst: '#!/bin/sh\nset -e\necho "libtestgl1: configured"\nsed -n 1p "$DPKG_ROOT/etc/testgl/testgl.conf"\n', files: { '/etc/testgl/testgl.conf': 'gl=1\n', '/usr/lib/libtestgl.so.1': 'gl\n' } },
    // Installed once and removed before the run: its conffile stayed (rc) and must still be there after rollback.
    { name: 'libtestcfg1', conffiles: true, files: { '/etc/testcfg.conf': 'cfg=1\n' } },
    // Already installed before the run: never touched.
    { name: 'libpre1', files: { '/usr/lib/libpre.so.1': 'pre\n' } },
    // Like systemd, netbase and adduser in a driver's dependencies: its postinst makes files dpkg has no record of
    // (/etc/machine-id, the /etc/mtab link) and a system account (a line in passwd and group).
    {
      name: 'libtestsvc1',
      postinst: [
        '#!/bin/sh',
        'set -e',
        'echo 0123456789abcdef0123456789abcdef > "$DPKG_ROOT/etc/machine-id"',
        'ln -sf ../proc/self/mounts "$DPKG_ROOT/etc/mtab"',
        'grep -q "^testsvc:" "$DPKG_ROOT/etc/passwd" || echo "testsvc:x:998:998::/nonexistent:/usr/sbin/nologin" >> "$DPKG_ROOT/etc/passwd"',
        'grep -q "^testsvc:" "$DPKG_ROOT/etc/group" || echo "testsvc:x:998:" >> "$DPKG_ROOT/etc/group"',
        '',
      ].join('\n'),
      files: { '/usr/lib/libtestsvc.so.1': 'svc\n' },
    },
    { name: 'cuda-cudart-99-9', depends: ['libtestgl1', 'libtestcfg1', 'libpre1', 'libtestsvc1'], files: { '/usr/local/cuda-99.9/lib64/libcudart.so.99': 'fake\n' } },
    { name: 'cuda-toolkit-99-9', depends: ['cuda-cudart-99-9'], files: { '/usr/local/cuda-99.9/bin/nvcc': '#!/bin/sh\necho "Cuda compilation tools, release 99.9"\n' } },
    // Something the user installs after DL Setup that needs what the toolkit pulled in.
    { name: 'othertool', depends: ['libtestgl1'], files: { '/usr/bin/othertool': '#!/bin/sh\n' } },
  ]);
  mkdirSync(path.join(host.root, 'etc'), { recursive: true });
  writeFileSync(path.join(host.root, 'etc', 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
  writeFileSync(path.join(host.root, 'etc', 'group'), 'root:x:0:\n');
  Object.assign(process.env, host.env, { DLSETUP_SYSROOT: host.root, DLSETUP_HOME: path.join(tmp, 'data'), DLSETUP_APT_LOCK_TIMEOUT_S: '2' });
  apt(['apt-get', 'install', '--yes', 'libpre1', 'libtestcfg1']);
  apt(['apt-get', 'remove', '--yes', 'libtestcfg1']);
});

afterAll(() => {
  process.env = saved;
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const toolkitPlan = () => testPlan([{ id: 'tk', kind: 'cuda-toolkit', title: 'CUDA Toolkit 99.9', elevated: true, params: { version: '99.9', method: 'apt', setActive: false } }]);

async function install(service: InstallService): Promise<string> {
  const { runId } = service.start(toolkitPlan());
  const status = await service.wait(runId);
  expect(status.error).toBeUndefined();
  expect(status.state).toBe('succeeded');
  return runId;
}

describe.skipIf(!isRoot)('rollback of apt packages is exact (real apt and dpkg, file:// repository)', () => {
  it('purges what the run installed, dependencies apt pulled in included, keeps what was there, and a second rollback changes nothing', async () => {
    const before = { selections: selections(), etc: etcHashes() };
    expect(before.selections).toMatch(/^libtestcfg1\s+deinstall$/m);
    const service = new InstallService({ elevation: 'direct' });
    const runId = await install(service);
    const recorded = readJournal(runId).flatMap((e) => (e.t === 'change' && e.change.type === 'packages-installed' ? [e.change] : []));
    expect(recorded).toEqual([{ type: 'packages-installed', manager: 'apt', packages: ['cuda-cudart-99-9', 'cuda-toolkit-99-9', 'libtestcfg1', 'libtestgl1', 'libtestsvc1'], keepConfig: ['libtestcfg1'] }]);
    expect(existsSync(path.join(host.root, 'etc/testgl/testgl.conf'))).toBe(true);
    expect(readFileSync(path.join(host.root, 'etc/passwd'), 'utf8')).toContain('testsvc:x:998');
    expect(readlinkSync(path.join(host.root, 'etc/mtab'))).toBe('../proc/self/mounts');

    const first = await service.rollback(runId);
    expect(first.ok, first.notes.join('\n')).toBe(true);
    expect(first.notes).toEqual([]);
    expect(selections()).toBe(before.selections);
    expect(etcHashes()).toEqual(before.etc);
    expect(existsSync(path.join(host.root, 'usr/local/cuda-99.9/bin/nvcc'))).toBe(false);

    const second = await service.rollback(runId);
    expect(second.ok, second.notes.join('\n')).toBe(true);
    expect(selections()).toBe(before.selections);
    expect(etcHashes()).toEqual(before.etc);
  });

  it('merges the account files against what they are now, keeps an /etc file changed again after the install and names it, and still puts back the others', async () => {
    const before = { passwd: readFileSync(path.join(host.root, 'etc/passwd'), 'utf8'), group: readFileSync(path.join(host.root, 'etc/group'), 'utf8') };
    const service = new InstallService({ elevation: 'direct' });
    const runId = await install(service);
    // An administrator adds an account and sets a machine id after the install.
    appendFileSync(path.join(host.root, 'etc/passwd'), 'ada:x:1001:1001::/home/ada:/bin/bash\n');
    writeFileSync(path.join(host.root, 'etc/machine-id'), 'fedcba9876543210fedcba9876543210\n');
    const result = await service.rollback(runId);
    expect(result.notes).toEqual([expect.stringContaining('Kept /etc/machine-id as it is now')]);
    // The step's account goes, the administrator's stays.
    expect(readFileSync(path.join(host.root, 'etc/passwd'), 'utf8')).toBe(`${before.passwd}ada:x:1001:1001::/home/ada:/bin/bash\n`);
    expect(readFileSync(path.join(host.root, 'etc/group'), 'utf8')).toBe(before.group);
    expect(readFileSync(path.join(host.root, 'etc/machine-id'), 'utf8')).toBe('fedcba9876543210fedcba9876543210\n');
    expect(() => lstatSync(path.join(host.root, 'etc/mtab'))).toThrow();
    writeFileSync(path.join(host.root, 'etc/passwd'), before.passwd);
    rmSync(path.join(host.root, 'etc/machine-id'));
  });

  it('keeps a dependency the run pulled in when something installed since needs it, and says what needs it', async () => {
    const service = new InstallService({ elevation: 'direct' });
    const runId = await install(service);
    apt(['apt-get', 'install', '--yes', 'othertool']);
    const result = await service.rollback(runId);
    expect(result.notes).toEqual([
      expect.stringContaining('Kept libtestcfg1 libtestgl1 libtestsvc1: removing them would also remove othertool'),
      // Named, not put back: what the kept packages (and their scripts) made under /etc stays with them.
      'Left as they are now: /etc/group, /etc/machine-id, /etc/mtab, /etc/passwd, /etc/testgl, /etc/testgl/testgl.conf. They changed under /etc while the step ran, and some of its packages were kept, so what their scripts made stays with them.',
    ]);
    // The kept packages keep what their scripts made: the account and the machine id are still there.
    expect(readFileSync(path.join(host.root, 'etc/passwd'), 'utf8')).toContain('testsvc:x:998');
    expect(existsSync(path.join(host.root, 'etc/machine-id'))).toBe(true);
    const left = selections();
    expect(left).toMatch(/^othertool\s+install$/m);
    expect(left).toMatch(/^libtestgl1\s+install$/m);
    expect(left).not.toMatch(/^cuda-/m);
    expect(existsSync(path.join(host.root, 'usr/local/cuda-99.9/bin/nvcc'))).toBe(false);
  });
});
