import { listHostDir, readHostFile } from '../system/sysroot.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { nvidiaDeviceTableSchema } from '../../shared/data/nvidiaDevicesSchema.js';
import { nvidiaDeviceById, type NvidiaDeviceTable } from '../../shared/gpus/nvidiaDeviceTable.js';

const PCI_ROOT = '/sys/bus/pci/devices';

/**
 * The helper's own look at this machine (never the plan's word): the first NVIDIA display device in sysfs that
 * data/nvidia-devices.json says runs only on NVIDIA's open kernel modules (Blackwell, GH200), by its product name or
 * PCI id; null when sysfs lists none (or no PCI bus, as in containers), so an unknown machine is never refused.
 */
export async function openModulesOnlyGpu(): Promise<string | null> {
  const slots = await listHostDir(PCI_ROOT);
  if (slots.length === 0) return null;
  let table: NvidiaDeviceTable | null = null;
  for (const slot of slots) {
    const [vendor, device, classCode] = await Promise.all(['vendor', 'device', 'class'].map((file) => readHostFile(`${PCI_ROOT}/${slot}/${file}`)));
    if (vendor?.trim().toLowerCase() !== '0x10de' || !/^0x03/.test(classCode?.trim() ?? '')) continue;
    const id = /^0x([0-9a-f]{4})$/i.exec(device?.trim() ?? '')?.[1]?.toLowerCase();
    if (!id) continue;
    table ??= loadDataTable('nvidia-devices', nvidiaDeviceTableSchema);
    const row = nvidiaDeviceById(table, `10de:${id}`);
    if (row?.openKernelModules === 'required') return row.names[0] ?? `10de:${id}`;
  }
  return null;
}
