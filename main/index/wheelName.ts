import { parsePep440, type Pep440Version } from '../../shared/versions/pep440.js';
import { normalizeProjectName } from './projectName.js';

/** One interpreter-abi-platform triple of a wheel (PEP 425), lower-cased as packaging.tags.Tag keeps them. */
export interface WheelTag {
  interpreter: string;
  abi: string;
  platform: string;
}

/** A wheel file name (PEP 427): `{name}-{version}(-{build})?-{python}-{abi}-{platform}.whl`. */
export interface WheelName {
  kind: 'wheel';
  /** PEP 503-normalized. */
  name: string;
  /** As written in the file name, after URL-decoding ("2.7.1+cu126"). */
  version: string;
  parsed: Pep440Version;
  /** PEP 427: a number and an optional string; a higher build wins between otherwise equal wheels. */
  build: { number: number; tag: string } | null;
  /** The compressed tag sets expanded (`cp312-cp312-manylinux_2_17_x86_64.manylinux2014_x86_64` → 2 triples). */
  tags: WheelTag[];
}

/** A source distribution: recognised so a page that has only one can say so, and never chosen (it must be built). */
export interface SdistName {
  kind: 'sdist';
  name: string;
  version: string;
  parsed: Pep440Version;
}

export type DistFilename = WheelName | SdistName;

/** Longer than any real release ("2.5.1+cu124", "1.13.0a0+gitunknown"); keeps parsePep440's work small too. */
const VERSION_MAX = 64;
/** File names past this are not real distributions (filesystems stop at 255 bytes). */
const FILENAME_MAX = 255;
/** A compressed tag set expands to the product of its parts; real ones stay under 20 (numpy's macOS builds). */
const TAGS_MAX = 64;

/** PEP 427 escapes the name to letters, digits, `_` and `.`; packaging refuses `__` and an empty name. */
const WHEEL_NAME_PART = /^[A-Za-z0-9._]+$/;
const BUILD_PART = /^(\d{1,9})([A-Za-z0-9_.]{0,32})$/;
/** Interpreter parts are identifiers (packaging 26.3); abi and platform parts are letters, digits and `_`. */
const INTERPRETER_PART = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;
const TAG_PART = /^[A-Za-z0-9_]{1,64}$/;
const SDIST_SUFFIX = /\.(?:tar\.gz|zip|tar\.bz2|tar\.xz|tgz)$/;

/** Index pages percent-encode `+` in local versions (torch-2.7.1%2Bcu126-…); a bad escape makes the name unreadable. */
function decoded(filename: string): string | null {
  if (!filename.includes('%')) return filename;
  try {
    return decodeURIComponent(filename);
  } catch {
    return null;
  }
}

function version(text: string): Pep440Version | null {
  return text.length <= VERSION_MAX && text === text.trim() ? parsePep440(text) : null;
}

function tagParts(component: string, part: RegExp): string[] | null {
  const parts = component.split('.');
  return parts.every((item) => part.test(item)) ? parts.map((item) => item.toLowerCase()) : null;
}

function parseWheel(stem: string): WheelName | null {
  const pieces = stem.split('-');
  if (pieces.length !== 5 && pieces.length !== 6) return null;
  const [namePart, versionPart] = pieces as [string, string];
  if (!WHEEL_NAME_PART.test(namePart) || namePart.includes('__')) return null;
  const parsed = version(versionPart);
  if (!parsed) return null;
  let build: WheelName['build'] = null;
  if (pieces.length === 6) {
    const match = BUILD_PART.exec(pieces[2]!);
    if (!match) return null;
    build = { number: Number(match[1]), tag: match[2]! };
  }
  const [pythons, abis, platforms] = [
    tagParts(pieces.at(-3)!, INTERPRETER_PART),
    tagParts(pieces.at(-2)!, TAG_PART),
    tagParts(pieces.at(-1)!, TAG_PART),
  ];
  if (!pythons || !abis || !platforms || pythons.length * abis.length * platforms.length > TAGS_MAX) return null;
  const tags = pythons.flatMap((interpreter) => abis.flatMap((abi) => platforms.map((platform) => ({ interpreter, abi, platform }))));
  return { kind: 'wheel', name: normalizeProjectName(namePart), version: versionPart, parsed, build, tags };
}

function parseSdist(filename: string): SdistName | null {
  const stem = filename.replace(SDIST_SUFFIX, '');
  // A PEP 440 version holds no dash, so the name ends at the last one (legacy names may hold dashes).
  const at = stem.lastIndexOf('-');
  if (at <= 0) return null;
  const name = stem.slice(0, at);
  const parsed = version(stem.slice(at + 1));
  if (!parsed || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) return null;
  return { kind: 'sdist', name: normalizeProjectName(name), version: stem.slice(at + 1), parsed };
}

/**
 * Reads a distribution's file name as pip does (packaging.utils.parse_wheel_filename / parse_sdist_filename), after
 * URL-decoding; null for anything else (an egg, a checksum file, a malformed or oversized name).
 */
export function parseDistFilename(filename: string): DistFilename | null {
  const name = decoded(filename);
  if (name === null || name.length > FILENAME_MAX || /[/\\\s]/.test(name)) return null;
  if (name.endsWith('.whl')) return parseWheel(name.slice(0, -4));
  return SDIST_SUFFIX.test(name) ? parseSdist(name) : null;
}

/** The file name a wheel's tag triple is written as ("cp312-cp312-manylinux_2_28_x86_64"). */
export function tagText(tag: WheelTag): string {
  return `${tag.interpreter}-${tag.abi}-${tag.platform}`;
}
