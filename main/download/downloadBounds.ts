/**
 * The size and time bounds every download runs under (docs/security.md, "Downloads"). A server's Content-Length or
 * Content-Range total is a claim: a claim past the bound is refused before a byte is written, and a body that runs
 * past its claim or the bound is cut. Nothing is ever preallocated from a claim.
 */

/** What is downloaded: each kind has a cap, the largest known artifact of that kind with a margin (data/download-sizes.json). */
export type DownloadKind = 'runfile' | 'archive' | 'keyring' | 'wheel' | 'any';

const MiB = 1 << 20;
const GiB = 1 << 30;

/** Per kind: a CUDA runfile (~4 GB known) × 2; a cuDNN archive (~850 MB) × 2.4; a keyring .deb (a few KB); one wheel (2.3 GB known) × 2.2. */
export const KIND_MAX_BYTES: Readonly<Record<DownloadKind, number>> = {
  runfile: 8 * GiB,
  archive: 2 * GiB,
  keyring: 1 * MiB,
  wheel: 5 * GiB,
  any: 8 * GiB,
};

/** No byte for this long → the attempt fails (and is retried). */
export const IDLE_TIMEOUT_MS = 30_000;
/** Each response body must average at least this over every RATE_WINDOW_MS, or the attempt fails: a drip feed ends. */
export const MIN_BYTES_PER_SECOND = 1024;
export const RATE_WINDOW_MS = 60_000;

export interface DownloadBounds {
  /** The most bytes the file may have: the size the caller knows, else its kind's cap. */
  maxBytes: number;
  idleTimeoutMs: number;
  minBytesPerSecond: number;
  rateWindowMs: number;
}

/** The bounds for one download: `expectedSize` (what the caller knows) wins over the kind's cap; `overrides` are for tests. */
export function downloadBounds(kind: DownloadKind = 'any', expectedSize?: number, overrides: Partial<DownloadBounds> = {}): DownloadBounds {
  const known = expectedSize !== undefined && Number.isSafeInteger(expectedSize) && expectedSize > 0 ? expectedSize : null;
  return {
    maxBytes: known ?? KIND_MAX_BYTES[kind],
    idleTimeoutMs: IDLE_TIMEOUT_MS,
    minBytesPerSecond: MIN_BYTES_PER_SECOND,
    rateWindowMs: RATE_WINDOW_MS,
    ...overrides,
  };
}
