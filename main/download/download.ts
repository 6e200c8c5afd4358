import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { appCacheDir } from '../appPaths.js';
import { AttemptError, BoundExceeded } from './attemptError.js';
import { TooSlowError } from './bodyWatch.js';
import { downloadBounds, type DownloadBounds, type DownloadKind } from './downloadBounds.js';
import { RedirectRefused } from '../network/followRedirects.js';
import { BadProxyError, NetworkAgents } from '../network/proxyAgent.js';
import { DlsetupError } from '../../shared/errors.js';
import type { ByteProgress } from '../../shared/types/install.js';
import { lockDownload, pause } from './downloadLock.js';
import { installText, type InstallSay } from '../system/installText.js';
import { SHA256_PATTERN } from '../../shared/schema/patterns.js';
import { SpeedMeter } from './speedMeter.js';
import { attemptOnce, newDownloadRun } from './downloadAttempt.js';
import { readRangeState, removeRangeState } from './rangeState.js';

export interface DownloadOptions {
  url: string;
  /** Required: nothing DL Setup downloads is used before its sha256 matches (docs/design.md §5). */
  sha256: string;
  fileName?: string;
  cacheDir?: string;
  signal?: AbortSignal;
  /** Attempts after the first one; each waits backoffMs × 2^n. */
  retries?: number;
  backoffMs?: number;
  /** What is fetched: its kind's cap bounds the size when `expectedSize` is not known (download/downloadBounds.ts). */
  kind?: DownloadKind;
  /** The file's size when the caller knows it (data/, a plan): a server claiming or sending more is refused. */
  expectedSize?: number;
  /** No byte for this long → the attempt fails and is retried (default 30 s). */
  idleTimeoutMs?: number;
  /** Tests: smaller size and rate bounds than the production defaults. */
  bounds?: Partial<DownloadBounds>;
  /** An explicit proxy (the plan's `proxy`, `--proxy`) wins over HTTPS_PROXY / HTTP_PROXY / ALL_PROXY; null: none. NO_PROXY applies either way. */
  proxy?: string | null;
  /** Extra certificate authority (PEM) to trust besides the system's: a lab mirror's own CA, or a test's. */
  ca?: string;
  onProgress?: (progress: ByteProgress & { fraction: number | null }) => void;
  onRetry?: (attempt: number, reason: string, delayMs: number) => void;
  /** How long to wait while another process downloads the same file before failing with BUSY (default 1 h). */
  lockWaitMs?: number;
  /** Called once when another process (pid) holds this file's download; this call waits for it. */
  onWait?: (pid: number | null) => void;
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
  return path.join(appCacheDir(), 'downloads');
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

/** A refused redirect or proxy is a setting to change, not a flaky network: said once, never retried. */
function policyError(error: unknown, fileName: string, say: InstallSay): DlsetupError | null {
  if (error instanceof RedirectRefused) {
    if (error.reason === 'tooMany') return say.error('NETWORK', 'download.failed', { file: fileName, reason: say('download.tooManyRedirects') }, { detail: error.message });
    const key = error.reason === 'insecure' ? 'download.redirectInsecure' : 'download.redirectScheme';
    // A Location is the server's text: clipped, so a hostile one cannot fill the screen.
    return say.error('NETWORK', key, { from: error.from, to: error.to.slice(0, 200) }, { detail: error.message.slice(0, 500) });
  }
  if (error instanceof BadProxyError) return say.error('INVALID_ARGUMENT', 'download.badProxy', { proxy: error.proxy });
  return null;
}

/** undici's words for a proxy that answered CONNECT (or a 407) with something other than 200. */
function proxyRefusal(error: unknown): number | null {
  const match = /Proxy response \((\d{3})\)|Proxy Authentication Required \((\d{3})\)/.exec((error as Error | null)?.message ?? '');
  return match ? Number(match[1] ?? match[2]) : null;
}

/**
 * Downloads into the cache with HTTP Range resume, retries with backoff and sha256 verification;
 * returns the verified file's path. Finished bytes are never fetched twice.
 */
export async function downloadFile(options: DownloadOptions): Promise<DownloadResult> {
  const say = options.say ?? installText();
  const expected = options.sha256.toLowerCase();
  if (!SHA256_PATTERN.test(expected)) throw say.error('INVALID_ARGUMENT', 'download.needsSha');
  const startUrl = new URL(options.url);
  const fileName = (options.fileName ?? path.basename(startUrl.pathname)) || 'download';
  if (fileName.includes('/') || fileName.startsWith('.')) throw say.error('INVALID_ARGUMENT', 'download.badFileName', { name: fileName });
  const cacheDir = options.cacheDir ?? downloadCacheDir();
  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  const finalPath = path.join(cacheDir, `${expected.slice(0, 16)}-${fileName}`);
  const target: Target = { url: startUrl, fileName, cacheDir, finalPath, partPath: `${finalPath}.part`, expected };

  const cached = await verifiedCopy(finalPath, expected);
  if (cached) return cached;
  const lock = await lockDownload(target.partPath, fileName, options, say);
  try {
    // Whoever held the lock before may have left the verified file.
    return (await verifiedCopy(finalPath, expected)) ?? (await fetchVerified(options, target, say));
  } finally {
    lock.release();
  }
}

interface Target {
  url: URL;
  fileName: string;
  cacheDir: string;
  finalPath: string;
  partPath: string;
  expected: string;
}

async function verifiedCopy(finalPath: string, expected: string): Promise<DownloadResult | null> {
  if (!((await fileSize(finalPath)) > 0 && (await sha256File(finalPath)) === expected)) return null;
  const size = await fileSize(finalPath);
  return { path: finalPath, size, bytesFetched: 0, fromCache: true, resumedFrom: size };
}

/** The download proper, under the file's lock: resume, retries, then sha256 before the part becomes the file. */
async function fetchVerified(options: DownloadOptions, target: Target, say: InstallSay): Promise<DownloadResult> {
  const { url: startUrl, fileName, cacheDir, partPath, finalPath, expected } = target;
  const retries = options.retries ?? 4;
  const backoffMs = options.backoffMs ?? 1000;
  // A segmented part has holes where pieces are missing: what it holds is what its range state says, not its size.
  const state = await readRangeState(partPath, expected);
  const resumedFrom = state ? state.pieces.reduce((sum, piece) => sum + piece.done, 0) : await fileSize(partPath);
  const agents = new NetworkAgents({ proxy: options.proxy, ca: options.ca });
  const meter = new SpeedMeter();
  const run = newDownloadRun({
    url: startUrl,
    partPath,
    expected,
    agents,
    headers: { 'user-agent': 'dlsetup', 'accept-encoding': 'identity' },
    signal: options.signal,
    bounds: downloadBounds(options.kind, options.expectedSize, { ...(options.idleTimeoutMs ? { idleTimeoutMs: options.idleTimeoutMs } : {}), ...options.bounds }),
    say,
    report: (done, total, connections) => {
      const perSecond = meter.sample(done);
      options.onProgress?.({
        done,
        total,
        perSecond,
        etaSeconds: total !== null && perSecond ? Math.round((total - done) / perSecond) : null,
        connections,
        fraction: total ? done / total : null,
      });
    },
  });
  let lastReason = '';
  try {
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        const delay = backoffMs * 2 ** (attempt - 1);
        options.onRetry?.(attempt, lastReason, delay);
        await pause(delay, options.signal, say);
      }
      options.signal?.throwIfAborted?.();
      try {
        await attemptOnce(run);
        break;
      } catch (error) {
        if (options.signal?.aborted) throw say.error('CANCELLED', 'download.cancelledKept');
        if (error instanceof DlsetupError) throw error;
        const policy = policyError(error, fileName, say);
        if (policy) throw policy;
        const refusedBy = proxyRefusal(error);
        if (refusedBy !== null) throw say.error('NETWORK', 'download.failed', { file: fileName, reason: say('download.proxyRefused', { status: String(refusedBy) }) });
        if (error instanceof BoundExceeded) {
          // More than this file may be: another file, or an endless one. Its part is removed, never resumed.
          await rm(partPath, { force: true });
          await removeRangeState(partPath);
          throw say.error('NETWORK', 'download.failed', { file: fileName, reason: error.message });
        }
        if (error instanceof AttemptError && !error.retryable) {
          if (error.status === 404) throw say.error('NOT_FOUND', 'download.notFound', { url: startUrl.toString() });
          throw say.error('NETWORK', 'download.failed', { file: fileName, reason: error.message });
        }
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') {
          // The part sits on the full disk: free it rather than leave the student to find it.
          await rm(partPath, { force: true });
          await removeRangeState(partPath);
          throw say.error('DISK_FULL', 'disk.full', { path: cacheDir }, { cause: error });
        }
        lastReason = (error as Error).message;
        if (attempt === retries && error instanceof TooSlowError) {
          const { minBytesPerSecond, rateWindowMs } = run.bounds;
          throw say.error('NETWORK', 'download.tooSlow', { file: fileName, rate: minBytesPerSecond, seconds: rateWindowMs / 1000, attempts: retries + 1 }, { detail: lastReason });
        }
        if (attempt === retries) {
          throw say.error('NETWORK', 'download.failedAfterAttempts', { file: fileName, attempts: retries + 1 }, {
            detail: lastReason,
          });
        }
      }
    }
  } finally {
    await agents.close();
  }

  const actual = run.digest ?? (await sha256File(partPath));
  await removeRangeState(partPath);
  if (actual !== expected) {
    await rm(partPath, { force: true });
    throw say.error('CHECKSUM_MISMATCH', 'download.checksumMismatch', { file: fileName }, {
      detail: `expected ${expected}, got ${actual}`,
    });
  }
  await rename(partPath, finalPath);
  return { path: finalPath, size: await fileSize(finalPath), bytesFetched: run.fetched, fromCache: false, resumedFrom };
}
