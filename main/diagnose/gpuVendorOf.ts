import { gpuVendorFromPciVendor } from '../detect/isVirtualDisplayAdapter.js';

/** A driver version as pasted text states it (450.80, 550.54.15). */
export const DRIVER = /^\d{2,3}\.\d{1,3}(?:\.\d{1,3})?$/;

/** The GPU vendor from a PCI vendor id, else from the marketing name. */
export function vendorOf(vendorId: string | undefined, name: string): string {
  const byId = gpuVendorFromPciVendor(vendorId);
  if (byId) return byId;
  if (/NVIDIA|GeForce|Quadro|Tesla|TITAN/i.test(name)) return 'nvidia';
  if (/\bAMD\b|Radeon|ATI\b|Instinct/i.test(name)) return 'amd';
  if (/Intel/i.test(name)) return 'intel';
  if (/^Apple\b/i.test(name)) return 'apple';
  return 'unknown';
}
