import { withoutUserinfo } from '../../shared/text/urlUserinfo.js';
import { NetworkAgents, type ProxySettings } from '../network/proxyAgent.js';
import { boundedGet, responseHeader } from './indexHttp.js';
import { IndexCache, cachePolicy, defaultIndexCacheDir, type CacheEntry } from './indexCache.js';
import { unreachable } from './indexErrors.js';

export interface SessionOptions {
  /** The caller's agents (kept open); otherwise the session makes its own from `proxy` and closes them. */
  agents?: NetworkAgents;
  proxy?: ProxySettings;
  /** null: no cache; undefined: the app's cache folder (defaultIndexCacheDir). */
  cacheDir?: string | null;
  signal?: AbortSignal;
  /** The whole resolution, every request included. */
  timeBudgetMs?: number;
  /** One request, head and body. */
  requestTimeoutMs?: number;
  /** Requests in flight at once. */
  concurrency?: number;
}

/** A plan is checked while its reader waits: a torch stack is ~75 requests (~3 s at 6 at a time); room for a slow mirror. */
export const DEFAULT_TIME_BUDGET_MS = 45_000;
/** PyPI's torch JSON page (~3 MB) at 500 KB/s; a mirror that needs longer for one page is not usable today. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
/** pip's own resolver fetches pages one by one; six at a time is what a browser opens per host. */
export const DEFAULT_CONCURRENCY = 6;

/** The cache's key for a file's length (beside its pages, never confused with them). */
const SIZE_ACCEPT = 'dlsetup/file-size';
const UNKNOWN_SIZE_MAX_AGE_S = 24 * 3600;

/** A fetched (or cached) answer; its bytes are exact, so a metadata file's hash can be checked. */
export interface Answer {
  body: Buffer;
  contentType: string;
  /** After redirects: relative links resolve against it. */
  url: URL;
}

/**
 * One resolution's use of the network: its agents, cache, time budget, cancel, request bound and counters, and the
 * pages it already fetched (each URL once per resolution, however many requirements ask for it).
 */
export class IndexSession {
  requests = 0;
  fromCache = 0;
  readonly signal: AbortSignal;
  readonly #controller = new AbortController();
  readonly #agents: NetworkAgents;
  readonly #ownAgents: boolean;
  readonly #cache: IndexCache | null;
  readonly #requestTimeoutMs: number;
  readonly #concurrency: number;
  readonly #waiting: (() => void)[] = [];
  readonly #once = new Map<string, Promise<unknown>>();
  readonly #credentials = new Map<string, { username: string; password: string }>();
  #active = 0;
  readonly #timer: NodeJS.Timeout;
  readonly #onAbort: () => void;
  readonly #callerSignal: AbortSignal | undefined;

  constructor(options: SessionOptions = {}) {
    this.signal = this.#controller.signal;
    this.#ownAgents = !options.agents;
    this.#agents = options.agents ?? new NetworkAgents(options.proxy);
    this.#cache = options.cacheDir === null ? null : new IndexCache(options.cacheDir ?? defaultIndexCacheDir());
    this.#requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.#concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
    const budget = options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;
    this.#timer = setTimeout(() => this.#controller.abort(unreachable('budget', `the index did not answer everything within ${budget} ms`)), budget);
    this.#timer.unref();
    this.#callerSignal = options.signal;
    this.#onAbort = () => this.#controller.abort(unreachable('cancelled', 'cancelled'));
    if (options.signal?.aborted) this.#onAbort();
    else options.signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  /** An index URL's user and password go back on other URLs of its origin (its file and metadata links), as pip does. */
  rememberCredentials(url: URL): void {
    if (url.username || url.password) this.#credentials.set(url.origin, { username: url.username, password: url.password });
  }

  /** The URL with its origin's remembered credentials when it carries none (never shown: only sent, as a header). */
  #withCredentials(start: URL): URL {
    const url = new URL(start);
    const credentials = this.#credentials.get(url.origin);
    if (credentials && !url.username && !url.password) Object.assign(url, credentials);
    return url;
  }

  /** `work` once per key for this resolution; later callers share the first one's promise. */
  once<T>(key: string, work: () => Promise<T>): Promise<T> {
    let promise = this.#once.get(key) as Promise<T> | undefined;
    if (!promise) {
      promise = work();
      this.#once.set(key, promise);
    }
    return promise;
  }

  async #slot<T>(work: () => Promise<T>): Promise<T> {
    while (this.#active >= this.#concurrency) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active++;
    try {
      return await work();
    } finally {
      this.#active--;
      this.#waiting.shift()?.();
    }
  }

  /**
   * A GET through the cache: a fresh entry (or, with `immutable`, any entry: a file named by its hash does not change)
   * is served without a request; a stale one is revalidated (304 → reused). null: 404 or 410, the index has no such page.
   * `verify`: a cached body that fails it is ignored, and a fetched one that fails it is not kept (the caller refuses it).
   */
  async get(start: URL, options: { accept: string; maxBytes: number; immutable?: boolean; verify?: (body: Buffer) => boolean }): Promise<Answer | null> {
    const keyUrl = cacheKeyUrl(start);
    const key = keyUrl.href;
    let entry = await this.#cache?.get(key, options.accept);
    // A cached copy that fails the caller's check (a metadata file's hash) is corrupt: ignored, fetched again.
    if (entry && options.verify && !options.verify(answerOf(entry).body)) entry = null;
    if (entry && (options.immutable || this.#cache!.isFresh(entry))) {
      this.fromCache++;
      return answerOf(entry);
    }
    const url = this.#withCredentials(start);
    const headers: Record<string, string> = { accept: options.accept, 'user-agent': 'dlsetup-index' };
    if (entry?.etag) headers['if-none-match'] = entry.etag;
    if (entry?.lastModified) headers['if-modified-since'] = entry.lastModified;
    const response = await this.#slot(() => {
      this.requests++;
      return boundedGet(url, { agents: this.#agents, headers, maxBytes: options.maxBytes, timeoutMs: this.#requestTimeoutMs, signal: this.signal });
    });
    const policy = cachePolicy(responseHeader(response.headers, 'cache-control'));
    if (response.status === 304 && entry) {
      this.fromCache++;
      await this.#cache?.put({ ...entry, fetchedAt: Date.now(), maxAgeS: policy.maxAgeS, etag: responseHeader(response.headers, 'etag') ?? entry.etag });
      return answerOf(entry);
    }
    if (response.status === 404 || response.status === 410) return null;
    if (response.status !== 200) throw unreachable('status', `the index answered HTTP ${response.status}`, keyUrl);
    const contentType = (responseHeader(response.headers, 'content-type') ?? '').slice(0, 256);
    if (policy.store && this.#cache && (!options.verify || options.verify(response.body))) {
      await this.#cache.put({
        url: key,
        accept: options.accept,
        contentType,
        finalUrl: response.url.href,
        etag: responseHeader(response.headers, 'etag')?.slice(0, 1024) ?? null,
        lastModified: responseHeader(response.headers, 'last-modified')?.slice(0, 128) ?? null,
        fetchedAt: Date.now(),
        maxAgeS: policy.maxAgeS,
        body: response.body.toString('base64'),
      });
    }
    return { body: response.body, contentType, url: response.url };
  }

  /** A byte range of a file (never cached: a wheel's bytes are read only to find its METADATA). */
  async getRange(start: URL, range: string, maxBytes: number): Promise<{ status: number; body: Buffer; contentRange: string | null }> {
    const url = this.#withCredentials(start);
    const response = await this.#slot(() => {
      this.requests++;
      return boundedGet(url, { agents: this.#agents, headers: { range, 'user-agent': 'dlsetup-index' }, maxBytes, timeoutMs: this.#requestTimeoutMs, signal: this.signal, partial: true });
    });
    return { status: response.status, body: response.body, contentRange: responseHeader(response.headers, 'content-range') };
  }

  /**
   * A file's length from its first byte's Content-Range ("bytes 0-0/2580452651"), kept in the cache for good: a file
   * on an index does not change under its URL (its hash is pinned beside it). null: the server would not say.
   */
  async fileSize(start: URL): Promise<number | null> {
    const keyUrl = cacheKeyUrl(start);
    const cached = await this.#cache?.get(keyUrl.href, SIZE_ACCEPT);
    const known = cached ? Number(Buffer.from(cached.body, 'base64').toString('ascii')) : NaN;
    // A length is kept for good; "this server does not say" for a day, then asked again.
    if (cached && (known > 0 || this.#cache!.isFresh(cached))) {
      this.fromCache++;
      return known > 0 ? known : null;
    }
    const answer = await this.getRange(start, 'bytes=0-0', 1);
    const total = answer.status === 206 ? Number(/^bytes \d{1,15}-\d{1,15}\/(\d{1,12})$/.exec(answer.contentRange ?? '')?.[1] ?? NaN) : NaN;
    const size = Number.isSafeInteger(total) && total > 0 ? total : null;
    const entry = { url: keyUrl.href, accept: SIZE_ACCEPT, contentType: 'text/plain', finalUrl: keyUrl.href, etag: null, lastModified: null, fetchedAt: Date.now() };
    await this.#cache?.put({ ...entry, maxAgeS: size ? 0 : UNKNOWN_SIZE_MAX_AGE_S, body: Buffer.from(size ? String(size) : '0').toString('base64') });
    return size;
  }

  /** Ends what is still in flight (a resolution that stopped early leaves none running on the caller's agents). */
  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#callerSignal?.removeEventListener('abort', this.#onAbort);
    if (!this.signal.aborted) this.#controller.abort(unreachable('cancelled', 'the resolution has ended'));
    if (this.#ownAgents) await this.#agents.close();
  }
}

/** A URL as the cache keeps it: without the user and password it was asked with. */
function cacheKeyUrl(start: URL): URL {
  return new URL(withoutUserinfo(start.href));
}

function answerOf(entry: CacheEntry): Answer {
  return { body: Buffer.from(entry.body, 'base64'), contentType: entry.contentType, url: new URL(entry.finalUrl) };
}
