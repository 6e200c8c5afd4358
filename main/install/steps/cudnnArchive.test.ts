import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../shared/types/install.js';
import type { PlanStep } from '../../../shared/types/plan.js';
import { hostNvidiaArch } from '../../data/installSources.js';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { overlayDataTable } from '../../../testkit/install/dataOverlay.js';
import { InstallService, type InstallServiceOptions } from '../installService.js';
import { readJournal } from '../journal/runJournal.js';
import { startFileServer, type TestFileServer } from '../../../testkit/install/fileServer.js';
import { recordedCalls, writeRecordingTool } from '../../../testkit/install/recordingTool.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { cudnnLdConf } from './cudnnStep.js';

const isRoot = process.getuid?.() === 0;
const saved = { ...process.env };
let tmp: string | null = null;
let server: TestFileServer | null = null;
const mounts: string[] = [];

const INSTALL_DIR = '/opt/dlsetup/cudnn-9.6.0-cuda12';
const LD_CONF = '/etc/ld.so.conf.d/dlsetup-cudnn-9.6.0.conf';
const OTHER_CONF = '# libc default configuration\n/usr/local/lib\n';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** NVIDIA's archive layout (one top folder with include/ and lib/), built with tar -cJf; the header is the real 9.6.0 one. */
function buildCudnnArchive(dir: string, libBytes: Buffer): Buffer {
  const top = path.join(dir, 'archive', 'cudnn-linux-x86_64-9.6.0.74_cuda12-archive');
  mkdirSync(path.join(top, 'include'), { recursive: true });
  mkdirSync(path.join(top, 'lib'), { recursive: true });
  copyFileSync(fixturePath('cudnn/cudnn_version_h_9.6.0.h'), path.join(top, 'include', 'cudnn_version.h'));
  writeFileSync(path.join(top, 'lib', 'libcudnn.so.9.6.0'), libBytes);
  writeFileSync(path.join(top, 'LICENSE'), 'NVIDIA Software License Agreement (test stand-in)\n');
  const out = path.join(dir, 'cudnn-linux-x86_64-9.6.0.74_cuda12-archive.tar.xz');
  execFileSync('tar', ['-cJf', out, '-C', path.dirname(top), path.basename(top)]);
  return readFileSync(out);
}

interface Host {
  root: string;
  bin: string;
  log: string;
}

/** A simulated host: sysroot with an unrelated ld.so.conf.d entry, a recording ldconfig (the real one would rewrite this machine's cache). */
function host(): Host {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-cudnn-'));
  const root = path.join(tmp, 'root');
  const bin = path.join(tmp, 'bin');
  mkdirSync(path.join(root, 'etc', 'ld.so.conf.d'), { recursive: true });
  mkdirSync(path.join(root, 'opt'), { recursive: true });
  mkdirSync(bin);
  writeFileSync(path.join(root, 'etc', 'ld.so.conf.d', 'libc.conf'), OTHER_CONF);
  const log = path.join(tmp, 'calls.log');
  writeRecordingTool(bin, 'ldconfig', log);
  Object.assign(process.env, { DLSETUP_SYSROOT: root, DLSETUP_HOME: path.join(tmp, 'home'), PATH: `${bin}:${saved.PATH}`, DLSETUP_DOWNLOAD_RETRIES: '0' });
  return { root, bin, log };
}

/** A 1 MiB tmpfs at `dir`: a real ENOSPC from the kernel. Null where this machine may not mount. */
function tinyDisk(dir: string): string | null {
  mkdirSync(dir, { recursive: true });
  // mode=755 as /opt has: tmpfs defaults to 1777, which the helper rightly refuses to put into root's library path.
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=755', 'tmpfs', dir]).status !== 0) return null;
  mounts.push(dir);
  return dir;
}

afterEach(async () => {
  process.env = { ...saved };
  for (const dir of mounts.splice(0)) spawnSync('umount', [dir]);
  await server?.close();
  server = null;
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = null;
});

/** The plan names the version only; the URL and sha256 are data/'s, here a test copy pointing at the loopback server. */
const cudnnStep = (url: string, archiveSha256: string): PlanStep => {
  overlayDataTable<{ cudnnArchives: { version: string; cudaMajor: string; arch: string; url: string; sha256: string }[] }>(path.join(tmp!, 'data'), 'nvidia-install-sources', (table) => {
    const row = table.cudnnArchives.find((candidate) => candidate.version === '9.6.0' && candidate.cudaMajor === '12' && candidate.arch === hostNvidiaArch())!;
    Object.assign(row, { url, sha256: archiveSha256 });
  });
  return { id: 'dnn', kind: 'cudnn', title: 'cuDNN 9.6', elevated: true, params: { version: '9.6.0', cudaMajor: '12', method: 'archive' } };
};

async function runPlan(options: InstallServiceOptions, step: PlanStep) {
  const service = new InstallService(options);
  const events: ProgressEvent[] = [];
  service.onProgress((event) => events.push(event));
  const { runId } = service.start(testPlan([step]));
  return { service, runId, status: await service.wait(runId), events };
}

describe.skipIf(!isRoot)('cuDNN archive step (sha256-verified archive from a loopback server, own folder, ld.so.conf.d)', () => {
  it('unpacks the verified archive into its own folder, registers it with the dynamic linker, skips on re-run, and rollback removes exactly that', async () => {
    const { root, log } = host();
    const archive = buildCudnnArchive(tmp!, randomBytes(200_000));
    server = await startFileServer({ '/cudnn/cudnn-linux-x86_64-9.6.0.74_cuda12-archive.tar.xz': archive });
    const step = cudnnStep(`${server.url}/cudnn/cudnn-linux-x86_64-9.6.0.74_cuda12-archive.tar.xz`, sha256(archive));
    const { service, runId, status, events } = await runPlan({ elevation: 'direct' }, step);

    expect(status.error).toBeUndefined();
    expect(status.state).toBe('succeeded');
    expect(status.steps[0]?.message).toBe(`cuDNN 9.6.0 is in ${INSTALL_DIR} and registered in ${LD_CONF}.`);
    expect(cudnnLdConf({ version: '9.6.0' } as never)).toBe(LD_CONF);
    expect(readdirSync(path.join(root, INSTALL_DIR)).sort()).toEqual(['LICENSE', 'include', 'lib']);
    expect(readFileSync(path.join(root, INSTALL_DIR, 'include/cudnn_version.h'), 'utf8')).toContain('#define CUDNN_MAJOR 9');
    expect(readFileSync(path.join(root, LD_CONF), 'utf8')).toBe(`# Managed by DL Setup; \`dlsetup rollback\` removes it.\n${INSTALL_DIR}/lib\n`);
    expect(recordedCalls(log)).toEqual([['ldconfig']]);
    // The download showed bytes, then the root-owned verified copy was removed after unpacking.
    expect(events.some((e) => e.type === 'step-progress' && e.bytes?.total === archive.length)).toBe(true);
    expect(readdirSync(path.join(root, '/var/cache/dlsetup'))).toEqual([]);

    const again = await runPlan({ elevation: 'direct' }, step);
    expect(again.status.steps[0]).toMatchObject({ state: 'skipped', message: `cuDNN 9.6.0 is already in ${INSTALL_DIR}.` });

    const preview = await service.rollback(runId, { dryRun: true });
    expect(preview.preview.actions.map((a) => a.description)).toEqual([
      `Remove ${LD_CONF}, which the install created`,
      `Remove ${INSTALL_DIR} and everything in it (created by the install)`,
      'Remove the folder /opt/dlsetup if it is empty',
      'Refresh the library cache (ldconfig)',
    ]);
    const result = await service.rollback(runId);
    expect(result).toMatchObject({ applied: true, ok: true });
    expect(existsSync(path.join(root, LD_CONF))).toBe(false);
    expect(existsSync(path.join(root, '/opt/dlsetup'))).toBe(false);
    expect(readdirSync(path.join(root, '/opt'))).toEqual([]);
    expect(readFileSync(path.join(root, '/etc/ld.so.conf.d/libc.conf'), 'utf8')).toBe(OTHER_CONF);
    expect(recordedCalls(log)).toEqual([['ldconfig'], ['ldconfig']]);
  });

  it('refuses an archive whose sha256 does not match: CHECKSUM_MISMATCH, nothing unpacked', async () => {
    const { root, log } = host();
    const archive = buildCudnnArchive(tmp!, randomBytes(10_000));
    server = await startFileServer({ '/a.tar.xz': archive });
    const { status } = await runPlan({ elevation: 'direct' }, cudnnStep(`${server.url}/a.tar.xz`, sha256(Buffer.from('another archive'))));
    expect(status.error?.code).toBe('CHECKSUM_MISMATCH');
    expect(existsSync(path.join(root, '/opt/dlsetup'))).toBe(false);
    expect(existsSync(path.join(root, LD_CONF))).toBe(false);
    expect(recordedCalls(log)).toEqual([]);
  });

  it('disk full while unpacking (a real 1 MiB tmpfs on /opt): DISK_FULL with advice, nothing left behind', async (ctx) => {
    const { root, log } = host();
    if (!tinyDisk(path.join(root, 'opt'))) ctx.skip('this machine may not mount a tmpfs');
    // 3 MB of zeros: a tiny archive that cannot fit once unpacked.
    const archive = buildCudnnArchive(tmp!, Buffer.alloc(3_000_000));
    server = await startFileServer({ '/a.tar.xz': archive });
    const { status, runId } = await runPlan({ elevation: 'direct' }, cudnnStep(`${server.url}/a.tar.xz`, sha256(archive)));

    expect(status.state).toBe('failed');
    expect(status.error?.code).toBe('DISK_FULL');
    expect(status.error?.message).toMatch(/disk is full .*Free some space/);
    expect(readdirSync(path.join(root, 'opt'))).toEqual([]);
    expect(existsSync(path.join(root, LD_CONF))).toBe(false);
    expect(readdirSync(path.join(root, '/var/cache/dlsetup'))).toEqual([]);
    expect(recordedCalls(log)).toEqual([]);
    expect(readJournal(runId).filter((e) => e.t === 'rollback-undone' && !e.ok)).toEqual([]);
  });

  it('disk full while downloading (a real 1 MiB tmpfs as the download cache): DISK_FULL, no partial file kept', async (ctx) => {
    const { root } = host();
    const cache = tinyDisk(path.join(process.env.DLSETUP_HOME!, 'cache', 'downloads'));
    if (!cache) return ctx.skip('this machine may not mount a tmpfs');
    const archive = buildCudnnArchive(tmp!, randomBytes(2_000_000));
    server = await startFileServer({ '/a.tar.xz': archive });
    const { status } = await runPlan({ elevation: 'direct' }, cudnnStep(`${server.url}/a.tar.xz`, sha256(archive)));

    expect(status.error?.code).toBe('DISK_FULL');
    expect(status.error?.message).toContain(cache);
    expect(readdirSync(cache)).toEqual([]);
    expect(existsSync(path.join(root, '/opt/dlsetup'))).toBe(false);
  });

  it('sudo -n without a cached password (the CLI with --yes): ELEVATION_DENIED before anything is downloaded or changed', async () => {
    const { root, bin, log } = host();
    // What sudo prints with -n when it would have to ask.
    writeRecordingTool(bin, 'sudo', log, 'echo "sudo: a password is required" >&2; exit 1');
    server = await startFileServer({});
    const { status, events } = await runPlan({ elevation: 'sudo-noninteractive' }, cudnnStep(`${server.url}/a.tar.xz`, sha256(Buffer.from('x'))));

    expect(status.state).toBe('failed');
    expect(status.error?.code).toBe('ELEVATION_DENIED');
    expect(status.error?.message).toContain('sudo needs a password, and --yes runs without asking');
    expect(status.error?.message).toContain('Nothing was changed.');
    expect(recordedCalls(log)).toEqual([['sudo', '-n', '--', process.execPath, expect.stringMatching(/elevatedHelper\.js$/)]]);
    expect(events.some((e) => e.type === 'step-started')).toBe(false);
    expect(server.requests).toEqual([]);
    expect(readdirSync(path.join(root, 'opt'))).toEqual([]);
  });
});
