// A data/gpus.json row is matched by name before the device table (issue 28): its PCI ids still say what the device
// table says about the driver, so "GH200" by name gets the open kernel modules that 10de:2342 gets by id.
import { nvidiaDeviceById, type NvidiaDeviceTable, type OpenKernelModules } from './nvidiaDeviceTable.js';

export interface NvidiaDriverFacts {
  /** Whether NVIDIA's open kernel modules drive it; absent when the ids are not in the table or disagree. */
  openKernelModules?: OpenKernelModules;
  /** The newest driver branch that drives every one of the ids ("470", "580", "current"); absent when none is known. */
  driverBranch?: string;
}

function oldestBranch(branches: string[]): string | undefined {
  const numbered = branches.filter((branch) => branch !== 'current').sort((a, b) => Number(a) - Number(b));
  return numbered[0] ?? branches[0];
}

/**
 * The device table's driver facts for the PCI ids of one product ("10de:2342", "10de:2348"). One driver serves the
 * product, so it must drive each of its ids: open modules when one id needs them and the others take them, and the
 * oldest of their last branches.
 */
export function nvidiaFactsOfIds(table: NvidiaDeviceTable, pciIds: readonly string[]): NvidiaDriverFacts {
  const devices = pciIds.map((id) => nvidiaDeviceById(table, id)).filter((device) => device !== undefined);
  const open = new Set(devices.map((device) => device.openKernelModules).filter((value) => value !== null));
  const branches = devices.map((device) => device.driverBranch).filter((value) => value !== null);
  const facts: NvidiaDriverFacts = {};
  if (open.size === 1) facts.openKernelModules = [...open][0] as OpenKernelModules;
  // "required" next to "supported" is still one driver (the open one); next to "unsupported" no driver serves both.
  else if (open.size === 2 && open.has('required') && open.has('supported')) facts.openKernelModules = 'required';
  const branch = oldestBranch(branches);
  if (branch) facts.driverBranch = branch;
  return facts;
}
