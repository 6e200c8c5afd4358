import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';
import { appDataDir } from '../appPaths.js';
import { DlsetupError } from '../../shared/errors.js';
import type { ByteProgress } from '../../shared/types/install.js';
import { installText, type InstallSay } from './installText.js';
import { SHA256_PATTERN } from './stepParams.js';
import { SpeedMeter } from './speedMeter.js';

export interface DownloadOptions {
  url: string;
  /** Required: nothing DL Setup downloads is used before its sha256 matches (DESIGN.md §5). */
  sha256: string;
  fileName?: string;
  cacheDir?: string;
  signal?: AbortSignal;
  /** Attempts after the first one; each waits backoffMs × 2^n. */
  retries?: number;
  backoffMs?: number;
  /** No byte for this long → the attempt fails and is retried. */
  idleTimeoutMs?: number;
  /** http://host:port; default from HTTPS_PROXY / HTTP_PROXY unless NO_PROXY matches. */
  proxy?: string | null;
  onProgress?: (progress: ByteProgress & { fraction: number | null }) => void;
  onRetry?: (attempt: number, reason: string, delayMs: number) => void;
  /** Sentences for people (errors, retry reasons) in the run's locale; English when not given. */
  say?: InstallSay;
}

export interface DownloadResult {
  path: string;
  size: number;
  /** Bytes this call took from the network (0 when the cache already had the file). */
  bytesFetched: number;
  fromCache: boolean;
  resumedFrom: number;
}

export function downloadCacheDir(): string {
  return path.join(appDataDir(), 'cache', 'downloads');
}

class AttemptError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}

async function fileSize(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The proxy the environment asks for, as curl and pip read it. */
export function proxyFor(url: URL, env: NodeJS.ProcessEnv = process.env): string | null {
  const noProxy = (env.NO_PROXY ?? env.no_proxy ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const host = url.hostname;
  if (noProxy.some((rule) => rule === '*' || host === rule.replace(/^\./, '') || host.endsWith(rule.startsWith('.') ? rule : `.${rule}`))) return null;
  const value = url.protocol === 'https:' ? (env.HTTPS_PROXY ?? env.https_proxy ?? env.HTTP_PROXY ?? env.http_proxy) : (env.HTTP_PROXY ?? env.http_proxy);
  return value || null;
}

function sleep(ms: number, say: InstallSay, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DlsetupError('CANCELLED', say('download.cancelled')));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function openRequest(url: URL, headers: Record<string, string>, proxy: string | null, say: InstallSay, signal?: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const isHttps = url.protocol === 'https:';
    const port = Number(url.port || (isHttps ? 443 : 80));
    const onResponse = (response: http.IncomingMessage) => resolve(response);
    const fail = (error: Error) => reject(new AttemptError(error.message, true));
    if (!proxy) {
      const request = (isHttps ? https : http).request(url, { headers, signal }, onResponse);
      request.on('error', fail);
      request.end();
      return;
    }
    const proxyUrl = new URL(proxy);
    const proxyAuth = proxyUrl.username ? { 'Proxy-Authorization': `Basic ${Buffer.from(`${decodeURIComponent(proxyUrl.username)}:${decodeURIComponent(proxyUrl.password)}`).toString('base64')}` } : {};
    if (!isHttps) {
      const request = http.request({ host: proxyUrl.hostname, port: Number(proxyUrl.port || 80), path: url.toString(), headers: { ...headers, ...proxyAuth, Host: url.host }, signal }, onResponse);
      request.on('error', fail);
      request.end();
      return;
    }
    // https through a proxy: a CONNECT tunnel, then TLS to the real host inside it.
    const connect = http.request({ host: proxyUrl.hostname, port: Number(proxyUrl.port || 80), method: 'CONNECT', path: `${url.hostname}:${port}`, headers: proxyAuth, signal });
    connect.on('connect', (response, socket) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        reject(new AttemptError(say('download.proxyRefused', { status: String(response.statusCode) }), false, response.statusCode));
        return;
      }
      const request = https.request(url, { headers, signal, agent: false, createConnection: () => tls.connect({ socket, servername: url.hostname }) }, onResponse);
      request.on('error', fail);
      request.end();
    });
    connect.on('error', fail);
    connect.end();
  });
}

/**
 * Downloads into the cache with HTTP Range resume, retries with backoff and sha256 verification;
 * returns the verified file's path. Finished bytes are never fetched twice.
 */
export async function downloadFile(options: DownloadOptions): Promise<DownloadResult> {
  const say = options.say ?? installText();
  const expected = options.sha256.toLowerCase();
  if (!SHA256_PATTERN.test(expected)) throw new DlsetupError('INVALID_ARGUMENT', say('download.needsSha'));
  const startUrl = new URL(options.url);
  const fileName = (options.fileName ?? path.basename(startUrl.pathname)) || 'download';
  if (fileName.includes('/') || fileName.startsWith('.')) throw new DlsetupError('INVALID_ARGUMENT', say('download.badFileName', { name: fileName }));
  const cacheDir = options.cacheDir ?? downloadCacheDir();
  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  const finalPath = path.join(cacheDir, `${expected.slice(0, 16)}-${fileName}`);
  const partPath = `${finalPath}.part`;

  if ((await fileSize(finalPath)) > 0 && (await sha256File(finalPath)) === expected) {
    const size = await fileSize(finalPath);
    return { path: finalPath, size, bytesFetched: 0, fromCache: true, resumedFrom: size };
  }

  const retries = options.retries ?? 4;
  const backoffMs = options.backoffMs ?? 1000;
  const resumedFrom = await fileSize(partPath);
  const counter = { bytes: 0 };
  let lastReason = '';
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) {
      const delay = backoffMs * 2 ** (attempt - 1);
      options.onRetry?.(attempt, lastReason, delay);
      await sleep(delay, say, options.signal);
    }
    options.signal?.throwIfAborted?.();
    try {
      await attemptDownload(startUrl, partPath, options, counter, say);
      break;
    } catch (error) {
      if (options.signal?.aborted) throw new DlsetupError('CANCELLED', say('download.cancelledKept'));
      if (error instanceof DlsetupError) throw error;
      if (error instanceof AttemptError && !error.retryable) {
        if (error.status === 404) throw new DlsetupError('NOT_FOUND', say('download.notFound', { url: startUrl.toString() }));
        throw new DlsetupError('NETWORK', say('download.failed', { file: fileName, reason: error.message }));
      }
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') {
        // The part sits on the full disk: free it rather than leave the student to find it.
        await rm(partPath, { force: true });
        throw new DlsetupError('DISK_FULL', say('disk.full', { path: cacheDir }), { cause: error });
      }
      lastReason = (error as Error).message;
      if (attempt === retries) {
        throw new DlsetupError('NETWORK', say('download.failedAfterAttempts', { file: fileName, attempts: retries + 1 }), {
          detail: lastReason,
        });
      }
    }
  }

  const actual = await sha256File(partPath);
  if (actual !== expected) {
    await rm(partPath, { force: true });
    throw new DlsetupError('CHECKSUM_MISMATCH', say('download.checksumMismatch', { file: fileName }), {
      detail: `expected ${expected}, got ${actual}`,
    });
  }
  await rename(partPath, finalPath);
  return { path: finalPath, size: await fileSize(finalPath), bytesFetched: counter.bytes, fromCache: false, resumedFrom };
}

/** One HTTP attempt: continues `partPath` from its current size; counts every byte taken from the network. */
async function attemptDownload(startUrl: URL, partPath: string, options: DownloadOptions, counter: { bytes: number }, say: InstallSay): Promise<number> {
  let url = startUrl;
  const offset = await fileSize(partPath);
  let response: http.IncomingMessage | null = null;
  for (let hop = 0; hop < 6; hop++) {
    const proxy = options.proxy === undefined ? proxyFor(url) : options.proxy;
    const headers: Record<string, string> = { 'User-Agent': 'dlsetup', 'Accept-Encoding': 'identity' };
    if (offset > 0) headers.Range = `bytes=${offset}-`;
    response = await openRequest(url, headers, proxy, say, options.signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      url = new URL(response.headers.location, url);
      continue;
    }
    break;
  }
  if (!response) throw new AttemptError(say('download.tooManyRedirects'), false);
  const status = response.statusCode ?? 0;
  if (status === 416) {
    // The part file already holds every byte; verification decides.
    response.resume();
    return 0;
  }
  if (status >= 500 || status === 429 || status === 408) {
    response.resume();
    throw new AttemptError(say('download.serverAnswered', { status }), true, status);
  }
  if (status !== 200 && status !== 206) {
    response.resume();
    throw new AttemptError(say('download.serverAnswered', { status }), false, status);
  }
  const append = status === 206 && offset > 0;
  const start = append ? offset : 0;
  const length = Number(response.headers['content-length'] ?? NaN);
  const total = Number.isFinite(length) ? start + length : null;
  const out = createWriteStream(partPath, { flags: append ? 'a' : 'w' });
  const meter = new SpeedMeter();
  let done = start;
  let fetched = 0;
  const idleMs = options.idleTimeoutMs ?? 30_000;
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    let idle = setTimeout(() => response.destroy(new Error(say('download.noData', { seconds: idleMs / 1000 }))), idleMs);
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      out.end(() => (error ? reject(error) : resolve(fetched)));
    };
    response.on('data', (chunk: Buffer) => {
      clearTimeout(idle);
      idle = setTimeout(() => response.destroy(new Error(say('download.noData', { seconds: idleMs / 1000 }))), idleMs);
      if (!out.write(chunk)) {
        response.pause();
        out.once('drain', () => response.resume());
      }
      done += chunk.length;
      fetched += chunk.length;
      counter.bytes += chunk.length;
      const perSecond = meter.sample(done);
      options.onProgress?.({
        done,
        total,
        perSecond,
        etaSeconds: total !== null && perSecond ? Math.round((total - done) / perSecond) : null,
        fraction: total ? done / total : null,
      });
    });
    response.on('end', () => {
      if (total !== null && done < total) finish(new AttemptError(say('download.closedAfterOf', { done, total }), true));
      else finish(null);
    });
    response.on('aborted', () => finish(new AttemptError(say('download.cut'), true)));
    response.on('error', (error) => finish(error));
    response.on('close', () => {
      if (!response.complete) finish(new AttemptError(say('download.closedAfter', { done }), true));
    });
    out.on('error', (error) => finish(error));
  });
}
