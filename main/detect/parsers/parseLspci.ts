export interface LspciDevice {
  slot?: string;
  className: string;
  classId?: string;
  vendorId?: string;
  deviceId?: string;
  vendorName: string;
  /** Marketing name in brackets ("GeForce RTX 3080"), or the chip name when lspci has no better one. */
  name: string | null;
  chip?: string;
}

const VENDORS: [RegExp, string][] = [
  [/^NVIDIA Corporation/, '10de'],
  [/^Advanced Micro Devices, Inc\. \[AMD\/ATI\]|^ATI Technologies/, '1002'],
  [/^Advanced Micro Devices/, '1022'],
  [/^Intel Corporation/, '8086'],
  [/^Red Hat, Inc\./, '1b36'],
  [/^VMware/, '15ad'],
  [/^Cirrus Logic/, '1013'],
  [/^Microsoft Corporation/, '1414'],
  [/^ASPEED Technology/, '1a03'],
  [/^Matrox/, '102b'],
];

/**
 * Parses `lspci`, `lspci -nn`, `lspci -d ::03xx` and grep'd excerpts of them, keeping display-class devices
 * (VGA, 3D, Display controller). Lines without a slot (pasted partially) still count.
 */
export function parseLspci(text: string): LspciDevice[] {
  if (typeof text !== 'string') return [];
  const devices: LspciDevice[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+/g, ' ').trim();
    const match = /^(?:((?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]) )?(VGA compatible controller|3D controller|Display controller|XGA compatible controller)(?: \[(03[0-9a-fA-F]{2})\])?: (.+)$/.exec(line);
    if (!match) continue;
    let rest = (match[4] as string).replace(/ \(prog-if [^)]*(?:\[[^\]]*\])?\)/, '').replace(/ \(rev [0-9a-fA-F]+\)/, '').trim();
    const device: LspciDevice = { className: match[2] as string, vendorName: '', name: null };
    if (match[1]) device.slot = match[1];
    if (match[3]) device.classId = match[3].toLowerCase();
    const ids = /\s*\[([0-9a-fA-F]{4}):([0-9a-fA-F]{4})\]$/.exec(rest);
    if (ids) {
      device.vendorId = (ids[1] as string).toLowerCase();
      device.deviceId = (ids[2] as string).toLowerCase();
      rest = rest.slice(0, ids.index).trim();
    }
    const vendor = VENDORS.find(([pattern]) => pattern.test(rest));
    if (vendor) {
      const vendorText = (vendor[0].exec(rest) as RegExpExecArray)[0];
      device.vendorName = vendorText;
      device.vendorId ??= vendor[1];
      rest = rest.slice(vendorText.length).trim();
    }
    const unnamed = /^Device(?: ([0-9a-fA-F]{4}))?$/.exec(rest);
    if (unnamed) {
      // Old pci.ids: "NVIDIA Corporation Device 1db6" (-nn: "Device [10de:1db6]") — only the id is known.
      if (unnamed[1]) device.deviceId ??= unnamed[1].toLowerCase();
    } else {
      const bracket = /^(.*?)\s*\[([^\]]+)\]$/.exec(rest);
      if (bracket && bracket[1]) {
        device.chip = bracket[1];
        device.name = (bracket[2] as string).trim();
      } else {
        device.name = rest || null;
      }
    }
    devices.push(device);
  }
  return devices;
}
