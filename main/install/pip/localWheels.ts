import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { formatSpeed } from '../../../shared/text/formatBytes.js';
import { discardBody } from '../../network/discardBody.js';
import { chooseMirror, type MirrorMeasure } from '../../network/mirrorChoice.js';
import { NetworkAgents } from '../../network/proxyAgent.js';
import { probeRanges } from '../../network/rangeProbe.js';
import { downloadSet, type SetFile } from '../../download/downloadSet.js';
import type { StepContext } from '../installStep.js';
import { mirrorCopies } from '../../download/mirrorFiles.js';
import type { ReportWheel } from './pipReport.js';

/** Wheels this large are measured on every mirror that may carry them; smaller ones come from the report's address. */
export const MIRROR_MIN_BYTES = 32e6;

export interface LocalWheels {
  /** The wheels under their real names in the run's folder, for `pip install --no-index`. */
  files: string[];
  bytesFetched: number;
}

/** Sizes before anything is fetched (one 1-byte ranged GET each, a few at once): the total and ETA are known from the start, and which files are large. */
async function sizesOf(wheels: readonly ReportWheel[], agents: NetworkAgents, signal: AbortSignal): Promise<(number | null)[]> {
  const sizes: (number | null)[] = wheels.map(() => null);
  let next = 0;
  const worker = async () => {
    while (next < wheels.length && !signal.aborted) {
      const index = next++;
      try {
        const answer = await probeRanges(new URL(wheels[index]!.url), 1, { agents, headers: { 'user-agent': 'dlsetup-size', 'accept-encoding': 'identity' }, signal });
        if (answer.kind === 'ranges' || answer.kind === 'whole') {
          sizes[index] = answer.size;
          await discardBody(answer.response);
        }
      } catch {
        // Unknown size: the download itself will tell, and the file is not measured on mirrors.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, wheels.length) }, worker));
  return sizes;
}

function minBytes(): number {
  const value = Number(process.env.DLSETUP_MIRROR_MIN_BYTES);
  return Number.isFinite(value) && value > 0 ? value : MIRROR_MIN_BYTES;
}

/** The copies that agree, fastest first; the report's own address alone when nothing else serves it. */
function fastestFirst(measures: MirrorMeasure[], own: { id: string; url: string }): NonNullable<SetFile['mirrors']> {
  const usable = measures.filter((m): m is Extract<MirrorMeasure, { ok: true }> => m.ok).sort((a, b) => b.bytesPerSecond - a.bytesPerSecond);
  return usable.length ? usable.map((m) => ({ id: m.id, url: m.url, bytesPerSecond: m.bytesPerSecond })) : [{ ...own, bytesPerSecond: null }];
}

/**
 * Fetches the wheels pip's report names with DL Setup's downloader (ranges, resume, sha256 from the report), each
 * large one from the fastest mirror that serves the same file unless the user chose the mirror (`pinned`), then links
 * them under their real names into `runDir`, where `pip install --no-index` finds them.
 */
export async function fetchReportWheels(
  ctx: StepContext,
  wheels: readonly ReportWheel[],
  options: { pinned: boolean; proxy?: string; runDir: string; span: [number, number] },
): Promise<LocalWheels> {
  const agents = new NetworkAgents({ proxy: options.proxy });
  let sizes: (number | null)[];
  const mirrors: SetFile['mirrors'][] = [];
  try {
    sizes = await sizesOf(wheels, agents, ctx.signal);
  } finally {
    await agents.close();
  }
  // Measured one file at a time before any download starts, so no probe shares the link with a download.
  for (const [index, wheel] of wheels.entries()) {
    const size = sizes[index];
    const copies = mirrorCopies(wheel.url);
    if (options.pinned || size === null || size < minBytes() || copies.length < 2) {
      mirrors.push(undefined);
      continue;
    }
    ctx.signal.throwIfAborted();
    const { chosen, measures } = await chooseMirror(copies, { expectedSize: size, proxy: options.proxy, signal: ctx.signal });
    if (chosen?.ok) ctx.log(ctx.say('mirror.chosen', { file: wheel.fileName, mirror: chosen.id, speed: formatSpeed(chosen.bytesPerSecond), count: measures.length }));
    mirrors.push(fastestFirst(measures, copies[0]!));
  }
  const [from, to] = options.span;
  let finished = 0;
  const results = await downloadSet(
    wheels.map((wheel, index) => ({ url: wheel.url, sha256: wheel.sha256, fileName: wheel.fileName, size: sizes[index] ?? undefined, mirrors: mirrors[index] })),
    {
      signal: ctx.signal,
      say: ctx.say,
      kind: 'wheel',
      proxy: options.proxy,
      retries: Number(process.env.DLSETUP_DOWNLOAD_RETRIES ?? 4),
      backoffMs: Number(process.env.DLSETUP_DOWNLOAD_BACKOFF_MS ?? 1000),
      onRetry: (attempt, reason, delayMs) => ctx.log(ctx.say('download.retry', { reason, attempt, seconds: Math.round(delayMs / 1000) })),
      onProgress: ({ files, total }) => {
        finished = files.filter((file, index) => file && file.etaSeconds === 0 && file.done === (file.total ?? sizes[index])).length;
        // The detail names the file with the most left to fetch: the one the wait is for.
        const open = files.map((file, index) => ({ file, index })).filter(({ file }) => file && file.done !== file.total);
        const focus = open.sort((a, b) => (b.file!.total ?? 0) - b.file!.done - ((a.file!.total ?? 0) - a.file!.done))[0];
        const fraction = total.total ? total.done / total.total : null;
        const detail = ctx.say('framework.downloadingFiles', { file: wheels[focus?.index ?? 0]!.fileName, finished, count: wheels.length });
        const connections = files.reduce((sum, file) => sum + (file && file.done !== file.total ? (file.connections ?? 1) : 0), 0);
        ctx.progress(fraction === null ? null : from + (to - from) * fraction, detail, { ...total, connections: Math.max(1, connections), mirror: focus?.file?.mirror });
      },
    },
  );
  await mkdir(options.runDir, { recursive: true, mode: 0o700 });
  const files: string[] = [];
  for (const [index, result] of results.entries()) {
    const target = path.join(options.runDir, wheels[index]!.fileName);
    await rm(target, { force: true });
    // A hard link costs no space; another file system (a cache elsewhere) gets a copy.
    await link(result.path, target).catch(() => copyFile(result.path, target));
    files.push(target);
  }
  return { files, bytesFetched: results.reduce((sum, result) => sum + result.bytesFetched, 0) };
}
