export interface WindowsVideoController {
  name: string;
  vendor?: string;
  vendorId?: string;
  deviceId?: string;
  subsystemId?: string;
  /** Win32_VideoController.AdapterRAM is a uint32: anything ≥ 4 GiB reads as ~4 GiB, so a capped value is flagged. */
  adapterRamBytes?: number;
  adapterRamCapped?: boolean;
  /** Windows driver version ("31.0.15.3623"), and the NVIDIA version it encodes ("536.23") for NVIDIA adapters. */
  driverVersion?: string;
  nvidiaDriverVersion?: string;
}

/** Windows writes NVIDIA driver 382.53 as 22.21.13.8253: the last five digits are the NVIDIA version. */
export function nvidiaVersionFromWindowsDriver(version: string | undefined): string | undefined {
  const match = /^\d+\.\d+\.(\d+)\.(\d+)$/.exec((version ?? '').trim());
  if (!match) return undefined;
  const digits = `${match[1]}${(match[2] as string).padStart(4, '0')}`.slice(-5);
  if (digits.length < 5) return undefined;
  return `${Number(digits.slice(0, 3))}.${digits.slice(3)}`;
}

function recordsOf(text: string): Map<string, string>[] {
  const records: Map<string, string>[] = [];
  let current = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  for (let at = 0; at < lines.length; at += 1) {
    const line = lines[at] as string;
    // `Select X` prints a table: a header, a dashed rule, then one value per row.
    const next = lines[at + 1] ?? '';
    if (/^\s*[A-Za-z]\w*\s*$/.test(line) && /^\s*-{3,}\s*$/.test(next)) {
      const key = line.trim();
      for (at += 2; at < lines.length && (lines[at] as string).trim() !== ''; at += 1) {
        records.push(new Map([[key, (lines[at] as string).trim()]]));
      }
      continue;
    }
    const pair = /^\s*([A-Za-z_]\w*)\s*(?::|=)\s?(.*)$/.exec(line);
    if (!pair) continue;
    const key = pair[1] as string;
    // A repeated key starts the next adapter (fl * lists and wmic /format:list alike).
    if (current.has(key)) {
      records.push(current);
      current = new Map();
    }
    current.set(key, (pair[2] as string).trim());
  }
  if (current.size > 0) records.push(current);
  return records;
}

/**
 * Parses Win32_VideoController (or Win32_PnPSignedDriver) output from `Get-CimInstance ... | fl *`, `wmic ... /format:list`
 * or a one-column `Select` table. Records without a name or RAM are dropped.
 */
export function parseWindowsVideoControllers(text: string): WindowsVideoController[] {
  if (typeof text !== 'string') return [];
  const controllers: WindowsVideoController[] = [];
  for (const record of recordsOf(text)) {
    const name = record.get('Name') || record.get('Caption') || record.get('DeviceName') || record.get('Description') || '';
    const ram = Number(record.get('AdapterRAM'));
    if (!name && !Number.isFinite(ram)) continue;
    const controller: WindowsVideoController = { name };
    const vendor = record.get('AdapterCompatibility') || record.get('DriverProviderName');
    if (vendor) controller.vendor = vendor;
    const pnp = record.get('PNPDeviceID') || record.get('DeviceID') || record.get('HardWareID') || '';
    const ids = /VEN_([0-9A-Fa-f]{4})&DEV_([0-9A-Fa-f]{4})(?:&SUBSYS_([0-9A-Fa-f]{8}))?/.exec(pnp);
    if (ids) {
      controller.vendorId = (ids[1] as string).toLowerCase();
      controller.deviceId = (ids[2] as string).toLowerCase();
      if (ids[3]) controller.subsystemId = `${ids[3].slice(4).toLowerCase()}:${ids[3].slice(0, 4).toLowerCase()}`;
    }
    if (Number.isFinite(ram) && ram > 0) {
      controller.adapterRamBytes = ram;
      if (ram >= 0xfff00000) controller.adapterRamCapped = true;
    }
    const driverVersion = record.get('DriverVersion');
    if (driverVersion) {
      controller.driverVersion = driverVersion;
      const isNvidia = controller.vendorId === '10de' || /NVIDIA/i.test(`${name} ${vendor ?? ''}`);
      const nvidia = isNvidia ? nvidiaVersionFromWindowsDriver(driverVersion) : undefined;
      if (nvidia) controller.nvidiaDriverVersion = nvidia;
    }
    controllers.push(controller);
  }
  return controllers;
}
