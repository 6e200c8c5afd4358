import { normalizePciId } from './lookupGpu.js';

/** One vendor's generated device table, read as objects and indexed by device id once per table object. */
export interface PciDeviceIndex<Table extends object, Device> {
  /** Every device of the table as objects. */
  all(table: Table): readonly Device[];
  /** The row for "<vendor>:<device>" (any spelling normalizePciId accepts); undefined for other vendors and unknown ids. */
  byId(table: Table, pciId: string | undefined): Device | undefined;
}

/** The tables are read many times per plan, so each is turned into objects and a Map once (a WeakMap per vendor). */
export function pciDeviceIndex<Table extends object, Device extends { id: string }>(vendorId: string, toDevices: (table: Table) => Device[]): PciDeviceIndex<Table, Device> {
  const indexes = new WeakMap<Table, { byId: Map<string, Device>; devices: Device[] }>();
  const indexOf = (table: Table) => {
    let index = indexes.get(table);
    if (!index) {
      const devices = toDevices(table);
      index = { byId: new Map(devices.map((device) => [device.id, device])), devices };
      indexes.set(table, index);
    }
    return index;
  };
  return {
    all: (table) => indexOf(table).devices,
    byId: (table, pciId) => {
      const id = pciId ? normalizePciId(pciId) : undefined;
      if (!id || !id.startsWith(`${vendorId}:`)) return undefined;
      return indexOf(table).byId.get(id.slice(vendorId.length + 1));
    },
  };
}
