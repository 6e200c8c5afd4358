import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { appCacheDir } from '../appPaths.js';

/** One cached answer: a page (or a metadata file) and what is needed to serve it fresh or revalidate it. */
export interface CacheEntry {
  url: string;
  accept: string;
  contentType: string;
  /** After redirects: relative links on the page resolve against it. */
  finalUrl: string;
  etag: string | null;
  lastModified: string | null;
  /** ms since the epoch. */
  fetchedAt: number;
  /** Cache-Control max-age; 0 when the server gave none or said no-cache (always revalidated). */
  maxAgeS: number;
  /** The answer's exact bytes, base64 (a metadata file's hash is checked on them). */
  body: string;
}

/** PyPI's largest simple pages are a few MB; the bound keeps the cache a cache, and pages a refetch away. */
export const CACHE_MAX_BYTES = 128 << 20;
/** A 16 MiB page in base64 and its fields: a bigger entry was never written by this code. */
const ENTRY_MAX_BYTES = 24 << 20;
/** A temp file this old was left by a process that died mid-write. */
const STALE_TMP_MS = 10 * 60_000;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const entrySchema = v.strictObject({
  url: text(4096),
  accept: text(256),
  contentType: text(256),
  finalUrl: v.pipe(text(4096), v.check((value) => URL.canParse(value))),
  etag: v.nullable(text(1024)),
  lastModified: v.nullable(text(128)),
  fetchedAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  maxAgeS: v.pipe(v.number(), v.integer(), v.minValue(0)),
  body: v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]*={0,2}$/)),
});

/** Where the index cache lives: beside the downloads, in the folder the system may clear. */
export function defaultIndexCacheDir(): string {
  return path.join(appCacheDir(), 'index');
}

/** Cache-Control as a client cache reads it: no-store → not kept; no-cache → kept, always revalidated; max-age=N. */
export function cachePolicy(cacheControl: string | null): { store: boolean; maxAgeS: number } {
  const directives = (cacheControl ?? '').toLowerCase().split(',').map((item) => item.trim());
  if (directives.includes('no-store')) return { store: false, maxAgeS: 0 };
  if (directives.includes('no-cache')) return { store: true, maxAgeS: 0 };
  const maxAge = directives.map((item) => /^max-age\s*=\s*"?(\d{1,9})"?$/.exec(item)?.[1]).find((value) => value !== undefined);
  return { store: true, maxAgeS: maxAge ? Number(maxAge) : 0 };
}

/**
 * Index pages on disk, one JSON file per URL+Accept (a JSON and an HTML answer of one URL are two entries). Fresh
 * entries are served without a request; stale ones carry their ETag / Last-Modified into a conditional request. Each
 * write goes to a temp file renamed into place (a reader never sees half a file); a file that does not parse, or
 * holds another key's entry, is ignored. The folder's total size is bounded: the oldest files go first.
 */
export class IndexCache {
  readonly #dir: string;
  readonly #maxBytes: number;
  readonly #now: () => number;

  constructor(dir: string, options: { maxBytes?: number; now?: () => number } = {}) {
    this.#dir = dir;
    this.#maxBytes = options.maxBytes ?? CACHE_MAX_BYTES;
    this.#now = options.now ?? Date.now;
  }

  #file(url: string, accept: string): string {
    return path.join(this.#dir, `${createHash('sha256').update(`${url}\n${accept}`).digest('hex')}.json`);
  }

  async get(url: string, accept: string): Promise<CacheEntry | null> {
    try {
      const file = this.#file(url, accept);
      if ((await stat(file)).size > ENTRY_MAX_BYTES) return null;
      const parsed = v.safeParse(entrySchema, JSON.parse(await readFile(file, 'utf8')));
      return parsed.success && parsed.output.url === url && parsed.output.accept === accept ? parsed.output : null;
    } catch {
      // Missing, unreadable or corrupt: as if never cached.
      return null;
    }
  }

  isFresh(entry: CacheEntry): boolean {
    const age = this.#now() - entry.fetchedAt;
    return age >= 0 && age < entry.maxAgeS * 1000;
  }

  /** Keeps an answer; a failure to write (full disk, read-only folder) only loses the cache, never the answer. */
  async put(entry: CacheEntry): Promise<void> {
    const data = JSON.stringify(entry);
    if (Buffer.byteLength(data) > Math.min(ENTRY_MAX_BYTES, this.#maxBytes)) return;
    const file = this.#file(entry.url, entry.accept);
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(this.#dir, { recursive: true, mode: 0o700 });
      await writeFile(tmp, data, { mode: 0o600 });
      await rename(tmp, file);
      await this.#evict(path.basename(file));
    } catch {
      await unlink(tmp).catch(() => undefined);
    }
  }

  /** Oldest first (by the time each file was written) until the folder fits; the entry just written stays. */
  async #evict(keep: string): Promise<void> {
    const names = await readdir(this.#dir);
    const files: { name: string; size: number; mtimeMs: number }[] = [];
    for (const name of names) {
      const info = await stat(path.join(this.#dir, name)).catch(() => null);
      if (!info?.isFile()) continue;
      if (name.endsWith('.tmp')) {
        if (this.#now() - info.mtimeMs > STALE_TMP_MS) await unlink(path.join(this.#dir, name)).catch(() => undefined);
        continue;
      }
      if (name.endsWith('.json')) files.push({ name, size: info.size, mtimeMs: info.mtimeMs });
    }
    let total = files.reduce((sum, file) => sum + file.size, 0);
    files.sort((a, b) => a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name));
    for (const file of files) {
      if (total <= this.#maxBytes) break;
      if (file.name === keep) continue;
      await unlink(path.join(this.#dir, file.name)).catch(() => undefined);
      total -= file.size;
    }
  }
}
