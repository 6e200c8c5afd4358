import type { Plan } from '../../shared/types/plan.js';
import type { DownloadKind } from '../download/downloadBounds.js';
import { downloadFile, type DownloadResult } from '../download/download.js';
import type { StepContext } from './installStep.js';

/** The proxy the user chose for this install (`--proxy`, the wizard): the framework step's `proxy`, which pip gets too. */
export function planProxy(plan: Plan | null): string | undefined {
  const value = plan?.steps.find((step) => step.kind === 'framework')?.params?.proxy;
  // The framework step's own parse refuses anything else; a download simply does not adopt it.
  return typeof value === 'string' && /^https?:\/\/\S+$/.test(value) ? value : undefined;
}

/** A download inside a step: progress with bytes/speed/ETA, retries logged, cancel through the step's signal. */
export async function downloadForStep(
  ctx: StepContext,
  /** `kind` bounds the size (a runfile, an archive, a keyring: download/downloadBounds.ts). */
  options: { url: string; sha256: string; kind: DownloadKind; fileName?: string; label: string; span?: [number, number] },
): Promise<DownloadResult> {
  const [from, to] = options.span ?? [0, 1];
  ctx.log(ctx.say('download.starting', { url: options.url }));
  const result = await downloadFile({
    url: options.url,
    sha256: options.sha256,
    kind: options.kind,
    fileName: options.fileName,
    signal: ctx.signal,
    say: ctx.say,
    proxy: planProxy(ctx.plan),
    onWait: (pid) => ctx.log(ctx.say('download.waiting', { label: options.label, pid: pid ?? '?' })),
    retries: Number(process.env.DLSETUP_DOWNLOAD_RETRIES ?? 4),
    backoffMs: Number(process.env.DLSETUP_DOWNLOAD_BACKOFF_MS ?? 1000),
    onProgress: (progress) => {
      const { fraction, ...bytes } = progress;
      ctx.progress(fraction === null ? null : from + (to - from) * fraction, ctx.say('download.progress', { label: options.label }), bytes);
    },
    onRetry: (attempt, reason, delayMs) => ctx.log(ctx.say('download.retry', { reason, attempt, seconds: Math.round(delayMs / 1000) })),
  });
  const { label } = options;
  ctx.log(
    result.fromCache
      ? ctx.say('download.fromCache', { label })
      : result.resumedFrom
        ? ctx.say('download.fetchedResumed', { label, bytes: result.bytesFetched, offset: result.resumedFrom })
        : ctx.say('download.fetched', { label, bytes: result.bytesFetched }),
  );
  return result;
}
