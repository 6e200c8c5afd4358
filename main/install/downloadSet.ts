import type { ByteProgress } from '../../shared/types/install.js';
import { downloadFile, type DownloadOptions, type DownloadResult } from './download.js';
import { SpeedMeter } from './speedMeter.js';

/** Files fetched at once; a large one among them opens its own range connections besides. */
export const SET_CONCURRENCY = 4;

export interface SetFile {
  url: string;
  sha256: string;
  fileName?: string;
  /** When known (a pip report, a plan's download sizes): the total is known from the start. */
  size?: number;
}

export interface SetProgress {
  /** Every file: its own bytes, speed and ETA (null until it starts). */
  files: (ByteProgress | null)[];
  /** All files together. */
  total: ByteProgress;
}

/**
 * A set of files (a framework's wheels) fetched a few at a time, each by downloadFile (ranges for large ones, sha256
 * always), with progress per file and for the whole set. The first failure stops the others (their parts are kept).
 */
export async function downloadSet(
  files: readonly SetFile[],
  options: Omit<DownloadOptions, 'url' | 'sha256' | 'fileName' | 'onProgress'> & { concurrency?: number; onProgress?: (progress: SetProgress) => void },
): Promise<DownloadResult[]> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const progress: (ByteProgress | null)[] = files.map(() => null);
  const meter = new SpeedMeter();
  const results: DownloadResult[] = new Array(files.length);
  const report = () => {
    const done = progress.reduce((sum, file) => sum + (file?.done ?? 0), 0);
    const sizes = files.map((file, index) => progress[index]?.total ?? file.size ?? null);
    const total = sizes.every((size) => size !== null) ? sizes.reduce((sum: number, size) => sum + size!, 0) : null;
    const perSecond = meter.sample(done);
    options.onProgress?.({ files: progress, total: { done, total, perSecond, etaSeconds: total !== null && perSecond ? Math.round((total - done) / perSecond) : null } });
  };
  let next = 0;
  const worker = async () => {
    while (next < files.length && !signal.aborted) {
      const index = next++;
      const file = files[index]!;
      results[index] = await downloadFile({
        ...options,
        url: file.url,
        sha256: file.sha256,
        fileName: file.fileName,
        signal,
        onProgress: ({ fraction: _fraction, ...bytes }) => {
          progress[index] = bytes;
          report();
        },
      });
      const size = results[index].size;
      progress[index] = { done: size, total: size, perSecond: null, etaSeconds: 0 };
      report();
    }
  };
  // The first failure is the one to tell; the others it stops only say they were cancelled.
  let failure: { error: unknown } | null = null;
  const workers = Array.from({ length: Math.min(files.length, options.concurrency ?? SET_CONCURRENCY) }, () =>
    worker().catch((error: unknown) => {
      failure ??= { error };
      stop.abort();
    }),
  );
  await Promise.all(workers);
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}
