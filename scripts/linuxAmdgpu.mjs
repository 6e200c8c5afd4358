// Reading the Linux amdgpu/amdkfd excerpts in data/sources/amd-devices/linux/ for scripts/generateAmdDevices.mjs.

/** amdgpu_drv.c's pciidlist: device id (lower case) -> chip ("BEIGE_GOBY"), both the {0x1002, 0x7420, ..., CHIP_X|flags} and PCI_DEVICE forms. */
export function kernelChipsById(text) {
  const chips = new Map();
  for (const match of text.matchAll(/\{\s*(?:0x1002,\s*0x([0-9A-Fa-f]{4}),[^}]*?|PCI_DEVICE\(0x1002,\s*0x([0-9A-Fa-f]{4})\)[^}]*?)CHIP_([A-Z0-9_]+)/g)) {
    chips.set((match[1] ?? match[2]).toLowerCase(), match[3]);
  }
  return chips;
}

/** "BEIGE_GOBY", "Beige Goby", "Vega 10" -> "beigegoby", "vega10": the kernel's two spellings of a chip name. */
export function chipKey(name) {
  return name.toLowerCase().replace(/[\s_]+/g, '');
}

/** KFD's gfx_target_version (MMmmss) as a gfx target: 100304 -> "gfx1034", 90012 -> "gfx90c", 80003 -> "gfx803". */
export function gfxOfTargetVersion(version) {
  const major = Math.floor(version / 10000);
  const minor = Math.floor(version / 100) % 100;
  return `gfx${major}${minor}${(version % 100).toString(16)}`;
}

/**
 * kfd_device.c's kgd2kfd_probe: chip key -> gfx target, from `case CHIP_X:` labels and from the `/* Name *\/` comment
 * over `case IP_VERSION(...)` labels (GFX9 and later are switched by GC IP version; the comment names the chip).
 * Cases with a computed version (`rev_id >= 1 ? ...`) or no chip name are left out.
 */
export function kfdGfxByChip(text) {
  const gfx = new Map();
  let pending = [];
  for (const line of text.split(/\r?\n/)) {
    const comment = /^\s*\/\*\s*([A-Za-z][A-Za-z0-9 ]*?)\s*\*\/\s*$/.exec(line);
    const asic = /^\s*case CHIP_([A-Z0-9_]+):/.exec(line);
    const version = /^\s*gfx_target_version = (\d+);/.exec(line);
    if (comment) pending.push(chipKey(comment[1]));
    else if (asic) pending.push(chipKey(asic[1]));
    else if (version) {
      for (const key of pending) gfx.set(key, gfxOfTargetVersion(Number(version[1])));
      pending = [];
    } else if (/^\s*(break;|default:)/.test(line)) pending = [];
  }
  return gfx;
}
