import { findOnPath } from '../system/findOnPath.js';
import { runCommand } from '../system/runCommand.js';

/** What `ldd --version` says of the C library: glibc's first line, or musl's "Version" line (musl prints to stderr). */
export interface LibcVersion {
  libc: 'glibc' | 'musl';
  /** "2.36", "1.2". */
  version: string;
}

/** `ldd` answers at once; a hung one (a wrapper script, a broken sysroot tool) must not hold up a plan. */
const LDD_TIMEOUT_MS = 3000;

/**
 * Reads `ldd --version`: "ldd (Debian GLIBC 2.36-9+deb12u10) 2.36", "ldd (Ubuntu GLIBC 2.35-0ubuntu3.8) 2.35",
 * "ldd (GNU libc) 2.38"; musl's "musl libc (x86_64)" then "Version 1.2.4". Null for anything else.
 */
export function parseLddVersion(text: string): LibcVersion | null {
  const lines = text.slice(0, 4096).split(/\r?\n/);
  const first = lines[0] ?? '';
  const glibc = /^ldd \([^)]{0,200}\) (\d{1,2}\.\d{1,3})\s*$/.exec(first);
  if (glibc) return { libc: 'glibc', version: glibc[1]! };
  if (/^musl libc\b/.test(first)) {
    const version = lines.map((line) => /^Version (\d{1,2}\.\d{1,3})(?:\.\d+)?\s*$/.exec(line)?.[1]).find(Boolean);
    if (version) return { libc: 'musl', version };
  }
  return null;
}

/** Node's own report names the glibc it runs on ("2.36"); it has none on macOS, Windows and musl. */
function runtimeGlibc(): string | null {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: unknown } } | undefined;
  const version = report?.header?.glibcVersionRuntime;
  return typeof version === 'string' && /^\d{1,2}\.\d{1,3}$/.test(version) ? version : null;
}

let cached: string | null | undefined;

/** A simulated host (DLSETUP_SYSROOT) is asked through its tools, as every probe is (docs/design.md §4). */
function simulated(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.DLSETUP_SYSROOT) && env.DLSETUP_SYSROOT !== '/';
}

/**
 * This machine's glibc, "2.36"; null when it is unknown (no glibc, no ldd, an answer that cannot be read). A caller
 * puts null into TargetPlatform as an absent glibc, and the tags check then says it does not know, never guesses.
 */
export async function hostGlibcVersion(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (!simulated(env)) {
    // The report walks libuv's handles: once per process is enough, the C library does not change under it.
    if (cached === undefined) cached = runtimeGlibc();
    return cached;
  }
  if (!(await findOnPath('ldd', env))) return null;
  try {
    const run = await runCommand(['ldd', '--version'], { timeoutMs: LDD_TIMEOUT_MS, env: { PATH: env.PATH } });
    const found = parseLddVersion(run.stdout) ?? parseLddVersion(run.stderr);
    return found?.libc === 'glibc' ? found.version : null;
  } catch {
    // Missing, hung or killed: unknown, never an assumed version.
    return null;
  }
}
