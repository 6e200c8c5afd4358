import type { TargetPlatform } from './platformTags.js';

// The wheel tags a target machine accepts, best first, as pip lists them (packaging.tags.sys_tags for CPython), but
// for a machine described by its facts rather than the running interpreter.

/** glibc releases that had a legacy manylinux name (PEP 513, 571, 599); packaging lists both names. */
const LEGACY_MANYLINUX: Record<string, string> = { '2.17': 'manylinux2014', '2.12': 'manylinux2010', '2.5': 'manylinux1' };

/** "3.12.4" → [3, 12]; "14.0" → [14, 0]; null unless it starts with two numbers. */
export function majorMinor(text: string | undefined): [number, number] | null {
  const match = text === undefined ? null : /^(\d{1,3})\.(\d{1,3})(?:\.\d{1,4})?$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** The CPU as a Linux or Windows wheel names it; macOS says arm64 where Linux says aarch64. */
export function wheelArch(target: TargetPlatform): string {
  const arm = target.arch !== 'x86_64';
  if (target.os === 'windows') return arm ? 'arm64' : 'amd64';
  if (target.os === 'macos') return arm ? 'arm64' : 'x86_64';
  return arm ? 'aarch64' : 'x86_64';
}

/**
 * packaging._manylinux.platform_tags: every glibc from the machine's down to 2.5 (x86) or 2.17 (other CPUs, whose
 * manylinux starts at manylinux2014), each legacy alias right after its manylinux_2_Y name.
 */
function manylinuxTags(glibc: [number, number], arch: string): string[] {
  const [major, minor] = glibc;
  if (major !== 2) return [];
  const oldest = arch === 'x86_64' ? 5 : 17;
  const tags: string[] = [];
  for (let y = minor; y >= oldest; y--) {
    tags.push(`manylinux_2_${y}_${arch}`);
    const legacy = LEGACY_MANYLINUX[`2.${y}`];
    if (legacy) tags.push(`${legacy}_${arch}`);
  }
  return tags;
}

/** packaging._musllinux.platform_tags: musllinux_1_Y from the machine's minor down to 0. */
function musllinuxTags(musl: [number, number], arch: string): string[] {
  const tags: string[] = [];
  for (let y = musl[1]; y >= 0; y--) tags.push(`musllinux_${musl[0]}_${y}_${arch}`);
  return tags;
}

/** packaging.tags._mac_binary_formats, for the two CPUs a Mac with CUDA-era Python has. */
function macFormats(version: [number, number], arch: string): string[] {
  if (arch === 'x86_64') return version[0] === 10 && version[1] < 4 ? [] : ['x86_64', 'intel', 'fat64', 'fat3', 'universal2', 'universal'];
  return [arch, 'universal2'];
}

/** packaging.tags.mac_platforms: since macOS 11 only X_0 per major, then 10.16 … 10.4 (x86_64 all formats, arm64 universal2). */
function macTags(version: [number, number], arch: string): string[] {
  const tags: string[] = [];
  const [major, minor] = version;
  if (major === 10) {
    for (let y = minor; y >= 0; y--) for (const format of macFormats([10, y], arch)) tags.push(`macosx_10_${y}_${format}`);
    return tags;
  }
  for (let x = major; x >= 11; x--) for (const format of macFormats([x, 0], arch)) tags.push(`macosx_${x}_0_${format}`);
  for (let y = 16; y >= 4; y--) {
    for (const format of arch === 'x86_64' ? macFormats([10, y], arch) : ['universal2']) tags.push(`macosx_10_${y}_${format}`);
  }
  return tags;
}

/**
 * The platform tags of the target, best first. Linux: manylinux (glibc) or musllinux, then the bare linux_<arch>
 * last, as the packaging release pip 25 vendors orders them; an unknown glibc gives no manylinux tag at all.
 */
export function platformTagsFor(target: TargetPlatform): string[] {
  const arch = wheelArch(target);
  if (target.os === 'windows') return [`win_${arch}`];
  if (target.os === 'macos') {
    const version = majorMinor(target.macos);
    return version ? macTags(version, arch) : [];
  }
  const musl = majorMinor(target.musl);
  const glibc = majorMinor(target.glibc);
  const libc = musl ? musllinuxTags(musl, arch) : glibc ? manylinuxTags(glibc, arch) : [];
  return [...libc, `linux_${arch}`];
}

/** py312, py3, py311 … py30 (packaging.tags._py_interpreter_range). */
function pyRange(major: number, minor: number): string[] {
  const range = [`py${major}${minor}`, `py${major}`];
  for (let y = minor - 1; y >= 0; y--) range.push(`py${major}${y}`);
  return range;
}

/**
 * packaging.tags.cpython_tags then compatible_tags: cpXY-cpXY, cpXY-abi3, cpXY-none on every platform, older abi3,
 * py*-none on every platform, cpXY-none-any, py*-none-any. The index of a tag in this list is its rank.
 */
function buildSupportedTags(target: TargetPlatform): string[] {
  const python = majorMinor(target.python);
  if (!python) return [];
  const [major, minor] = python;
  const platforms = platformTagsFor(target);
  const cp = `cp${major}${minor}`;
  const tags: string[] = [];
  const each = (interpreter: string, abi: string) => platforms.forEach((platform) => tags.push(`${interpreter}-${abi}-${platform}`));
  each(cp, cp);
  const abi3 = major === 3 && minor >= 2;
  if (abi3) each(cp, 'abi3');
  each(cp, 'none');
  if (abi3) for (let y = minor - 1; y >= 2; y--) each(`cp${major}${y}`, 'abi3');
  for (const py of pyRange(major, minor)) each(py, 'none');
  tags.push(`${cp}-none-any`);
  for (const py of pyRange(major, minor)) tags.push(`${py}-none-any`);
  return tags;
}

const memo = new Map<string, Map<string, number>>();

/** Tag text → rank (0 is pip's first choice); built once per target. */
export function supportedTagRanks(target: TargetPlatform): Map<string, number> {
  const key = JSON.stringify([target.os, target.arch, target.python, target.glibc, target.musl, target.macos]);
  let ranks = memo.get(key);
  if (!ranks) {
    ranks = new Map(buildSupportedTags(target).map((tag, index) => [tag, index]));
    // A planner asks about a handful of machines; the bound only keeps a long-running serve from growing.
    if (memo.size >= 32) memo.clear();
    memo.set(key, ranks);
  }
  return ranks;
}

/** The supported tags in pip's order (tests compare them with packaging's own lists). */
export function supportedTags(target: TargetPlatform): string[] {
  return [...supportedTagRanks(target).keys()];
}
