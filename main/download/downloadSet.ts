import type { ByteProgress } from '../../shared/types/install.js';
import { DlsetupError } from '../../shared/errors.js';
import { downloadFile, type DownloadOptions, type DownloadResult } from './download.js';
import { installText } from '../system/installText.js';
import { SpeedMeter } from './speedMeter.js';

/** Files fetched at once; a large one among them opens its own range connections besides. */
export const SET_CONCURRENCY = 4;

export interface SetFile {
  url: string;
  sha256: string;
  fileName?: string;
  /** When known (a pip report, a plan's download sizes): the total is known from the start. */
  size?: number;
  /**
   * Copies of this file on mirrors, fastest first (measured before the set starts, so probes do not share the link
   * with downloads): the first serves it; one that lacks it or serves another file (sha256) passes it to the next.
   * Absent: `url` alone.
   */
  mirrors?: readonly { id: string; url: string; bytesPerSecond: number | null }[];
}

/** A mirror answer that another copy may fix: the file is missing there, or it is another file. */
function passesToNextMirror(error: unknown): boolean {
  return error instanceof DlsetupError && (error.code === 'CHECKSUM_MISMATCH' || error.code === 'NOT_FOUND');
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
      const copies = file.mirrors?.length ? file.mirrors : [{ id: '', url: file.url, bytesPerSecond: null }];
      for (const [attempt, copy] of copies.entries()) {
        const mirror = copy.id ? { id: copy.id, measuredBytesPerSecond: copy.bytesPerSecond } : undefined;
        try {
          results[index] = await downloadFile({
            ...options,
            url: copy.url,
            sha256: file.sha256,
            fileName: file.fileName,
            signal,
            onProgress: ({ fraction: _fraction, ...bytes }) => {
              progress[index] = mirror ? { ...bytes, mirror } : bytes;
              report();
            },
          });
          break;
        } catch (error) {
          if (signal.aborted || attempt === copies.length - 1 || !passesToNextMirror(error)) throw error;
          const say = options.say ?? installText();
          const key = (error as DlsetupError).code === 'NOT_FOUND' ? 'mirror.lacksFile' : 'mirror.refusedChecksum';
          options.onRetry?.(0, say(key, { mirror: copy.id, file: file.fileName ?? copy.url }), 0);
        }
      }
      const size = results[index]!.size;
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
