import { majorMinor, platformTagsFor, supportedTagRanks, wheelArch } from './supportedTags.js';
import { parseDistFilename, tagText, type WheelName } from './wheelName.js';

/** The machine a plan installs on, as the index sees it: its OS, CPU, Python and C library (or macOS) version. */
export interface TargetPlatform {
  os: 'linux' | 'windows' | 'macos';
  arch: 'x86_64' | 'aarch64' | 'arm64';
  /** "3.12" (or "3.12.4"). */
  python: string;
  /** Linux with glibc: "2.35"; absent when unknown (manylinux wheels then cannot be judged, never assumed). */
  glibc?: string;
  /** Linux with musl: "1.2". */
  musl?: string;
  /** "14.0". */
  macos?: string;
}

export type FitMissing = 'python' | 'platform' | 'glibc' | 'macos' | 'arch';

/** rank: the wheel's best tag's place in pip's preference list (0 first); lower is better. */
export type WheelFit = { ok: true; rank: number } | { ok: false; missing: FitMissing; need?: string };

export type BestFile<F> = { ok: true; file: F; rank: number } | { ok: false; missing: FitMissing; need?: string };

type PlatformStatus =
  | { kind: 'ok' }
  | { kind: 'glibc' | 'macos'; need: [number, number] }
  | { kind: 'arch' | 'platform'; published: string };

interface Verdict {
  wheel: WheelName;
  rank: number | null;
  pythonOk: boolean;
  platform: PlatformStatus;
}

const OS_LABEL = { linux: 'Linux', windows: 'Windows', macos: 'macOS' } as const;

/** What a platform tag asks of a machine: its OS, CPUs, and a C library or macOS version. */
function platformNeeds(tag: string): { os: TargetPlatform['os'] | null; archs: string[]; libc?: 'glibc' | 'musl'; version?: [number, number] } {
  let match = /^manylinux_(\d+)_(\d+)_(.+)$/.exec(tag);
  if (match) return { os: 'linux', archs: [match[3]!], libc: 'glibc', version: [Number(match[1]), Number(match[2])] };
  match = /^manylinux(1|2010|2014)_(.+)$/.exec(tag);
  if (match) return { os: 'linux', archs: [match[2]!], libc: 'glibc', version: [2, { 1: 5, 2010: 12, 2014: 17 }[match[1] as '1' | '2010' | '2014']] };
  match = /^musllinux_(\d+)_(\d+)_(.+)$/.exec(tag);
  if (match) return { os: 'linux', archs: [match[3]!], libc: 'musl', version: [Number(match[1]), Number(match[2])] };
  match = /^linux_(.+)$/.exec(tag);
  if (match) return { os: 'linux', archs: [match[1]!] };
  match = /^macosx_(\d+)_(\d+)_(.+)$/.exec(tag);
  if (match) {
    const format = match[3]!;
    const archs = format === 'universal2' ? ['arm64', 'x86_64'] : ['intel', 'fat64', 'fat3', 'universal'].includes(format) ? ['x86_64'] : [format];
    return { os: 'macos', archs, version: [Number(match[1]), Number(match[2])] };
  }
  match = /^win_(.+)$/.exec(tag);
  if (match) return { os: 'windows', archs: [match[1]!] };
  return { os: tag === 'win32' ? 'windows' : null, archs: tag === 'win32' ? ['x86'] : [] };
}

function older(a: [number, number], b: [number, number]): boolean {
  return a[0] !== b[0] ? a[0] < b[0] : a[1] < b[1];
}

/** Why one platform tag does not fit the target (or that it does); `supported` holds the target's platform tags. */
function platformStatus(tag: string, target: TargetPlatform, supported: Set<string>): PlatformStatus {
  if (tag === 'any' || supported.has(tag)) return { kind: 'ok' };
  const needs = platformNeeds(tag);
  if (needs.os !== target.os) return { kind: 'platform', published: needs.os ? OS_LABEL[needs.os] : tag };
  if (!needs.archs.includes(wheelArch(target))) return { kind: 'arch', published: needs.archs.join('/') };
  const have = majorMinor(target.os === 'macos' ? target.macos : needs.libc === 'musl' ? target.musl : target.glibc);
  if (needs.libc === 'glibc' && !target.musl && needs.version && (!have || older(have, needs.version))) return { kind: 'glibc', need: needs.version };
  if (needs.os === 'macos' && needs.version && (!have || older(have, needs.version))) return { kind: 'macos', need: needs.version };
  // A musllinux wheel on glibc (or the reverse), or a tag pip does not list for this machine (macosx_14_2 on 14.x).
  return { kind: 'platform', published: needs.libc === 'musl' ? `musl ${needs.version?.join('.') ?? ''}`.trim() : tag };
}

const STATUS_ORDER = { ok: 0, glibc: 1, macos: 1, arch: 2, platform: 3 } as const;

/** The wheel's best platform: ok, else the lowest C library / macOS it needs, else a CPU, else another OS. */
function bestPlatform(wheel: WheelName, target: TargetPlatform, supported: Set<string>): PlatformStatus {
  let best: PlatformStatus | null = null;
  for (const tag of new Set(wheel.tags.map((item) => item.platform))) {
    const status = platformStatus(tag, target, supported);
    if (!best || STATUS_ORDER[status.kind] < STATUS_ORDER[best.kind]) best = status;
    else if ((status.kind === 'glibc' || status.kind === 'macos') && best.kind === status.kind && older(status.need, best.need)) best = status;
  }
  return best ?? { kind: 'platform', published: 'nothing' };
}

const pairsMemo = new WeakMap<Map<string, number>, Set<string>>();

/** "cp312-cp312", "cp311-abi3", "py3-none": the interpreter-abi pairs the target accepts on some platform. */
function supportedPairs(ranks: Map<string, number>): Set<string> {
  let pairs = pairsMemo.get(ranks);
  if (!pairs) {
    pairs = new Set([...ranks.keys()].map((tag) => tag.split('-').slice(0, 2).join('-')));
    pairsMemo.set(ranks, pairs);
  }
  return pairs;
}

function judge(wheel: WheelName, target: TargetPlatform): Verdict {
  const ranks = supportedTagRanks(target);
  let rank: number | null = null;
  for (const tag of wheel.tags) {
    const at = ranks.get(tagText(tag));
    if (at !== undefined && (rank === null || at < rank)) rank = at;
  }
  const pairs = supportedPairs(ranks);
  const pythonOk = wheel.tags.some((tag) => pairs.has(`${tag.interpreter}-${tag.abi}`));
  return { wheel, rank, pythonOk, platform: bestPlatform(wheel, target, new Set(platformTagsFor(target))) };
}

/** "Python 3.9-3.13 (cp39…cp313)", "Python ≥3.9 (abi3)", "Python 3.12 (cp312)" from the wheels' own tags. */
function pythonNeed(wheels: WheelName[]): string {
  const tags = wheels.flatMap((wheel) => wheel.tags);
  const abi3 = tags.filter((tag) => tag.abi === 'abi3').map((tag) => /^cp3(\d+)$/.exec(tag.interpreter)?.[1]).filter((minor) => minor !== undefined).map(Number);
  if (abi3.length) return `Python ≥3.${Math.min(...abi3)} (abi3)`;
  const minors = [...new Set(tags.map((tag) => /^cp3(\d+)$/.exec(tag.interpreter)?.[1]).filter((minor) => minor !== undefined).map(Number))].sort((a, b) => a - b);
  if (!minors.length) return `Python (${[...new Set(tags.map((tag) => tag.interpreter))].join(', ')})`;
  const first = minors[0]!;
  const last = minors.at(-1)!;
  if (minors.length === 1) return `Python 3.${first} (cp3${first})`;
  if (last - first + 1 === minors.length) return `Python 3.${first}-3.${last} (cp3${first}…cp3${last})`;
  return `Python ${minors.map((minor) => `3.${minor}`).join(', ')} (${minors.map((minor) => `cp3${minor}`).join(', ')})`;
}

/** The one reason to tell when no wheel fits, from the wheels that came closest (see the order in the body). */
function whyNot(verdicts: Verdict[], target: TargetPlatform): { ok: false; missing: FitMissing; need?: string } {
  if (!verdicts.length) return { ok: false, missing: 'platform', need: 'a wheel (only a source distribution is published)' };
  // 1. Right machine, wrong Python: the plan can change its Python.
  const rightMachine = verdicts.filter((verdict) => verdict.platform.kind === 'ok');
  if (rightMachine.length) return { ok: false, missing: 'python', need: pythonNeed(rightMachine.map((verdict) => verdict.wheel)) };
  // 2. A newer C library or macOS than the machine's (or one not known): the machine cannot take it as it is.
  const versioned = verdicts.flatMap((verdict) => (verdict.platform.kind === 'glibc' || verdict.platform.kind === 'macos' ? [{ ...verdict.platform, pythonOk: verdict.pythonOk }] : []));
  if (versioned.length) {
    const pool = versioned.some((item) => item.pythonOk) ? versioned.filter((item) => item.pythonOk) : versioned;
    const lowest = pool.reduce((best, item) => (older(item.need, best.need) ? item : best));
    const known = target.os === 'macos' ? target.macos : target.glibc;
    const unknown = majorMinor(known) ? '' : lowest.kind === 'glibc' ? " (this machine's glibc version is unknown)" : " (this Mac's version is unknown)";
    return { ok: false, missing: lowest.kind, need: `${lowest.kind === 'glibc' ? 'glibc' : 'macOS'} ${lowest.need.join('.')}${unknown}` };
  }
  // 3. Published for this OS but other CPUs; 4. for other systems only.
  const kind = verdicts.some((verdict) => verdict.platform.kind === 'arch') ? 'arch' : 'platform';
  const published = [...new Set(verdicts.flatMap((verdict) => (verdict.platform.kind === kind && 'published' in verdict.platform ? [verdict.platform.published] : [])))];
  return { ok: false, missing: kind, need: `published for ${published.slice(0, 6).join(', ')}` };
}

/** Whether the target's pip would install this file, and how much it would prefer it (rank), or why not. */
export function wheelFit(filename: string, target: TargetPlatform): WheelFit {
  const parsed = parseDistFilename(filename);
  if (!parsed || parsed.kind !== 'wheel') return whyNot([], target);
  const verdict = judge(parsed, target);
  return verdict.rank !== null ? { ok: true, rank: verdict.rank } : whyNot([verdict], target);
}

/**
 * The file pip would pick among one version's files: the lowest rank, then the highest build tag, then the first
 * listed (pip's `max()` keeps the first of equals). When none fits, the reason of the ones that came closest.
 */
export function pickBestFile<F extends { filename: string }>(files: readonly F[], target: TargetPlatform): BestFile<F> {
  let best: { file: F; rank: number; wheel: WheelName } | null = null;
  const misses: Verdict[] = [];
  for (const file of files) {
    const parsed = parseDistFilename(file.filename);
    if (!parsed || parsed.kind !== 'wheel') continue;
    const verdict = judge(parsed, target);
    if (verdict.rank === null) {
      misses.push(verdict);
      continue;
    }
    if (!best || verdict.rank < best.rank || (verdict.rank === best.rank && buildOrder(parsed, best.wheel) > 0)) best = { file, rank: verdict.rank, wheel: parsed };
  }
  return best ? { ok: true, file: best.file, rank: best.rank } : whyNot(misses, target);
}

/** PEP 427 build tags: none sorts first, then by number, then by the rest of the tag. */
function buildOrder(a: WheelName, b: WheelName): number {
  const x = a.build ?? { number: -1, tag: '' };
  const y = b.build ?? { number: -1, tag: '' };
  return x.number !== y.number ? x.number - y.number : x.tag < y.tag ? -1 : x.tag > y.tag ? 1 : 0;
}
