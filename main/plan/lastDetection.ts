import path from 'node:path';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { detectHardware, type DetectOptions } from '../detect/detectHardware.js';
import { stampOf } from '../detect/probeRunCache.js';
import { listHostDir, readHostFile, sysrootPath } from '../system/sysroot.js';

/**
 * Files whose change means the machine a plan stands on changed: a package installed (dpkg's status), a toolkit or
 * Python added (/usr/local, /usr/bin, /opt). Their identity (inode, size, mtime) is read, never their contents.
 */
const WATCHED_PATHS = ['/var/lib/dpkg/status', '/usr/local', '/usr/bin', '/opt'];
/** The environment detection reads paths from. */
const WATCHED_ENV = ['DLSETUP_SYSROOT', 'PATH', 'CUDA_HOME', 'CUDA_PATH', 'CONDA_EXE', 'CONDA_PREFIX', 'PYENV_ROOT'];
const PCI_ROOT = '/sys/bus/pci/devices';

/** The display-class PCI devices as slot:vendor:device: a card added, removed or passed through changes this. */
async function displayDevices(): Promise<string[]> {
  const slots = await listHostDir(PCI_ROOT);
  const rows = await Promise.all(
    slots.map(async (slot) => {
      const classCode = (await readHostFile(`${PCI_ROOT}/${slot}/class`))?.trim() ?? '';
      if (!classCode.startsWith('0x03')) return null;
      const [vendor, device] = await Promise.all([readHostFile(`${PCI_ROOT}/${slot}/vendor`), readHostFile(`${PCI_ROOT}/${slot}/device`)]);
      return `${slot}:${vendor?.trim() ?? ''}:${device?.trim() ?? ''}`;
    }),
  );
  return rows.filter((row): row is string => row !== null).sort();
}

/**
 * A cheap fingerprint of what detection answers from (a few reads and stats, no process): equal fingerprints mean the
 * last report still describes this machine. The loaded driver's version file changes when a driver is installed and loaded.
 */
export async function machineStamp(): Promise<string> {
  const [driver, display, files] = await Promise.all([
    readHostFile('/proc/driver/nvidia/version'),
    displayDevices(),
    // The PATH folders themselves (not under the sysroot): a tool installed or removed there changes their identity.
    stampOf({ files: [...WATCHED_PATHS.map(sysrootPath), ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)], envNames: WATCHED_ENV }, process.env),
  ]);
  return JSON.stringify([process.platform, driver, display, files]);
}

interface Kept {
  stamp: string;
  report: Promise<HardwareReport>;
}

/**
 * The last full detection of this process, kept for planning: plan:resolve asks again on every choice the person makes
 * (framework, version, language, a GPU picked), and the machine has not changed between them. A new detection runs
 * when asked (`redetect`, or the wizard's detect:run) or when the machine's fingerprint changed.
 */
export class DetectionKeeper {
  private kept: Kept | null = null;

  constructor(private readonly detect: (options?: DetectOptions) => Promise<HardwareReport> = detectHardware) {}

  async report(options: { redetect?: boolean } = {}): Promise<HardwareReport> {
    const stamp = await machineStamp();
    if (!options.redetect && this.kept?.stamp === stamp) return this.kept.report;
    return this.run(stamp, {});
  }

  /** A full detection asked for by the person (the wizard's detect:run): its report is the one plans stand on next. */
  async detectAndKeep(options: DetectOptions = {}): Promise<HardwareReport> {
    // A quick or other-platform report lacks what a plan needs (its Pythons) or describes another machine.
    if (options.quick || options.platform) return this.detect(options);
    return this.run(await machineStamp(), options);
  }

  forget(): void {
    this.kept = null;
  }

  private run(stamp: string, options: DetectOptions): Promise<HardwareReport> {
    const kept: Kept = { stamp, report: this.detect(options) };
    this.kept = kept;
    // A failed detection is not kept: the next resolve tries again.
    kept.report.catch(() => {
      if (this.kept === kept) this.kept = null;
    });
    return kept.report;
  }
}

/** This process's keeper (the desktop app's main process, `dlsetup serve`); a one-shot `dlsetup plan` detects once. */
export const lastDetection = new DetectionKeeper();
