import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordedCalls, writeRecordingTool } from '../../../testkit/install/recordingTool.js';
import { createHelperServer } from './helperServer.js';
import type { HelperReply } from './helperProtocol.js';

/**
 * Issue 15, item 3: the elevated helper trusts nothing it did not derive itself. Each attack is fed to the helper's
 * request handler as JSON lines, on a simulated Ubuntu host (DLSETUP_SYSROOT) whose apt, dpkg and ldconfig are
 * recording stand-ins, so "carried out as root" shows as a recorded call or a changed file.
 */
const RUN_ID = '20261203-101500-abc123';
const HELPER_JOURNAL = '/var/lib/dlsetup/runs';
const JAMMY = 'PRETTY_NAME="Ubuntu 22.04.4 LTS"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n';
const saved = { ...process.env };
let tmp: string;
let root: string;
let log: string;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-trust-'));
  root = path.join(tmp, 'root');
  log = path.join(tmp, 'calls.log');
  const bin = path.join(tmp, 'bin');
  for (const dir of ['etc/profile.d', 'etc/ld.so.conf.d', 'run/x', 'opt']) mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, 'etc/os-release'), JAMMY);
  mkdirSync(bin);
  for (const tool of ['apt-get', 'apt-cache', 'apt-mark', 'dpkg-query', 'ldconfig', 'update-initramfs', 'update-alternatives']) writeRecordingTool(bin, tool, log);
  Object.assign(process.env, { DLSETUP_SYSROOT: root, DLSETUP_HOME: path.join(tmp, 'home'), PATH: `${bin}:${saved.PATH}` });
});

afterEach(() => {
  process.env = { ...saved };
  rmSync(tmp, { recursive: true, force: true });
});

/** Feeds `lines` to one helper server, in order, each after the previous one was answered. */
async function talk(lines: unknown[]): Promise<HelperReply[]> {
  const replies: HelperReply[] = [];
  const server = createHelperServer((reply) => replies.push(reply));
  for (const line of [{ type: 'hello', protocol: 1, runId: RUN_ID }, ...lines]) await server.handle(typeof line === 'string' ? line : JSON.stringify(line));
  await server.idle();
  return replies;
}

const outcome = (replies: HelperReply[], requestId: number) =>
  replies.find((r) => (r.type === 'refused' || r.type === 'failed' || r.type === 'done') && r.requestId === requestId);
const calls = (tool: string) => recordedCalls(log).filter((call) => call[0] === tool);
const rootJournal = () => path.join(root, HELPER_JOURNAL, `${RUN_ID}.jsonl`);
const writeRootJournal = (entries: object[]) => {
  mkdirSync(path.dirname(rootJournal()), { recursive: true, mode: 0o700 });
  writeFileSync(rootJournal(), entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
};

describe('undo acts only on what the helper itself journalled', () => {
  it('refuses an undo that names its own changes (packages-installed [sudo, openssh-server]): INVALID_ARGUMENT naming the field, apt-get never runs', async () => {
    const replies = await talk([
      { type: 'undo', requestId: 1, stepId: 'drv', kind: 'driver', changes: [{ type: 'packages-installed', manager: 'apt', packages: ['sudo', 'openssh-server'] }], written: [] },
    ]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'refused', error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/no field "(kind|changes|written)"/) } });
    expect(calls('apt-get')).toEqual([]);
  });

  it('refuses an undo that names "dir-created /etc/../run/x": the folder stays', async () => {
    const replies = await talk([
      { type: 'undo', requestId: 1, stepId: 'tk', kind: 'cuda-toolkit', changes: [{ type: 'dir-created', path: '/etc/../run/x' }], written: [] },
    ]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'refused', error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/no field "(kind|changes|written)"/) } });
    expect(existsSync(path.join(root, 'run/x'))).toBe(true);
  });

  it('undoes nothing for a step its own journal has no record of, and says so by listing nothing as undone', async () => {
    const replies = await talk([{ type: 'undo', requestId: 1, runId: RUN_ID, stepId: 'drv' }]);
    expect(outcome(replies, 1)).toEqual({ type: 'done', requestId: 1, value: { notes: [], undone: [] } });
    expect(calls('apt-get')).toEqual([]);
  });

  it('refuses an undo for another run than the one it was started for', async () => {
    const replies = await talk([{ type: 'undo', requestId: 1, runId: '20261203-101500-ffffff', stepId: 'drv' }]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'refused', error: { code: 'UNAUTHORIZED' } });
  });

  it('journals a real elevated step in its root-only journal, undoes exactly that, and a second undo changes nothing more', async () => {
    const step = { type: 'run-step', requestId: 1, stepId: 'env', kind: 'env-vars', params: { scope: 'system', cudaHome: '/usr/local/cuda-12.4', libraryPaths: [] } };
    const replies = await talk([step]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'done' });
    const profile = path.join(root, 'etc/profile.d/dlsetup-cuda.sh');
    expect(existsSync(profile)).toBe(true);
    expect(statSync(path.dirname(rootJournal())).mode & 0o777).toBe(0o700);
    const journalled = readFileSync(rootJournal(), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { t: string; stepId: string; change: { type: string } });
    const sent = replies.flatMap((r) => (r.type === 'change' ? [r.change] : []));
    expect(journalled.map((e) => e.change)).toEqual(sent);
    expect(journalled.every((e) => e.t === 'change' && e.stepId === 'env')).toBe(true);

    const undo = await talk([{ type: 'undo', requestId: 2, runId: RUN_ID, stepId: 'env' }]);
    expect(outcome(undo, 2)).toMatchObject({ type: 'done', value: { undone: sent } });
    expect(existsSync(profile)).toBe(false);
    expect(existsSync(path.join(root, 'etc/ld.so.conf.d/dlsetup-cuda.conf'))).toBe(false);
    const ldconfigRuns = calls('ldconfig').length;

    const again = await talk([{ type: 'undo', requestId: 3, runId: RUN_ID, stepId: 'env' }]);
    expect(outcome(again, 3)).toMatchObject({ type: 'done', value: { undone: sent } });
    expect(calls('ldconfig')).toHaveLength(ldconfigRuns);
  });

  // Stand-ins for apt's answers: apt-mark lists the auto-installed names; apt-get -s prints a Purg line per name
  // (and for "dkms" or "nvidia-driver-580", the Remv lines of packages installed since that need it).
  const aptAnswers = (auto: string[], needs: Record<string, string[]> = {}) => {
    const bin = path.join(tmp, 'bin');
    writeRecordingTool(bin, 'apt-mark', log, `printf '${auto.map((name) => `${name}\\n`).join('')}'`);
    const extra = Object.entries(needs).map(([name, others]) => `${name}) ${others.map((other) => `echo "Remv ${other} [1.0]";`).join(' ')} ;;`).join(' ');
    writeRecordingTool(bin, 'apt-get', log, `[ "$1" = "-s" ] || exit 0; for a in "$@"; do case "$a" in -*|purge) ;; *) echo "Purg $a [1.0]";; esac; case "$a" in ${extra} *) ;; esac; done`);
  };
  const purges = () => calls('apt-get').filter((call) => !call.includes('-s')).map((call) => call.slice(1).filter((arg) => !arg.startsWith('-')));
  const driverChange = { type: 'packages-installed', manager: 'apt', packages: ['dkms', 'gcc-12', 'htop', 'libnvidia-compute-580', 'nvidia-driver-580'] };

  it('purges the driver packages it installed and what apt pulled in for them (auto-installed), keeping one marked as installed by hand', async () => {
    aptAnswers(['dkms', 'gcc-12', 'libnvidia-compute-580']);
    writeRootJournal([{ t: 'change', time: '2026-12-03T10:15:00Z', stepId: 'drv', kind: 'driver', change: driverChange }]);
    const replies = await talk([{ type: 'undo', requestId: 1, runId: RUN_ID, stepId: 'drv' }]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'done', value: { undone: [driverChange], notes: [expect.stringContaining('Kept htop')] } });
    expect(purges()).toEqual([['purge', 'libnvidia-compute-580', 'nvidia-driver-580', 'dkms', 'gcc-12']]);
  });

  it('keeps what apt pulled in when its purge would take a package the step did not install, and says which', async () => {
    aptAnswers(['dkms', 'gcc-12', 'libnvidia-compute-580'], { dkms: ['virtualbox-dkms'] });
    writeRootJournal([{ t: 'change', time: '2026-12-03T10:15:00Z', stepId: 'drv', kind: 'driver', change: driverChange }]);
    const replies = await talk([{ type: 'undo', requestId: 1, runId: RUN_ID, stepId: 'drv' }]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'done', value: { notes: [expect.stringContaining('Kept htop'), expect.stringContaining('Kept dkms gcc-12: removing them would also remove virtualbox-dkms')] } });
    expect(purges()).toEqual([['purge', 'libnvidia-compute-580', 'nvidia-driver-580']]);
  });

  it('purges nothing when even the driver packages would take a package installed since (apt-get remove would have taken it)', async () => {
    aptAnswers(['dkms', 'gcc-12', 'libnvidia-compute-580'], { 'nvidia-driver-580': ['openssh-server'] });
    writeRootJournal([{ t: 'change', time: '2026-12-03T10:15:00Z', stepId: 'drv', kind: 'driver', change: driverChange }]);
    const replies = await talk([{ type: 'undo', requestId: 1, runId: RUN_ID, stepId: 'drv' }]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'done', value: { notes: [expect.stringContaining('Kept htop'), expect.stringContaining('would also remove openssh-server')] } });
    expect(purges()).toEqual([]);
  });

  it('removes the Debian non-free sources file the driver step created (issue 19: it was refused as not managed)', async () => {
    const list = '/etc/apt/sources.list.d/dlsetup-debian-non-free.list';
    mkdirSync(path.join(root, 'etc/apt/sources.list.d'), { recursive: true });
    writeFileSync(path.join(root, list), 'deb http://deb.debian.org/debian bookworm contrib non-free non-free-firmware\n');
    writeRootJournal([{ t: 'change', time: '2026-12-03T10:15:00Z', stepId: 'drv', kind: 'driver', change: { type: 'file-created', path: list } }]);
    const replies = await talk([{ type: 'undo', requestId: 1, runId: RUN_ID, stepId: 'drv' }]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'done', value: { undone: [{ type: 'file-created', path: list }] } });
    expect(existsSync(path.join(root, list))).toBe(false);
  });

  it('refuses a change of unknown type in its own journal with a code, and one outside its roots, undoing nothing of that step', async () => {
    writeRootJournal([
      { t: 'change', time: '2026-12-03T10:15:00Z', stepId: 'drv', kind: 'driver', change: { type: 'packages-installed', manager: 'apt', packages: ['nvidia-driver-580'] } },
      { t: 'change', time: '2026-12-03T10:15:01Z', stepId: 'drv', kind: 'driver', change: { type: 'run-script', script: 'rm -rf /' } },
      { t: 'change', time: '2026-12-03T10:15:02Z', stepId: 'tk', kind: 'cuda-toolkit', change: { type: 'dir-created', path: '/etc/../run/x' } },
    ]);
    const replies = await talk([
      { type: 'undo', requestId: 1, runId: RUN_ID, stepId: 'drv' },
      { type: 'undo', requestId: 2, runId: RUN_ID, stepId: 'tk' },
    ]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'failed', error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('"run-script"') } });
    expect(outcome(replies, 2)).toMatchObject({ type: 'refused', error: { code: 'UNAUTHORIZED', message: expect.stringContaining('/etc/../run/x') } });
    expect(calls('apt-get')).toEqual([]);
    expect(existsSync(path.join(root, 'run/x'))).toBe(true);
  });
});

describe('package names, downloads and checksums come from data/, never from the request', () => {
  it.each([
    ['package', { branch: '580', package: 'openssh-server' }],
    ['ubuntuPackage', { branch: '580', ubuntuPackage: 'openssh-server' }],
    ['ubuntuPackage', { branch: '580', ubuntuPackage: '-oDPkg::Pre-Invoke::=touch /tmp/dlsetup-pwned' }],
  ])('refuses a driver step carrying "%s": INVALID_ARGUMENT naming it, nothing installed', async (field, params) => {
    const replies = await talk([{ type: 'run-step', requestId: 1, stepId: 'drv', kind: 'driver', params }]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'refused', error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining(`"${field}"`) } });
    expect(calls('apt-get')).toEqual([]);
  });

  it('refuses a repository mirror that is more than a plain URL (it is written into an apt source as root)', async () => {
    const replies = await talk([{ type: 'run-step', requestId: 1, stepId: 'repo', kind: 'cuda-repo', params: { distro: 'ubuntu2204', mirror: 'https://evil.example/x?#[trusted=yes]' } }]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'refused', error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('"mirror"') } });
    expect(recordedCalls(log)).toEqual([]);
  });

  it('installs the Ubuntu package data/ names for the branch', async () => {
    const replies = await talk([{ type: 'run-step', requestId: 1, stepId: 'drv', kind: 'driver', params: { branch: '580', os: 'linux' } }]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'done' });
    expect(calls('apt-get').map((call) => call.at(-1))).toEqual(['nvidia-driver-580']);
  });

  it('refuses a runfile step carrying its own sha256, and checks a runfile without one against data/: the runfile never runs', async () => {
    const marker = path.join(tmp, 'ran-as-root');
    const runfile = path.join(tmp, 'home', 'cuda_12.6.3_560.35.05_linux.run');
    mkdirSync(path.dirname(runfile), { recursive: true });
    writeFileSync(runfile, `#!/bin/sh\ntouch '${marker}'\n`);
    const params = { version: '12.6.3', method: 'runfile', useRunfile: true, runfile };
    const replies = await talk([
      { type: 'run-step', requestId: 1, stepId: 'tk', kind: 'cuda-toolkit', params: { ...params, runfileUrl: 'https://evil.example/cuda.run', runfileSha256: sha256(readFileSync(runfile)) } },
      { type: 'run-step', requestId: 2, stepId: 'tk', kind: 'cuda-toolkit', params },
    ]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'refused', error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/"runfile(Url|Sha256)"/) } });
    expect(outcome(replies, 2)).toMatchObject({ type: 'failed', error: { code: 'CHECKSUM_MISMATCH' } });
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a cuDNN archive step carrying its own URL and sha256: nothing is unpacked', async () => {
    const source = path.join(tmp, 'evil');
    mkdirSync(path.join(source, 'top', 'lib'), { recursive: true });
    writeFileSync(path.join(source, 'top', 'lib', 'libcudnn.so.9'), 'not cuDNN\n');
    const archive = path.join(tmp, 'home', 'cudnn.tar');
    mkdirSync(path.dirname(archive), { recursive: true });
    execFileSync('tar', ['-cf', archive, '-C', source, 'top']);
    const params = { version: '9.6.0', cudaMajor: '12', method: 'archive', archive };
    const replies = await talk([
      { type: 'run-step', requestId: 1, stepId: 'dnn', kind: 'cudnn', params: { ...params, archiveUrl: 'https://evil.example/cudnn.tar', archiveSha256: sha256(readFileSync(archive)) } },
      { type: 'run-step', requestId: 2, stepId: 'dnn', kind: 'cudnn', params },
    ]);
    expect(outcome(replies, 1)).toMatchObject({ type: 'refused', error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/"archive(Url|Sha256)"/) } });
    expect(outcome(replies, 2)).toMatchObject({ type: 'failed', error: { code: 'CHECKSUM_MISMATCH' } });
    expect(existsSync(path.join(root, 'opt/dlsetup'))).toBe(false);
    expect(calls('ldconfig')).toEqual([]);
  });
});

describe('the downloaded file a descriptor names', () => {
  it('is read without following a symlink, and a mismatch never reports the checksum of what it pointed at', async () => {
    const secret = path.join(root, 'etc', 'shadow');
    writeFileSync(secret, 'root:$6$salt$hash:19000:0:99999:7:::\n');
    const link = path.join(tmp, 'home', 'cuda_12.6.3_560.35.05_linux.run');
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(secret, link);
    const replies = await talk([{ type: 'run-step', requestId: 1, stepId: 'tk', kind: 'cuda-toolkit', params: { version: '12.6.3', method: 'runfile', useRunfile: true, runfile: link } }]);
    const result = outcome(replies, 1);
    expect(result).toMatchObject({ type: 'failed', error: { code: 'CHECKSUM_MISMATCH' } });
    expect(JSON.stringify(result)).not.toContain(sha256(readFileSync(secret)));
    expect(existsSync(path.join(root, 'var/cache/dlsetup', RUN_ID, 'cuda_12.6.3_560.35.05_linux.run'))).toBe(false);
  });
});
