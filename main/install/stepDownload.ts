import { downloadFile, type DownloadResult } from './download.js';
import type { StepContext } from './installStep.js';

/** A download inside a step: progress with bytes/speed/ETA, retries logged, cancel through the step's signal. */
export async function downloadForStep(
  ctx: StepContext,
  options: { url: string; sha256: string; fileName?: string; label: string; span?: [number, number] },
): Promise<DownloadResult> {
  const [from, to] = options.span ?? [0, 1];
  ctx.log(`Downloading ${options.url}`);
  const result = await downloadFile({
    url: options.url,
    sha256: options.sha256,
    fileName: options.fileName,
    signal: ctx.signal,
    retries: Number(process.env.DLSETUP_DOWNLOAD_RETRIES ?? 4),
    backoffMs: Number(process.env.DLSETUP_DOWNLOAD_BACKOFF_MS ?? 1000),
    onProgress: (progress) => {
      const { fraction, ...bytes } = progress;
      ctx.progress(fraction === null ? null : from + (to - from) * fraction, `Downloading ${options.label}`, bytes);
    },
    onRetry: (attempt, reason, delayMs) => ctx.log(`Download interrupted (${reason}); retry ${attempt} in ${Math.round(delayMs / 1000)} s, continuing where it stopped.`),
  });
  ctx.log(
    result.fromCache
      ? `${options.label}: verified copy already in the cache.`
      : `${options.label}: ${result.bytesFetched} bytes fetched${result.resumedFrom ? ` (resumed at ${result.resumedFrom})` : ''}, sha256 verified.`,
  );
  return result;
}
