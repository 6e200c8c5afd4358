import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootMachine, DLSETUP, writePlan, type DistroMachine } from '../../testkit/distro/machine.js';
import { differences, snapshot, type MachineSnapshot } from '../../testkit/distro/snapshot.js';
import { testPlan } from '../../testkit/install/testPlan.js';
import type { Plan } from '../../shared/types/plan.js';

// Items 2 and 3 of issue 19 on a real Debian 12 root: Debian's own nvidia-driver from non-free, then rollback.
// Expected answers are Debian's: https://wiki.debian.org/NvidiaGraphicsDrivers (bookworm: "deb http://deb.debian.org/debian/
// bookworm main contrib non-free non-free-firmware", apt install nvidia-driver firmware-misc-nonfree, a restart).
const LINE = 'deb http://deb.debian.org/debian bookworm contrib non-free non-free-firmware';

// Exact includes what the pulled-in packages' maintainer scripts made outside dpkg's records (systemd's postinst:
// /etc/machine-id, the /etc/mtab link; netbase's: /etc/hosts; adduser's system accounts in passwd, group, shadow,
// gshadow and their "-" backups): the helper recorded /etc around the step and puts those back after the purge.

let machine: DistroMachine;
let before: MachineSnapshot;
let runId = '';
const started = Date.now();

// Every dlsetup command's output, for reading after a run (the lane's machines are gone by then).
const TRANSCRIPT = path.join(process.env.DLSETUP_DISTRO_TRANSCRIPTS ?? '/tmp', 'distro-driver.log');
const dlsetup = async (args: string[]) => {
  const ran = await machine.run([...DLSETUP, ...args], { user: 'student' });
  appendFileSync(TRANSCRIPT, `$ dlsetup ${args.join(' ')}  (exit ${ran.code})\n${ran.output}\n`);
  return ran;
};

const dpkgStatus = async (name: string) => (await machine.run(['dpkg-query', '-W', '-f', '${db:Status-Abbrev}', name])).stdout.trim();

beforeAll(async () => {
  writeFileSync(TRANSCRIPT, '');
  machine = bootMachine();
  // No headers match the kernel (as with a kernel newer than the mirror's, or a custom one): apt may not install any,
  // so DKMS (which apt-get pulls in with linux-headers-amd64 as a Recommends) has nothing to build against.
  writeFileSync(path.join(machine.root, 'etc/apt/preferences.d/distro-lane-no-headers'), 'Package: linux-headers-*\nPin: release *\nPin-Priority: -1\n');
  before = await snapshot(machine);
});
afterAll(() => machine?.close());

describe('the NVIDIA driver on a fresh Debian 12 (real apt, dpkg, DKMS and update-initramfs)', () => {
  it('adds the missing sources line, installs nvidia-driver and firmware-misc-nonfree, says DKMS built no module, and asks for a restart', async () => {
    expect(readFileSync(path.join(machine.root, 'etc/apt/sources.list'), 'utf8')).toBe('deb http://deb.debian.org/debian bookworm main\n');
    // The product's own plan for an RTX 3060 on this Debian 12 (what-if --gpu: the root has no GPU, its distribution
    // is read): Debian's packaged driver, 535.261.03 (data/driver-branches.json distroDrivers), and a CUDA 12 build.
    const planned = await dlsetup(['plan', '--framework', 'pytorch', '--gpu', 'GeForce RTX 3060', '--json']);
    expect(planned.code, planned.output).toBe(0);
    const product = JSON.parse(planned.stdout) as Plan;
    const driverStep = product.steps.find((step) => step.kind === 'driver')!;
    expect(driverStep.params).toMatchObject({ action: 'install', branch: '535', minimumVersion: '535.261.03' });
    expect(product.framework.variant).toMatch(/^cu12\d$/);
    // Its driver step as planned; then a step of our own to see --resume continue after the restart (the plan's Python
    // steps would need CUDA wheels this workplace cannot download).
    const plan = testPlan([
      { ...driverStep, id: 'drv' },
      { id: 'vars', kind: 'env-vars', title: 'Set CUDA variables', elevated: false, params: { scope: 'user', cudaHome: '/usr/local/cuda-12.4' } },
    ]);
    const file = writePlan(machine, 'driver', plan);
    const ran = await dlsetup(['install', '--plan', file, '--yes', '--verbose']);
    runId = /\b(\d{8}-\d{6}-[a-z0-9]{6})\b/.exec(ran.output)?.[1] ?? '';
    expect(runId, ran.output).not.toBe('');
    // The exact line, where it went, from the user's own main line.
    expect(ran.output).toContain(LINE);
    expect(readFileSync(path.join(machine.root, 'etc/apt/sources.list.d/dlsetup-debian-non-free.list'), 'utf8')).toContain(`${LINE}\n`);
    expect(await dpkgStatus('nvidia-driver')).toBe('ii');
    expect(await dpkgStatus('firmware-misc-nonfree')).toBe('ii');
    // The pulled-in packages' scripts changed /etc outside dpkg's records: what the rollback test must see put back.
    expect(differences(before, await snapshot(machine))).toEqual(expect.arrayContaining(['~ /etc/passwd', '~ /etc/group', '+ /etc/machine-id']));
    // nouveau is blacklisted for the next boot, and the initramfs that boot reads was rebuilt after the install began.
    // Read inside the root: Debian's nvidia-blacklists-nouveau.conf is an absolute symlink (into /etc/nvidia).
    const blacklists = (await machine.run(['sh', '-c', 'grep -lsE "^blacklist[[:space:]]+nouveau" /etc/modprobe.d/*'])).stdout.trim();
    expect(blacklists, `no nouveau blacklist in /etc/modprobe.d: ${readdirSync(path.join(machine.root, 'etc/modprobe.d')).join(', ')}`).not.toBe('');
    // The initramfs of the newest kernel (the one the next boot starts; update-initramfs -u updates that one) was rebuilt
    // after the install began. The root may have two kernels: apt may have pulled in a newer linux-image.
    const boot = readdirSync(path.join(machine.root, 'boot'));
    const initrds = boot.filter((name) => name.startsWith('initrd.img-') && !/\.(dpkg-)?bak$/.test(name));
    const rebuilt = initrds.filter((name) => statSync(path.join(machine.root, 'boot', name)).mtimeMs > started);
    expect(rebuilt.length, `no initramfs rebuilt: ${boot.join(', ')}`).toBeGreaterThan(0);
    // No headers for the kernel: DKMS built nothing, and the run says so instead of claiming a working driver.
    const kernel = /DKMS built no NVIDIA kernel module: kernel (\S+) has no headers/.exec(ran.output)?.[1] ?? '';
    expect(kernel, ran.output).not.toBe('');
    expect(initrds).toContain(`initrd.img-${kernel}`);
    expect(existsSync(path.join(machine.root, 'lib/modules', kernel, 'build'))).toBe(false);
    expect(ran.output).toContain(`sudo apt install linux-headers-${kernel}`);
    expect(ran.output).not.toMatch(/NVIDIA driver [\d.]+ is loaded/);
    expect(ran.output).toMatch(/[Rr]estart/);
    expect(ran.code).not.toBe(0);
  });

  it('--resume before the restart still waits; after it (module loaded, new boot id) it finishes the driver step and runs the next', async () => {
    const early = await dlsetup(['install', runId, '--resume', '--yes', '--verbose']);
    expect(early.output).toMatch(/[Rr]estart/);
    expect(early.output).not.toContain('CUDA_HOME');
    // The "restart": the kernel now lists the module Debian's package would load, under a new boot id.
    const version = (await machine.run(['dpkg-query', '-W', '-f', '${Version}', 'nvidia-driver'])).stdout.replace(/-.*$/, '');
    machine.mountTmpfs('proc/driver', '1m');
    execFileSync('mkdir', ['-p', path.join(machine.root, 'proc/driver/nvidia')]);
    writeFileSync(path.join(machine.root, 'proc/driver/nvidia/version'), `NVRM version: NVIDIA UNIX x86_64 Kernel Module  ${version}  Tue Jul  1 10:00:00 UTC 2025\nGCC version:  gcc version 12.2.0 (Debian 12.2.0-14)\n`);
    const bootId = path.join(path.dirname(machine.root), 'boot_id');
    writeFileSync(bootId, '5b1f0c1e-0000-4000-8000-00000000beef\n');
    machine.bindFile(bootId, 'proc/sys/kernel/random/boot_id');
    const resumed = await dlsetup(['install', runId, '--resume', '--yes', '--verbose']);
    expect(resumed.output).toContain(`NVIDIA driver ${version} is loaded`);
    expect(resumed.code, resumed.output).toBe(0);
    machine.unmountExtra();
  });

  it('rollback gives back dpkg --get-selections and every file under /etc and /usr/local; a second rollback changes nothing', async () => {
    const first = await dlsetup(['rollback', runId, '--yes']);
    const after = await snapshot(machine);
    // What the helper journalled (its undo acts on that only), for a failure's message.
    const helperJournal = (await machine.run(['sh', '-c', 'cut -c1-240 /var/lib/dlsetup/runs/*.jsonl'])).stdout;
    expect(differences(before, after), `${first.output}\nhelper journal:\n${helperJournal}`).toEqual([]);
    expect((await machine.run(['dpkg', '--audit'])).stdout.trim()).toBe('');
    const second = await dlsetup(['rollback', runId, '--yes']);
    expect(differences(after, await snapshot(machine)), second.output).toEqual([]);
  });
});
