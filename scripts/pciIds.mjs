// Reading pci.ids as the device-table generators (generateNvidiaDevices.mjs, generateAmdDevices.mjs) need it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The device lines of one vendor's block ("10de", "1002"): { id, name } with the id in lower case. */
export function pciIdsDevices(text, vendor) {
  const devices = [];
  let inVendor = false;
  for (const line of text.split(/\r?\n/)) {
    if (new RegExp(`^${vendor}\\s`).test(line)) inVendor = true;
    else if (/^[0-9a-f]{4}\s/.test(line)) inVendor = false;
    const match = inVendor ? /^\t([0-9a-f]{4})\s+(.+)$/.exec(line) : null;
    if (match) devices.push({ id: match[1], name: match[2].trim() });
  }
  return devices;
}

/** The sha256 of a file as SOURCES.json records it. */
export function fileSha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
