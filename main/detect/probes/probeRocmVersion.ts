import type { RocmInstall } from '../../../shared/types/hardware.js';
import { listHostDir, readHostFile } from '../../system/sysroot.js';
import { parseAmdSmiVersion, parseRocmInfoVersion, parseRocmVersionHeader, rocmFolderVersion, type RocmVersion } from '../parsers/parseRocmVersion.js';
import type { ProbeContext } from '../probeContext.js';
import { detectText } from '../detectText.js';
import { runTool } from '../runTool.js';

// What each ROCm install holds that names its release, most direct first (rocm-core installs all of them).
const VERSION_FILES: [string, (text: string) => RocmVersion | null][] = [
  ['.info/version', parseRocmInfoVersion],
  ['.info/version-dev', parseRocmInfoVersion],
  ['include/rocm-core/rocm_version.h', parseRocmVersionHeader],
  ['include/rocm_version.h', parseRocmVersionHeader],
];

function newestFirst(a: string, b: string): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let at = 0; at < Math.max(x.length, y.length); at += 1) if ((x[at] ?? 0) !== (y[at] ?? 0)) return (y[at] ?? 0) - (x[at] ?? 0);
  return 0;
}

async function readVersionIn(base: string): Promise<{ found: RocmVersion; source: string } | null> {
  for (const [file, parse] of VERSION_FILES) {
    const text = await readHostFile(`${base}/${file}`);
    const found = text === null ? null : parse(text);
    if (found) return { found, source: `${base}/${file}` };
  }
  return null;
}

/**
 * The installed ROCm release without running ROCm (Linux): /opt/rocm's own files (the active install), else the newest
 * /opt/rocm-X.Y.Z, else `amd-smi version` when amd-smi answered the AMD probe; null when none says. `rocm-smi --version`
 * names only rocm-smi's own versions, so it is not asked.
 */
export async function probeRocmVersion(context: ProbeContext, amdSmiAnswered: boolean): Promise<RocmInstall | null> {
  if (context.platform !== 'linux') return null;
  const folders = (await listHostDir('/opt')).map((name) => ({ name, version: rocmFolderVersion(name) })).filter((entry): entry is { name: string; version: string } => entry.version !== null);
  folders.sort((a, b) => newestFirst(a.version, b.version));
  const installed = folders.length > 1 ? { installed: folders.map((entry) => entry.version) } : {};
  for (const base of ['/opt/rocm', ...folders.map((entry) => `/opt/${entry.name}`)]) {
    const read = await readVersionIn(base);
    if (read) return { version: read.found.version, ...(read.found.build ? { build: read.found.build } : {}), source: read.source, ...installed };
  }
  if (amdSmiAnswered) {
    const run = await runTool(context, ['amd-smi', 'version'], detectText(context.locale)('purpose.rocmVersion'));
    const found = run.ok ? parseAmdSmiVersion(run.result.stdout) : null;
    if (found) return { version: found.version, source: 'amd-smi version', ...installed };
  }
  const newest = folders[0];
  return newest ? { version: newest.version, source: `/opt/${newest.name}`, ...installed } : null;
}
