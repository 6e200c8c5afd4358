import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../shared/types/install.js';
import type { PlanStep } from '../../../shared/types/plan.js';
import { InstallService } from '../installService.js';
import { readJournal } from '../journal/runJournal.js';
import { hostNvidiaArch } from '../../data/installSources.js';
import { overlayDataTable } from '../../../testkit/install/dataOverlay.js';
import { buildTestDeb, createTestAptHost, type TestDeb } from '../../../testkit/install/debRepo.js';
import { startFileServer, type TestFileServer } from '../../../testkit/install/fileServer.js';
import { recordedCalls, writeRecordingTool } from '../../../testkit/install/recordingTool.js';
import { testPlan } from '../../../testkit/install/testPlan.js';

const isRoot = process.getuid?.() === 0;
const hasAlternatives = spawnSync('update-alternatives', ['--version']).status === 0;
const saved = { ...process.env };
let tmp: string | null = null;
let server: TestFileServer | null = null;

const JAMMY = 'PRETTY_NAME="Ubuntu 22.04.4 LTS"\nNAME="Ubuntu"\nVERSION_ID="22.04"\nVERSION_CODENAME=jammy\nID=ubuntu\nID_LIKE=debian\n';
const NVIDIA_LIST = 'deb [signed-by=/usr/share/keyrings/cuda-archive-keyring.gpg] https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2204/x86_64/ /\n';
const KEYRING_DEB: TestDeb = {
  name: 'cuda-keyring',
  version: '1.1-1',
  files: { '/etc/apt/sources.list.d/cuda-ubuntu2204-x86_64.list': NVIDIA_LIST, '/usr/share/keyrings/cuda-archive-keyring.gpg': 'not a real key\n' },
};
const NVCC_13 = '#!/bin/sh\necho "Cuda compilation tools, release 13.0, V13.0.48"\n';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

interface CudaHost {
  root: string;
  calls: () => string[][];
  installed(name: string): boolean;
  alternatives(): string;
}

/**
 * Ubuntu 22.04 in a sysroot: real apt/dpkg (own database, file:// repo), a real update-alternatives confined to the sysroot
 * with --root (a recording wrapper), and CUDA 13.0 already installed and registered as NVIDIA's packages do.
 */
function cudaHost(debs: TestDeb[]): CudaHost {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-cuda-'));
  const apt = createTestAptHost(path.join(tmp, 'apt'), debs);
  const root = apt.root;
  const bin = path.join(tmp, 'bin');
  mkdirSync(bin);
  const log = path.join(tmp, 'calls.log');
  writeRecordingTool(bin, 'update-alternatives', log, `exec /usr/bin/update-alternatives --root '${root}' "$@"`);
  const put = (hostPath: string, content: string, mode = 0o644) => {
    mkdirSync(path.dirname(path.join(root, hostPath)), { recursive: true });
    writeFileSync(path.join(root, hostPath), content, { mode });
  };
  put('/etc/os-release', JAMMY);
  put('/usr/local/cuda-13.0/bin/nvcc', NVCC_13, 0o755);
  put('/usr/local/cuda-13.0/version.json', '{"cuda":{"version":"13.0.48"}}\n');
  for (const dir of ['/etc/alternatives', '/var/lib/dpkg/alternatives']) mkdirSync(path.join(root, dir), { recursive: true });
  execFileSync('/usr/bin/update-alternatives', ['--root', root, '--install', '/usr/local/cuda', 'cuda', '/usr/local/cuda-13.0', '130'], { stdio: 'ignore' });
  Object.assign(process.env, apt.env, { DLSETUP_SYSROOT: root, DLSETUP_HOME: path.join(tmp, 'home'), DLSETUP_APT_LOCK_TIMEOUT_S: '5', PATH: `${bin}:${saved.PATH}` });
  return {
    root,
    calls: () => recordedCalls(log),
    installed: (name) => spawnSync('dpkg-query', ['-W', '-f', '${db:Status-Abbrev}', name], { env: { ...process.env, ...apt.env }, encoding: 'utf8' }).stdout.startsWith('ii'),
    alternatives: () => execFileSync('/usr/bin/update-alternatives', ['--root', root, '--query', 'cuda'], { encoding: 'utf8' }),
  };
}

afterEach(async () => {
  process.env = { ...saved };
  await server?.close();
  server = null;
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = null;
});

async function runPlan(service: InstallService, steps: PlanStep[]) {
  const events: ProgressEvent[] = [];
  const off = service.onProgress((event) => events.push(event));
  const { runId } = service.start(testPlan(steps));
  const status = await service.wait(runId);
  off();
  return { runId, status, events };
}

/** What /usr/local/cuda resolves to inside the sysroot, as a host path. */
function activeToolkit(root: string): string {
  return readlinkSync(path.join(root, readlinkSync(path.join(root, '/usr/local/cuda'))));
}

const repoStep = (mirror: string, keyringSha256: string): PlanStep => ({ id: 'repo', kind: 'cuda-repo', title: "NVIDIA's CUDA repository", elevated: true, params: { mirror, keyringSha256 } });

describe.skipIf(!isRoot || !hasAlternatives)('CUDA repository and Toolkit steps (real apt/dpkg and update-alternatives inside a sysroot, loopback mirror)', () => {
  it('installs the cuda-keyring .deb downloaded from the mirror with the right sha256, points the source at the mirror, and rolls back', async () => {
    const host = cudaHost([]);
    const keyring = readFileSync(buildTestDeb(path.join(tmp!, 'keyring-build'), KEYRING_DEB, path.join(tmp!, 'keyring-out')));
    server = await startFileServer({ '/cuda/repos/ubuntu2204/x86_64/cuda-keyring_1.1-1_all.deb': keyring });
    const mirror = `${server.url}/cuda/repos`;
    // The stand-in keyring is "published" for ubuntu2204: the root side checks data/'s checksum only.
    overlayDataTable<{ keyrings: { distro: string; arch: string; sha256: string }[] }>(path.join(tmp!, 'data'), 'cuda-keyrings', (table) => {
      for (const row of table.keyrings) if (row.distro === 'ubuntu2204' && row.arch === 'x86_64') row.sha256 = sha256(keyring);
    });
    const service = new InstallService({ elevation: 'direct' });
    const run = await runPlan(service, [repoStep(mirror, sha256(keyring))]);

    expect(run.status.error).toBeUndefined();
    expect(run.status.state).toBe('succeeded');
    expect(server.requests).toEqual(['/cuda/repos/ubuntu2204/x86_64/cuda-keyring_1.1-1_all.deb']);
    expect(host.installed('cuda-keyring')).toBe(true);
    expect(readFileSync(path.join(host.root, '/usr/share/keyrings/cuda-archive-keyring.gpg'), 'utf8')).toBe('not a real key\n');
    // Same line, same signing key, the mirror's base URL.
    expect(readFileSync(path.join(host.root, '/etc/apt/sources.list.d/cuda-ubuntu2204-x86_64.list'), 'utf8')).toBe(
      `deb [signed-by=/usr/share/keyrings/cuda-archive-keyring.gpg] ${mirror}/ubuntu2204/x86_64/ /\n`,
    );
    const journal = readJournal(run.runId);
    const commands = journal.flatMap((e) => (e.t === 'command' && e.argv[0] === 'apt-get' ? [e.argv.filter((a) => !a.startsWith('-') && !a.includes('='))] : []));
    expect(commands).toEqual([['apt-get', 'install', expect.stringMatching(/^.*\/var\/cache\/dlsetup\/.*cuda-keyring_1\.1-1_all\.deb$/)], ['apt-get', 'update']]);
    // The root-owned verified copy is gone once installed.
    expect(readdirSync(path.join(host.root, '/var/cache/dlsetup'))).toEqual([]);

    const again = await runPlan(service, [repoStep(mirror, sha256(keyring))]);
    expect(again.status.steps[0]).toMatchObject({ state: 'skipped', message: `NVIDIA's CUDA repository (${mirror}) is already set up.` });

    const result = await service.rollback(run.runId);
    expect(result).toMatchObject({ applied: true, ok: true });
    expect(host.installed('cuda-keyring')).toBe(false);
    expect(existsSync(path.join(host.root, '/etc/apt/sources.list.d/cuda-ubuntu2204-x86_64.list'))).toBe(false);
  });

  it('refuses a keyring whose sha256 does not match: CHECKSUM_MISMATCH, nothing installed or run', async () => {
    const host = cudaHost([]);
    const keyring = readFileSync(buildTestDeb(path.join(tmp!, 'keyring-build'), KEYRING_DEB, path.join(tmp!, 'keyring-out')));
    server = await startFileServer({ '/ubuntu2204/x86_64/cuda-keyring_1.1-1_all.deb': keyring });
    const run = await runPlan(new InstallService({ elevation: 'direct' }), [repoStep(server.url, sha256('the keyring NVIDIA published'))]);

    expect(run.status.state).toBe('failed');
    expect(run.status.error?.code).toBe('CHECKSUM_MISMATCH');
    expect(run.status.error?.message).toContain('does not match its published sha256');
    expect(host.installed('cuda-keyring')).toBe(false);
    expect(existsSync(path.join(host.root, '/etc/apt/sources.list.d/cuda-ubuntu2204-x86_64.list'))).toBe(false);
    // Only the read-only "is cuda-keyring installed?" query ran; no change was journalled.
    const journal = readJournal(run.runId);
    expect(journal.filter((e) => e.t === 'change' || (e.t === 'command' && (e.argv[0] !== 'dpkg-query' || e.elevated)))).toEqual([]);
    // Not even a partial download is kept.
    expect(readdirSync(path.join(process.env.DLSETUP_HOME!, 'cache', 'downloads'))).toEqual([]);
  });

  it('installs cuda-toolkit-12-6 from the repository beside CUDA 13.0, makes it the active one with update-alternatives, and rollback puts 13.0 back', async () => {
    const host = cudaHost([
      { name: 'cuda-nvcc-12-6', version: '12.6.85-1', files: { '/usr/local/cuda-12.6/bin/nvcc': '#!/bin/sh\necho "Cuda compilation tools, release 12.6, V12.6.85"\n' } },
      { name: 'cuda-toolkit-12-6', version: '12.6.3-1', depends: ['cuda-nvcc-12-6'], files: { '/usr/local/cuda-12.6/version.json': '{"cuda":{"version":"12.6.3"}}\n' } },
    ]);
    const service = new InstallService({ elevation: 'direct' });
    const step: PlanStep = { id: 'tk', kind: 'cuda-toolkit', title: 'CUDA Toolkit 12.6', elevated: true, params: { version: '12.6.3', method: 'apt' } };
    const run = await runPlan(service, [step]);

    expect(run.status.error).toBeUndefined();
    expect(run.status.state).toBe('succeeded');
    expect(run.status.steps[0]?.message).toBe('CUDA Toolkit 12.6 is in /usr/local/cuda-12.6; other toolkits were left in place.');
    expect(readFileSync(path.join(host.root, '/usr/local/cuda-12.6/bin/nvcc'), 'utf8')).toContain('release 12.6');
    expect(readFileSync(path.join(host.root, '/usr/local/cuda-13.0/bin/nvcc'), 'utf8')).toBe(NVCC_13);
    expect(host.calls()).toEqual([
      ['update-alternatives', '--query', 'cuda'],
      ['update-alternatives', '--install', '/usr/local/cuda', 'cuda', '/usr/local/cuda-12.6', '126'],
      ['update-alternatives', '--set', 'cuda', '/usr/local/cuda-12.6'],
    ]);
    expect(activeToolkit(host.root)).toBe('/usr/local/cuda-12.6');
    const changes = readJournal(run.runId).flatMap((e) => (e.t === 'change' ? [e.change] : []));
    expect(changes).toEqual([
      { type: 'packages-installed', manager: 'apt', packages: ['cuda-nvcc-12-6', 'cuda-toolkit-12-6'] },
      { type: 'alternative-set', name: 'cuda', path: '/usr/local/cuda-12.6', previous: '/usr/local/cuda-13.0', registered: true },
    ]);

    const preview = await service.rollback(run.runId, { dryRun: true });
    expect(preview.preview.actions.map((a) => a.description)).toEqual([
      'Point "cuda" back to /usr/local/cuda-13.0 and unregister /usr/local/cuda-12.6 as "cuda"',
      'Remove the apt packages the install added (and what their scripts changed under /etc): cuda-nvcc-12-6 cuda-toolkit-12-6',
    ]);
    const result = await service.rollback(run.runId);
    expect(result).toMatchObject({ applied: true, ok: true });
    expect(activeToolkit(host.root)).toBe('/usr/local/cuda-13.0');
    expect(host.alternatives()).not.toContain('/usr/local/cuda-12.6');
    expect(existsSync(path.join(host.root, '/usr/local/cuda-12.6'))).toBe(false);
    expect(readFileSync(path.join(host.root, '/usr/local/cuda-13.0/bin/nvcc'), 'utf8')).toBe(NVCC_13);
  });

  it('with 12.6 already installed but 13.0 active, only switches the alternative (nothing installed, nothing deleted)', async () => {
    const host = cudaHost([]);
    mkdirSync(path.join(host.root, '/usr/local/cuda-12.6/bin'), { recursive: true });
    writeFileSync(path.join(host.root, '/usr/local/cuda-12.6/bin/nvcc'), '#!/bin/sh\necho release 12.6\n', { mode: 0o755 });
    const service = new InstallService({ elevation: 'direct' });
    const run = await runPlan(service, [{ id: 'tk', kind: 'cuda-toolkit', title: 'CUDA Toolkit 12.6', elevated: true, params: { version: '12.6', method: 'apt' } }]);
    expect(run.status.error).toBeUndefined();
    expect(run.status.steps[0]?.state).toBe('succeeded');
    expect(host.calls().filter((call) => call[1] !== '--query')).toEqual([
      ['update-alternatives', '--install', '/usr/local/cuda', 'cuda', '/usr/local/cuda-12.6', '126'],
      ['update-alternatives', '--set', 'cuda', '/usr/local/cuda-12.6'],
    ]);
    expect(activeToolkit(host.root)).toBe('/usr/local/cuda-12.6');
    expect(readJournal(run.runId).some((e) => e.t === 'command' && e.argv[0] === 'apt-get')).toBe(false);
    const again = await runPlan(service, [{ id: 'tk', kind: 'cuda-toolkit', title: 'CUDA Toolkit 12.6', elevated: true, params: { version: '12.6', method: 'apt' } }]);
    expect(again.status.steps[0]).toMatchObject({ state: 'skipped', message: 'CUDA Toolkit 12.6 is already installed in /usr/local/cuda-12.6.' });
  });

  it('falls back to the verified runfile (--silent --toolkit --toolkitpath) when no repository has the package, and rollback removes only that tree', async () => {
    const host = cudaHost([{ name: 'unrelated-package' }]);
    // A stand-in for NVIDIA's runfile: records its arguments and installs nvcc where --toolkitpath says.
    const runfile = `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > "${tmp}/runfile-args"\nfor a in "$@"; do case "$a" in --toolkitpath=*) dir="\${a#--toolkitpath=}" ;; esac; done\nmkdir -p "$dir/bin" && printf '#!/bin/sh\\necho release 12.6\\n' > "$dir/bin/nvcc" && chmod 755 "$dir/bin/nvcc"\n`;
    server = await startFileServer({ '/cuda_12.6.3_560.35.05_linux.run': runfile });
    // The stand-in is data/'s runfile for 12.6.3 here; the plan names the version only.
    overlayDataTable<{ runfiles: { version: string; arch: string; url: string; sha256: string }[] }>(path.join(tmp!, 'data'), 'nvidia-install-sources', (table) => {
      const row = table.runfiles.find((candidate) => candidate.version === '12.6.3' && candidate.arch === hostNvidiaArch())!;
      Object.assign(row, { url: `${server!.url}/cuda_12.6.3_560.35.05_linux.run`, sha256: sha256(runfile) });
    });
    const step: PlanStep = { id: 'tk', kind: 'cuda-toolkit', title: 'CUDA Toolkit 12.6', elevated: true, params: { version: '12.6.3' } };
    const service = new InstallService({ elevation: 'direct' });
    const run = await runPlan(service, [step]);

    expect(run.status.error).toBeUndefined();
    expect(run.status.state).toBe('succeeded');
    expect(readFileSync(path.join(tmp!, 'runfile-args'), 'utf8').split('\n').filter(Boolean)).toEqual([
      '--silent',
      '--toolkit',
      `--toolkitpath=${path.join(host.root, '/usr/local/cuda-12.6')}`,
    ]);
    expect(existsSync(path.join(host.root, '/usr/local/cuda-12.6/bin/nvcc'))).toBe(true);
    expect(activeToolkit(host.root)).toBe('/usr/local/cuda-12.6');
    expect(readdirSync(path.join(host.root, '/var/cache/dlsetup'))).toEqual([]);
    expect(readJournal(run.runId).flatMap((e) => (e.t === 'change' ? [e.change.type] : []))).toEqual(['dir-created', 'alternative-set']);

    const result = await service.rollback(run.runId);
    expect(result).toMatchObject({ applied: true, ok: true });
    expect(existsSync(path.join(host.root, '/usr/local/cuda-12.6'))).toBe(false);
    expect(activeToolkit(host.root)).toBe('/usr/local/cuda-13.0');
    expect(readFileSync(path.join(host.root, '/usr/local/cuda-13.0/bin/nvcc'), 'utf8')).toBe(NVCC_13);
  });
});
