import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { appDataDir } from '../appPaths.js';
import type { CommandResult } from '../system/runCommand.js';

/**
 * Answers of tools that depend only on their own files — `nvcc --version`, a Python's version and site dirs — kept
 * between runs and keyed on those files' identity (inode, size, mtime), as uv caches its interpreter queries. A changed
 * or replaced file, or a failed run, means the tool runs again.
 */
export interface RunDependencies {
  /** Files whose change changes the answer (stat follows links, so the real binary counts). */
  files: string[];
  /** Environment variables the answer depends on. */
  envNames?: string[];
}

interface CachedRun {
  stamp: string;
  stdout: string;
  stderr: string;
}

const CACHE_VERSION = 1;
let entries: Promise<Map<string, CachedRun>> | null = null;
let changed = false;
let saves = 0;

function cacheFile(): string {
  return path.join(appDataDir(), 'cache', 'probe-runs.json');
}

function load(): Promise<Map<string, CachedRun>> {
  entries ??= readFile(cacheFile(), 'utf8')
    .then((text) => {
      const parsed = JSON.parse(text) as { version?: number; runs?: Record<string, CachedRun> };
      return new Map(parsed.version === CACHE_VERSION && parsed.runs ? Object.entries(parsed.runs) : []);
    })
    .catch(() => new Map<string, CachedRun>());
  return entries;
}

/** The identity of everything an answer depends on; a file that does not exist counts as "none". */
export async function stampOf(dependencies: RunDependencies, env: NodeJS.ProcessEnv): Promise<string> {
  const files = await Promise.all(
    dependencies.files.map((file) =>
      stat(file).then(
        (info) => `${info.ino}:${info.size}:${info.mtimeMs}`,
        () => 'none',
      ),
    ),
  );
  return JSON.stringify([files, (dependencies.envNames ?? []).map((name) => env[name] ?? null)]);
}

export async function cachedRun(argv: string[], stamp: string): Promise<CommandResult | null> {
  const hit = (await load()).get(JSON.stringify(argv));
  return hit && hit.stamp === stamp ? { argv, exitCode: 0, stdout: hit.stdout, stderr: hit.stderr, durationMs: 0 } : null;
}

/** Remembers a successful run only: a failure is looked at again next time (the user may have fixed it). */
export async function rememberRun(result: CommandResult, stamp: string): Promise<void> {
  if (result.exitCode !== 0) return;
  (await load()).set(JSON.stringify(result.argv), { stamp, stdout: result.stdout, stderr: result.stderr });
  changed = true;
}

/** Writes the cache when a run added to it (write then rename, so a reader never sees half a file); errors are ignored. */
export async function saveProbeRunCache(): Promise<void> {
  if (!changed || !entries) return;
  changed = false;
  const file = cacheFile();
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // One temp name per save: two detections at once in `dlsetup serve` must not write into the same temp file.
    const temporary = `${file}.${process.pid}.${(saves += 1)}.tmp`;
    await writeFile(temporary, JSON.stringify({ version: CACHE_VERSION, runs: Object.fromEntries(await entries) }));
    await rename(temporary, file);
  } catch {
    // A cache that cannot be written only costs the next run its speed.
  }
}

/** Forgets what was loaded (tests point DLSETUP_HOME elsewhere between cases). */
export function resetProbeRunCache(): void {
  entries = null;
  changed = false;
}
