import { listHostDir, readHostFile } from '../../system/sysroot.js';
import { parseLspci } from '../parsers/parseLspci.js';
import type { ProbeContext } from '../probeContext.js';
import { detectText } from '../detectText.js';
import { runTool } from '../runTool.js';

export interface PciDisplayDevice {
  busId?: string;
  /** "0300" VGA, "0302" 3D controller, "0380" other display controller. */
  classId?: string;
  vendorId: string;
  deviceId: string;
  subsystemId?: string;
  name?: string;
  /** The chip code lspci printed before the bracketed name ("AD107", "GB203M / GN22-X11"), from the machine's pci.ids. */
  chip?: string;
  /** PCI revision id from sysfs ("c8"): amdgpu.ids names AMD cards by it. */
  revision?: string;
  source: 'sysfs' | 'lspci';
}

function hex4(text: string | null): string | null {
  const match = /^0x([0-9a-fA-F]{4})\s*$/.exec((text ?? '').trim());
  return match ? (match[1] as string).toLowerCase() : null;
}

/** null when sysfs lists no PCI bus at all (then lspci is the only source). */
async function scanSysfs(): Promise<PciDisplayDevice[] | null> {
  const root = '/sys/bus/pci/devices';
  const slots = await listHostDir(root);
  if (slots.length === 0) return null;
  const devices = await Promise.all(
    slots.map(async (slot): Promise<PciDisplayDevice | null> => {
      const classCode = (await readHostFile(`${root}/${slot}/class`))?.trim() ?? '';
      if (!/^0x03[0-9a-fA-F]{4}$/.test(classCode)) return null;
      const [vendor, device, subVendor, subDevice, revision] = await Promise.all(
        ['vendor', 'device', 'subsystem_vendor', 'subsystem_device', 'revision'].map((file) => readHostFile(`${root}/${slot}/${file}`)),
      );
      const vendorId = hex4(vendor ?? null);
      const deviceId = hex4(device ?? null);
      if (!vendorId || !deviceId) return null;
      const found: PciDisplayDevice = { busId: slot, classId: classCode.slice(2, 6).toLowerCase(), vendorId, deviceId, source: 'sysfs' };
      const subsystemVendor = hex4(subVendor ?? null);
      const subsystemDevice = hex4(subDevice ?? null);
      if (subsystemVendor && subsystemDevice) found.subsystemId = `${subsystemVendor}:${subsystemDevice}`;
      const rev = /^0x([0-9a-fA-F]{2})\s*$/.exec(revision ?? '');
      if (rev) found.revision = (rev[1] as string).toLowerCase();
      return found;
    }),
  );
  return devices.filter((device): device is PciDisplayDevice => device !== null);
}

/**
 * Display-class PCI devices from sysfs (no process needed); `lspci -nn` names them where it is installed and is the
 * fallback when sysfs is not there (containers, other kernels).
 */
export async function probePci(context: ProbeContext): Promise<PciDisplayDevice[]> {
  if (context.platform !== 'linux') return [];
  const sysfs = await scanSysfs();
  // A bus with no display device needs no lspci run: it would only name devices we do not report.
  if (sysfs !== null && sysfs.length === 0) return [];
  const lspci = await runTool(context, ['lspci', '-nn'], detectText(context.locale)('purpose.pciNames'));
  const listed = lspci.ok ? parseLspci(lspci.result.stdout) : [];
  const entryOf = (busId: string | undefined, vendorId: string, deviceId: string) => {
    const bySlot = listed.find((entry) => entry.slot && busId && busId.toLowerCase().endsWith(entry.slot.toLowerCase()));
    return bySlot ?? listed.find((item) => item.vendorId === vendorId && item.deviceId === deviceId);
  };
  if (sysfs !== null) {
    return sysfs.map((device) => {
      const entry = entryOf(device.busId, device.vendorId, device.deviceId);
      return { ...device, ...(entry?.name ? { name: entry.name } : {}), ...(entry?.chip ? { chip: entry.chip } : {}) };
    });
  }
  return listed
    .filter((entry) => entry.vendorId && entry.deviceId)
    .map((entry) => {
      const device: PciDisplayDevice = { vendorId: entry.vendorId as string, deviceId: entry.deviceId as string, source: 'lspci' };
      if (entry.slot) device.busId = entry.slot.includes(':', 3) && entry.slot.length > 8 ? entry.slot : `0000:${entry.slot}`;
      if (entry.classId) device.classId = entry.classId;
      if (entry.name) device.name = entry.name;
      if (entry.chip) device.chip = entry.chip;
      return device;
    });
}
