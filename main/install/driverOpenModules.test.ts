import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installText } from '../system/installText.js';
import { elevatedDescriptor } from './elevation/elevatedDescriptor.js';
import { driverCommand, driverStep } from './steps/driverStep.js';

// Issue 28 item 4: the helper derives the driver package from data/ and the descriptor's `open` field. Package names:
// Ubuntu nvidia-driver-580-open; Debian contrib nvidia-open-kernel-dkms (535.261.03-1 in bookworm, 550.163.01-2 in
// trixie, Provides nvidia-open-kernel-<version>, which nvidia-driver's Depends accepts); NVIDIA's repository nvidia-open.
// PCI ids from data/nvidia-devices.json: 10de:2b85 GeForce RTX 5090 (open required), 10de:1b80 GeForce GTX 1080.
const OS_RELEASE = {
  noble: 'PRETTY_NAME="Ubuntu 24.04.1 LTS"\nNAME="Ubuntu"\nVERSION_ID="24.04"\nVERSION_CODENAME=noble\nID=ubuntu\nID_LIKE=debian\n',
  bookworm: 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nVERSION_CODENAME=bookworm\nID=debian\n',
};
const saved = process.env.DLSETUP_SYSROOT;
let root: string | null = null;

function host(system: keyof typeof OS_RELEASE, gpu: string | null, loaded?: string): void {
  root = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-open-'));
  const put = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root!, file)), { recursive: true });
    writeFileSync(path.join(root!, file), text);
  };
  put('/etc/os-release', OS_RELEASE[system]);
  put('/sys/bus/pci/devices/0000:00:00.0/vendor', '0x8086\n');
  put('/sys/bus/pci/devices/0000:00:00.0/class', '0x060000\n');
  if (gpu) {
    put('/sys/bus/pci/devices/0000:01:00.0/vendor', '0x10de\n');
    put('/sys/bus/pci/devices/0000:01:00.0/device', `0x${gpu}\n`);
    put('/sys/bus/pci/devices/0000:01:00.0/class', '0x030000\n');
  }
  if (loaded) put('/proc/driver/nvidia/version', `NVRM version: NVIDIA UNIX x86_64 Kernel Module  ${loaded}  Release Build  (dvs-builder@U22-I3-AE18-23-3)  Tue Jan 13 2026\nGCC version:  gcc version 12.2.0 (Debian 12.2.0-14)\n`);
  process.env.DLSETUP_SYSROOT = root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
  if (saved === undefined) delete process.env.DLSETUP_SYSROOT;
  else process.env.DLSETUP_SYSROOT = saved;
});

const say = installText();

describe('the driver step installs the open kernel modules a GPU needs (issue 28)', () => {
  it('Ubuntu, open: nvidia-driver-580-open, derived from data/ (the plan may repeat it, never choose it)', async () => {
    host('noble', '2b85');
    const params = driverStep.parse({ branch: '580', open: true, ubuntuPackage: 'nvidia-driver-580-open', minimumVersion: '580.65.06' });
    expect(await driverCommand(params, null, say)).toEqual({ method: 'apt', packages: ['nvidia-driver-580-open'] });
    expect(driverStep.describe(params)[0]!.argv).toEqual(['apt-get', 'install', '--yes', 'nvidia-driver-580-open']);
    expect(() => driverStep.parse({ branch: '580', open: false, ubuntuPackage: 'nvidia-driver-580-open' })).toThrow();
  });

  it('Debian, open: contrib\'s nvidia-open-kernel-dkms with nvidia-driver; NVIDIA\'s nvidia-open is the named fallback', async () => {
    host('bookworm', '2b85');
    const params = driverStep.parse({ open: true });
    expect(await driverCommand(params, null, say)).toEqual({ method: 'apt', packages: ['nvidia-open-kernel-dkms', 'nvidia-driver', 'firmware-misc-nonfree'] });
    expect(driverStep.parse({ open: true, package: 'nvidia-open' }).open).toBe(true);
    expect(() => driverStep.parse({ open: true, package: 'cuda-drivers' })).toThrow();
    host('bookworm', '1b80');
    expect((await driverCommand(driverStep.parse({}), null, say)).packages).toEqual(['nvidia-driver', 'firmware-misc-nonfree']);
  });

  it('the helper reads the PCI ids itself: proprietary modules for an RTX 5090 are refused before anything installs', async () => {
    host('noble', '2b85');
    await expect(driverCommand(driverStep.parse({ branch: '580' }), null, say)).rejects.toThrow(/GeForce RTX 5090.*open kernel modules/);
    host('noble', '1b80');
    expect(await driverCommand(driverStep.parse({ branch: '580' }), null, say)).toEqual({ method: 'apt', packages: ['nvidia-driver-580'] });
  });

  it('Secure Boot: the open modules are signed through the same MOK enrollment, and the step says so', async () => {
    host('noble', '2b85');
    const efivar = path.join(root!, 'sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c');
    mkdirSync(path.dirname(efivar), { recursive: true });
    writeFileSync(efivar, Buffer.from([0x06, 0, 0, 0, 1]));
    expect(await driverStep.notices!(driverStep.parse({ branch: '580', open: true }), say)).toContain(say('driver.secureBoot'));
  });

  it('the descriptor the app sends the helper carries `open`', () => {
    expect(elevatedDescriptor('driver', driverStep.parse({ branch: '580', open: true, minimumVersion: '580.65.06' }))).toEqual({ branch: '580', open: true, minimum: '580.65.06', os: 'linux' });
  });

  it('a loaded 595 driver does not satisfy a planned R580 step (595 ignores Pascal), whatever the minimum', async () => {
    host('noble', '1b80', '595.45.04');
    const check = await driverStep.check(driverStep.parse({ branch: '580', minimumVersion: '580.65.06' }), { say } as never);
    expect(check.satisfied).toBe(false);
    host('noble', '1b80', '580.95.05');
    expect((await driverStep.check(driverStep.parse({ branch: '580', minimumVersion: '580.65.06' }), { say } as never)).satisfied).toBe(true);
  });
});
