import type { PlanStep } from '../../../shared/types/plan.js';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../shared/types/install.js';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { InstallService } from '../installService.js';
import { readJournal } from '../journal/runJournal.js';
import { createTestAptHost, type TestDeb } from '../../../testkit/install/debRepo.js';
import { recordedCalls, writeRecordingTool } from '../../../testkit/install/recordingTool.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { NOUVEAU_BLACKLIST } from './driverStep.js';

const isRoot = process.getuid?.() === 0;
const saved = { ...process.env };
let tmp: string | null = null;

const OS_RELEASE = {
  jammy: 'PRETTY_NAME="Ubuntu 22.04.4 LTS"\nNAME="Ubuntu"\nVERSION_ID="22.04"\nVERSION="22.04.4 LTS (Jammy Jellyfish)"\nVERSION_CODENAME=jammy\nID=ubuntu\nID_LIKE=debian\nUBUNTU_CODENAME=jammy\n',
  noble: 'PRETTY_NAME="Ubuntu 24.04.1 LTS"\nNAME="Ubuntu"\nVERSION_ID="24.04"\nVERSION="24.04.1 LTS (Noble Numbat)"\nVERSION_CODENAME=noble\nID=ubuntu\nID_LIKE=debian\nUBUNTU_CODENAME=noble\n',
  bookworm: 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nVERSION="12 (bookworm)"\nVERSION_CODENAME=bookworm\nID=debian\n',
  fedora: 'NAME="Fedora Linux"\nVERSION="40 (Workstation Edition)"\nID=fedora\nVERSION_ID=40\nPRETTY_NAME="Fedora Linux 40 (Workstation Edition)"\n',
  arch: 'NAME="Arch Linux"\nPRETTY_NAME="Arch Linux"\nID=arch\nBUILD_ID=rolling\n',
};
// As the kernel lists it while nouveau drives the card (lsmod reads this file).
const MODULES_WITH_NOUVEAU = 'nouveau 2973696 3 - Live 0x0000000000000000\nmxm_wmi 12288 1 nouveau, Live 0x0000000000000000\ndrm_ttm_helper 12288 1 nouveau, Live 0x0000000000000000\n';
const UBUNTU_BLACKLIST_CONF = '# This file lists those modules which we don\'t want to be loaded by\n# alias expansion, usually so some other driver will be loaded for the\n# device instead.\n\n# evbug is a debug tool that should be loaded explicitly\nblacklist evbug\n';
const SECURE_BOOT_VAR = '/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c';

interface DriverHost {
  root: string;
  /** Every fake tool's argv, in call order. */
  calls: () => string[][];
  put(hostPath: string, content: string | Buffer): void;
  installed(name: string): boolean;
}

/**
 * A simulated host whose apt and dpkg are real (own database, file:// repo with dummy driver .debs), with the driver-facing
 * tools this machine must not run for real (update-initramfs; ubuntu-drivers, which it lacks) as recording fakes.
 */
function driverHost(options: { os: keyof typeof OS_RELEASE; debs: TestDeb[]; nouveau?: boolean; secureBoot?: boolean; ubuntuDrivers?: boolean }): DriverHost {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-drv-'));
  const apt = createTestAptHost(path.join(tmp, 'apt'), options.debs);
  const bin = path.join(tmp, 'bin');
  mkdirSync(bin);
  const log = path.join(tmp, 'calls.log');
  // A password prompt the user dismisses: any call to it shows DL Setup asked for root.
  writeRecordingTool(bin, 'pkexec', log, 'echo "Error executing command as another user: Request dismissed" >&2; exit 126');
  writeRecordingTool(bin, 'update-initramfs', log, 'echo "update-initramfs: Generating /boot/initrd.img-6.8.0-45-generic"');
  if (options.ubuntuDrivers) {
    // `devices` prints the real capture; `install` installs its recommended driver through the real (test) apt, as ubuntu-drivers does.
    const capture = fixturePath('ubuntu-drivers/ubuntu-drivers_devices_gt640_gk107.txt');
    writeRecordingTool(
      bin,
      'ubuntu-drivers',
      log,
      `case "$1" in\n  devices) cat '${capture}' ;;\n  install) exec apt-get install -y "$(sed -n 's/^driver *: \\([^ ]*\\) .*recommended.*/\\1/p' '${capture}')" ;;\nesac`,
    );
  }
  const put = (hostPath: string, content: string | Buffer) => {
    const file = path.join(apt.root, hostPath);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  put('/etc/os-release', OS_RELEASE[options.os]);
  put('/proc/modules', options.nouveau ? MODULES_WITH_NOUVEAU : 'snd_hda_intel 61440 2 - Live 0x0000000000000000\n');
  // Ubuntu's own modprobe.d file: never touched by the install or the rollback.
  put('/etc/modprobe.d/blacklist.conf', UBUNTU_BLACKLIST_CONF);
  put('/proc/sys/kernel/random/boot_id', 'a1b2c3d4-0000-4000-8000-000000000001\n');
  // efivarfs: 4 attribute bytes, then the value (1 = Secure Boot on).
  if (options.secureBoot !== undefined) put(SECURE_BOOT_VAR, Buffer.from([0x06, 0, 0, 0, options.secureBoot ? 1 : 0]));
  Object.assign(process.env, apt.env, {
    DLSETUP_SYSROOT: apt.root,
    DLSETUP_HOME: path.join(tmp, 'home'),
    DLSETUP_APT_LOCK_TIMEOUT_S: '5',
    PATH: `${bin}:${saved.PATH}`,
  });
  return {
    root: apt.root,
    calls: () => recordedCalls(log),
    put,
    installed: (name) =>
      spawnSync('dpkg-query', ['-W', '-f', '${db:Status-Abbrev}', name], { env: { ...process.env, ...apt.env }, encoding: 'utf8' }).stdout.startsWith('ii'),
  };
}

afterEach(() => {
  process.env = { ...saved };
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = null;
});

const driverPlan = (params: PlanStep['params']) => testPlan([{ id: 'drv', kind: 'driver', title: 'Install the NVIDIA driver', elevated: true, params }]);

async function runPlan(service: InstallService, start: () => { runId: string }) {
  const events: ProgressEvent[] = [];
  const off = service.onProgress((event) => events.push(event));
  const { runId } = start();
  const status = await service.wait(runId);
  off();
  return { runId, status, events };
}

const DUMMY_DRIVER = (name: string): TestDeb => ({ name, version: '580.95.05-0ubuntu1', files: { [`/usr/share/doc/${name}/README.dlsetup-test`]: `${name}\n` } });

describe.skipIf(!isRoot)('driver step on simulated hosts (real apt/dpkg in the sysroot, recording update-initramfs)', () => {
  it('Ubuntu 22.04, nouveau loaded, Secure Boot on: explains first, blacklists nouveau, installs nvidia-driver-580, pauses for the reboot, then finishes on resume', async () => {
    const host = driverHost({ os: 'jammy', debs: [DUMMY_DRIVER('nvidia-driver-580'), DUMMY_DRIVER('nvidia-driver-580-open')], nouveau: true, secureBoot: true });
    const service = new InstallService({ elevation: 'direct' });
    const plan = driverPlan({ branch: '580', minimum: '580.65' });
    const first = await runPlan(service, () => service.start(plan));

    expect(first.status.error).toBeUndefined();
    expect(first.status.state).toBe('needs-reboot');
    expect(first.status.steps[0]).toMatchObject({ state: 'needs-reboot', message: expect.stringContaining('Restart the computer') });
    // The Secure Boot explanation comes before the step starts and before any command runs.
    const notice = first.events.findIndex((e) => e.type === 'step-log' && e.line.startsWith('Before you start: Secure Boot is on') && e.line.includes('Enroll MOK'));
    const started = first.events.findIndex((e) => e.type === 'step-started');
    const firstCommand = first.events.findIndex((e) => e.type === 'step-log' && e.line.startsWith('$ '));
    expect(notice).toBeGreaterThan(-1);
    expect(notice).toBeLessThan(started);
    expect(notice).toBeLessThan(firstCommand);

    const blacklist = readFileSync(path.join(host.root, NOUVEAU_BLACKLIST), 'utf8');
    expect(blacklist).toMatch(/^# Managed by DL Setup/);
    expect(blacklist).toContain('blacklist nouveau\noptions nouveau modeset=0\n');
    expect(host.calls()).toEqual([['update-initramfs', '-u']]);
    expect(host.installed('nvidia-driver-580')).toBe(true);
    expect(host.installed('nvidia-driver-580-open')).toBe(false);
    const journal = readJournal(first.runId);
    const changes = journal.flatMap((e) => (e.t === 'change' ? [e.change] : []));
    expect(changes).toContainEqual({ type: 'file-created', path: NOUVEAU_BLACKLIST });
    expect(changes).toContainEqual({ type: 'packages-installed', manager: 'apt', packages: ['nvidia-driver-580'] });
    const apt = journal.find((e) => e.t === 'command' && e.argv[0] === 'apt-get');
    expect(apt).toMatchObject({ argv: expect.arrayContaining(['install', '--yes', 'nvidia-driver-580']), exitCode: 0, elevated: true });

    // Resumed without restarting: still waiting, nothing re-run.
    const notRebooted = new InstallService({ elevation: 'direct' });
    const early = await runPlan(notRebooted, () => notRebooted.resume(first.runId));
    expect(early.status.state).toBe('needs-reboot');
    expect(host.calls()).toHaveLength(1);

    // The reboot: a new boot id, nouveau gone, NVIDIA's module loaded.
    host.put('/proc/sys/kernel/random/boot_id', 'a1b2c3d4-0000-4000-8000-000000000002\n');
    host.put('/proc/modules', 'nvidia 56799232 0 - Live 0x0000000000000000\n');
    host.put('/proc/driver/nvidia/version', readFileSync(fixturePath('proc-driver/proc_driver_nvidia_version_580.173.02_truenas.txt')));
    const after = new InstallService({ elevation: 'direct' });
    const resumed = await runPlan(after, () => after.resume(first.runId));
    expect(resumed.status.error).toBeUndefined();
    expect(resumed.status.state).toBe('succeeded');
    expect(resumed.status.steps[0]).toMatchObject({ state: 'succeeded', message: 'NVIDIA driver 580.173.02 is loaded.' });
    expect(resumed.events[0]).toMatchObject({ type: 'run-started', resumed: true });
    expect(after.status(first.runId)?.state).toBe('succeeded');
    expect(host.calls()).toHaveLength(1);

    // Rollback shows, then removes exactly what the run added, and rebuilds the initramfs without the blacklist.
    const preview = await after.rollback(first.runId, { dryRun: true });
    expect(preview.preview.actions.map((a) => a.description)).toEqual([
      'Remove the apt packages the install added (and what their scripts changed under /etc): nvidia-driver-580',
      `Remove ${NOUVEAU_BLACKLIST}, which the install created`,
      'Rebuild the initramfs (update-initramfs -u) so the restored module settings apply at the next boot',
    ]);
    const undone = await after.rollback(first.runId);
    expect(undone).toMatchObject({ applied: true, ok: true });
    expect(host.installed('nvidia-driver-580')).toBe(false);
    expect(existsSync(path.join(host.root, NOUVEAU_BLACKLIST))).toBe(false);
    expect(readFileSync(path.join(host.root, '/etc/modprobe.d/blacklist.conf'), 'utf8')).toBe(UBUNTU_BLACKLIST_CONF);
    expect(host.calls()).toEqual([['update-initramfs', '-u'], ['update-initramfs', '-u']]);
  });

  it('Ubuntu 22.04: a reboot after which the driver still does not load names the MOK enrolment', async () => {
    const host = driverHost({ os: 'jammy', debs: [DUMMY_DRIVER('nvidia-driver-580')], nouveau: true, secureBoot: true });
    const service = new InstallService({ elevation: 'direct' });
    const first = await runPlan(service, () => service.start(driverPlan({ branch: '580' })));
    expect(first.status.state).toBe('needs-reboot');
    host.put('/proc/sys/kernel/random/boot_id', 'a1b2c3d4-0000-4000-8000-000000000002\n');
    const resumed = await runPlan(service, () => service.resume(first.runId));
    expect(resumed.status.state).toBe('failed');
    expect(resumed.status.error?.message).toContain('mokutil --import');
    expect(resumed.status.error?.message).toContain('Enroll MOK');
  });

  it('Ubuntu 24.04 without a branch: ubuntu-drivers installs its recommended driver, an existing blacklist file is backed up, rollback restores it byte for byte', async () => {
    const host = driverHost({ os: 'noble', debs: [DUMMY_DRIVER('nvidia-driver-470'), DUMMY_DRIVER('nvidia-driver-390')], nouveau: true, secureBoot: false, ubuntuDrivers: true });
    const before = '# written by hand\nblacklist nouveau\n';
    host.put(NOUVEAU_BLACKLIST, before);
    const service = new InstallService({ elevation: 'direct' });
    const run = await runPlan(service, () => service.start(driverPlan({})));
    expect(run.status.error).toBeUndefined();
    expect(run.status.state).toBe('needs-reboot');
    expect(run.events.some((e) => e.type === 'step-log' && e.line.includes('Secure Boot'))).toBe(false);
    expect(host.calls()).toEqual([['ubuntu-drivers', 'install'], ['update-initramfs', '-u']]);
    expect(host.installed('nvidia-driver-470')).toBe(true);
    expect(host.installed('nvidia-driver-390')).toBe(false);
    const changes = readJournal(run.runId).flatMap((e) => (e.t === 'change' ? [e.change] : []));
    expect(changes).toContainEqual({ type: 'packages-installed', manager: 'apt', packages: ['nvidia-driver-470'] });
    const backup = changes.find((c) => c.type === 'file-backed-up');
    expect(backup).toMatchObject({ path: NOUVEAU_BLACKLIST });
    expect(readFileSync(path.join(host.root, NOUVEAU_BLACKLIST), 'utf8')).toContain('options nouveau modeset=0');

    const result = await service.rollback(run.runId);
    expect(result).toMatchObject({ applied: true, ok: true });
    expect(readFileSync(path.join(host.root, NOUVEAU_BLACKLIST), 'utf8')).toBe(before);
    expect(host.installed('nvidia-driver-470')).toBe(false);
    expect(host.calls().slice(2)).toEqual([['update-initramfs', '-u']]);
  });

  it('Ubuntu 24.04, open kernel modules wanted (Turing and newer): installs nvidia-driver-580-open', async () => {
    const host = driverHost({ os: 'noble', debs: [DUMMY_DRIVER('nvidia-driver-580'), DUMMY_DRIVER('nvidia-driver-580-open')], nouveau: false, secureBoot: false });
    const service = new InstallService({ elevation: 'direct' });
    const run = await runPlan(service, () => service.start(driverPlan({ branch: '580', open: true })));
    expect(run.status.state).toBe('needs-reboot');
    expect(host.installed('nvidia-driver-580-open')).toBe(true);
    expect(host.installed('nvidia-driver-580')).toBe(false);
    expect(host.calls()).toEqual([]);
  });

  it('Debian 12: installs nvidia-driver with its firmware from non-free', async () => {
    const host = driverHost({ os: 'bookworm', debs: [DUMMY_DRIVER('nvidia-driver'), DUMMY_DRIVER('firmware-misc-nonfree'), DUMMY_DRIVER('cuda-drivers')], nouveau: false });
    const service = new InstallService({ elevation: 'direct' });
    const run = await runPlan(service, () => service.start(driverPlan({ branch: '535' })));
    expect(run.status.error).toBeUndefined();
    expect(run.status.state).toBe('needs-reboot');
    expect(host.installed('nvidia-driver')).toBe(true);
    expect(host.installed('firmware-misc-nonfree')).toBe(true);
    expect(host.installed('cuda-drivers')).toBe(false);
    // nouveau was not loaded: no blacklist, no initramfs rebuild.
    expect(existsSync(path.join(host.root, NOUVEAU_BLACKLIST))).toBe(false);
    expect(host.calls()).toEqual([]);
  });

  it('Debian 12 whose packaged driver is older than the plan needs (a plan made on Ubuntu): DRIVER_TOO_OLD before installing anything', async () => {
    // Debian's own version string, as bookworm's non-free carries it (nvidia-driver 535.261.03-1).
    const debian = (name: string): TestDeb => ({ ...DUMMY_DRIVER(name), version: '535.261.03-1' });
    const host = driverHost({ os: 'bookworm', debs: [debian('nvidia-driver'), debian('firmware-misc-nonfree')], nouveau: false });
    const service = new InstallService({ elevation: 'direct' });
    const run = await runPlan(service, () => service.start(driverPlan({ branch: '580', minimum: '580.65.06' })));
    expect(run.status.state).toBe('failed');
    expect(run.status.error?.code).toBe('DRIVER_TOO_OLD');
    expect(run.status.error?.message).toContain('packages NVIDIA driver 535.261.03 (nvidia-driver), older than 580.65.06');
    expect(host.installed('nvidia-driver')).toBe(false);
  });

  it('Debian 12 without non-free but with NVIDIA\'s repository: installs cuda-drivers', async () => {
    const host = driverHost({ os: 'bookworm', debs: [DUMMY_DRIVER('cuda-drivers')], nouveau: false });
    const service = new InstallService({ elevation: 'direct' });
    const run = await runPlan(service, () => service.start(driverPlan({})));
    expect(run.status.state).toBe('needs-reboot');
    expect(host.installed('cuda-drivers')).toBe(true);
  });

  it('Debian 12 with neither: says how to enable non-free, and changes nothing', async () => {
    const host = driverHost({ os: 'bookworm', debs: [DUMMY_DRIVER('some-other-package')], nouveau: true });
    const service = new InstallService({ elevation: 'direct' });
    const run = await runPlan(service, () => service.start(driverPlan({})));
    expect(run.status.state).toBe('failed');
    expect(run.status.error?.code).toBe('NOT_FOUND');
    expect(run.status.error?.message).toContain('non-free non-free-firmware');
    expect(existsSync(path.join(host.root, NOUVEAU_BLACKLIST))).toBe(false);
    expect(readJournal(run.runId).filter((e) => e.t === 'change')).toEqual([]);
  });

  it.each([
    ['fedora', 'Fedora Linux 40 (Workstation Edition)', 'akmod-nvidia'],
    ['arch', 'Arch Linux', 'nvidia-open'],
  ] as const)('%s: a clear "not supported yet" with manual instructions before any password prompt, nothing changed', async (osName, pretty, hint) => {
    const host = driverHost({ os: osName, debs: [DUMMY_DRIVER('nvidia-driver-580')], nouveau: true, secureBoot: true });
    const service = new InstallService({ elevation: 'pkexec' });
    const run = await runPlan(service, () => service.start(driverPlan({ branch: '580' })));
    expect(run.status.state).toBe('failed');
    expect(run.status.error?.code).toBe('UNSUPPORTED_OS');
    expect(run.status.error?.message).toContain(`cannot install the NVIDIA driver on ${pretty} yet`);
    expect(run.status.error?.message).toContain(hint);
    expect(run.status.error?.message).toContain('then run DL Setup again');
    expect(run.status.steps[0]).toMatchObject({ state: 'failed', errorCode: 'UNSUPPORTED_OS' });
    expect(existsSync(path.join(host.root, NOUVEAU_BLACKLIST))).toBe(false);
    expect(host.calls()).toEqual([]);
    expect(host.installed('nvidia-driver-580')).toBe(false);
    const journal = readJournal(run.runId);
    expect(journal.filter((e) => e.t === 'change' || e.t === 'command')).toEqual([]);
  });
});
