import { readdir } from 'node:fs/promises';
import { readHostFile, sysrootPath } from '../system/sysroot.js';

/** One `deb` source: a URI, a suite and its components, from a one-line .list or a deb822 .sources file. */
export interface AptSource {
  uri: string;
  suite: string;
  components: string[];
  file: string;
}

/** The components Debian's NVIDIA driver comes from (wiki.debian.org/NvidiaGraphicsDrivers: "contrib non-free non-free-firmware"). */
export const DEBIAN_DRIVER_COMPONENTS = ['contrib', 'non-free', 'non-free-firmware'] as const;

/** The file the driver step adds Debian's missing components in (rollback removes it). */
export const NON_FREE_LIST = '/etc/apt/sources.list.d/dlsetup-debian-non-free.list';

/** `deb [opts] uri suite comp…` lines; deb-src and comments are skipped. */
export function parseOneLineSources(text: string, file: string): AptSource[] {
  const sources: AptSource[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').replace(/\[[^\]]*\]/, ' ').trim().split(/\s+/);
    if (line[0] !== 'deb' || line.length < 3) continue;
    sources.push({ uri: line[1]!.replace(/\/+$/, ''), suite: line[2]!, components: line.slice(3), file });
  }
  return sources;
}

/** deb822 stanzas (Types/URIs/Suites/Components), as Debian 12+ and Ubuntu 24.04 write them; Enabled: no is skipped. */
export function parseDeb822Sources(text: string, file: string): AptSource[] {
  const sources: AptSource[] = [];
  for (const stanza of text.split(/\n\s*\n/)) {
    const fields = new Map<string, string>();
    for (const line of stanza.split('\n')) {
      const match = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
      if (match) fields.set(match[1]!.toLowerCase(), match[2]!);
    }
    if (!(fields.get('types') ?? '').split(/\s+/).includes('deb') || fields.get('enabled')?.toLowerCase() === 'no') continue;
    const components = (fields.get('components') ?? '').split(/\s+/).filter(Boolean);
    for (const uri of (fields.get('uris') ?? '').split(/\s+/).filter(Boolean)) {
      for (const suite of (fields.get('suites') ?? '').split(/\s+/).filter(Boolean)) sources.push({ uri: uri.replace(/\/+$/, ''), suite, components, file });
    }
  }
  return sources;
}

/** Every `deb` source apt reads on this host. */
export async function readAptSources(): Promise<AptSource[]> {
  const sources = parseOneLineSources((await readHostFile('/etc/apt/sources.list')) ?? '', '/etc/apt/sources.list');
  const dir = '/etc/apt/sources.list.d';
  const names = await readdir(sysrootPath(dir)).catch(() => [] as string[]);
  for (const name of names.sort()) {
    const file = `${dir}/${name}`;
    if (name.endsWith('.list')) sources.push(...parseOneLineSources((await readHostFile(file)) ?? '', file));
    else if (name.endsWith('.sources')) sources.push(...parseDeb822Sources((await readHostFile(file)) ?? '', file));
  }
  return sources;
}

/**
 * What Debian's driver needs that the sources lack: the archive line for the release's own suite (from the user's
 * main line, so their mirror is kept) with the missing components. `line` is null when nothing is missing; `base`
 * is the main line it extends, or null when the sources have no Debian line for `codename` at all.
 */
export function missingDriverComponents(sources: AptSource[], codename: string): { line: string | null; missing: string[]; base: AptSource | null } {
  const forSuite = sources.filter((source) => source.suite === codename);
  const base = forSuite.find((source) => source.components.includes('main')) ?? null;
  const uri = base?.uri ?? 'http://deb.debian.org/debian';
  const present = new Set(forSuite.filter((source) => source.uri === uri).flatMap((source) => source.components));
  const missing = DEBIAN_DRIVER_COMPONENTS.filter((component) => !present.has(component));
  return { line: missing.length ? `deb ${uri} ${codename} ${missing.join(' ')}` : null, missing, base };
}
