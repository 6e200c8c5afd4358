import type { TargetPlatform } from './platformTags.js';
import { evaluateMarker, parseMarker, type Marker, type MarkerEnvironment } from './marker.js';
import { normalizeProjectName } from './projectName.js';
import { parseSpecifierSet, specifierSetText, type Specifier } from './specifier.js';
import { majorMinor } from './supportedTags.js';

/** A PEP 508 requirement as a Requires-Dist line carries it: `name[extras] (specifier) ; marker`. */
export interface Requirement {
  /** PEP 503-normalized. */
  name: string;
  /** Normalized too (PEP 685). */
  extras: string[];
  specifier: Specifier[];
  /** The set as one line (">=2.0,<3"), "" for any version. */
  specifierText: string;
  /** A direct reference (`name @ https://…`): an index cannot resolve it. */
  url: string | null;
  marker: Marker | null;
}

/** Longer than any real Requires-Dist line (the longest seen on PyPI are ~300 characters). */
const MAX_REQUIREMENT = 1024;
const NAME = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?)\s*/;
const EXTRAS = /^\[\s*([A-Za-z0-9._,\s-]{0,400})\]\s*/;
const EXTRA_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?$/;

function extrasOf(text: string | undefined): string[] | null {
  if (text === undefined) return [];
  const items = text.split(',').map((item) => item.trim()).filter(Boolean);
  return items.every((item) => EXTRA_NAME.test(item)) ? items.map(normalizeProjectName) : null;
}

/** The marker after the first ";" (a URL form needs a space before it, as PEP 508 says). */
function splitMarker(rest: string, url: boolean): [string, string | null] {
  const at = url ? rest.search(/\s;/) : rest.indexOf(';');
  if (at < 0) return [rest.trim(), null];
  return [rest.slice(0, at).trim(), rest.slice(at + (url ? 2 : 1)).trim()];
}

/** Reads one PEP 508 requirement (packaging.requirements.Requirement's grammar); null when it is not one. */
export function parseRequirement(text: string): Requirement | null {
  if (text.length > MAX_REQUIREMENT) return null;
  const name = NAME.exec(text);
  if (!name) return null;
  let rest = text.slice(name[0].length);
  const extrasMatch = EXTRAS.exec(rest);
  const extras = extrasOf(extrasMatch?.[1]);
  if (!extras) return null;
  if (extrasMatch) rest = rest.slice(extrasMatch[0].length);
  const isUrl = rest.startsWith('@');
  const [head, markerText] = splitMarker(isUrl ? rest.slice(1) : rest, isUrl);
  let specifier: Specifier[] = [];
  let url: string | null = null;
  if (isUrl) {
    if (!/^\S+$/.test(head)) return null;
    url = head;
  } else {
    const inner = /^\((.*)\)$/.exec(head)?.[1] ?? head;
    const parsed = parseSpecifierSet(inner);
    if (!parsed) return null;
    specifier = parsed;
  }
  let marker: Marker | null = null;
  if (markerText !== null) {
    marker = parseMarker(markerText);
    if (!marker) return null;
  }
  return { name: normalizeProjectName(name[1]!), extras, specifier, specifierText: specifierSetText(specifier), url, marker };
}

/**
 * The marker environment of the target's CPython (packaging.markers.default_environment, for a machine that is not
 * this one). A micro version that is not known is 0, as pip's --python-version pads it; a kernel release is unknown ("").
 */
export function markerEnvironment(target: TargetPlatform): MarkerEnvironment {
  const [major, minor] = majorMinor(target.python) ?? [3, 0];
  const full = /^\d+\.\d+\.\d+$/.test(target.python.trim()) ? target.python.trim() : `${major}.${minor}.0`;
  const arm = target.arch !== 'x86_64';
  const machine = target.os === 'windows' ? (arm ? 'ARM64' : 'AMD64') : target.os === 'macos' ? (arm ? 'arm64' : 'x86_64') : arm ? 'aarch64' : 'x86_64';
  return {
    python_version: `${major}.${minor}`,
    python_full_version: full,
    os_name: target.os === 'windows' ? 'nt' : 'posix',
    sys_platform: { linux: 'linux', windows: 'win32', macos: 'darwin' }[target.os],
    platform_system: { linux: 'Linux', windows: 'Windows', macos: 'Darwin' }[target.os],
    platform_machine: machine,
    platform_release: '',
    platform_version: '',
    platform_python_implementation: 'CPython',
    implementation_name: 'cpython',
    implementation_version: full,
    extra: '',
  };
}

/**
 * Whether a Requires-Dist line applies when the distribution is installed with `extras`: its marker holds with
 * extra "" or with one of them (how pip reads `extra == "cuda"`). Throws UndefinedComparison as pip would stop.
 */
export function requirementApplies(requirement: Requirement, env: MarkerEnvironment, extras: readonly string[] = []): boolean {
  if (!requirement.marker) return true;
  const marker = requirement.marker;
  return ['', ...extras].some((extra) => evaluateMarker(marker, { ...env, extra }));
}
