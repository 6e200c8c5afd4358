import { existsSync } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import type { Dispatcher } from 'undici';
import { AttemptError, BoundExceeded } from './attemptError.js';
import { watchBody, type BodyWatchWords } from './bodyWatch.js';
import { ConnectionGovernor } from './connectionGovernor.js';
import { discardBody, dropBody } from '../network/discardBody.js';
import type { DownloadBounds } from './downloadBounds.js';
import { getFollowingRedirects } from '../network/followRedirects.js';
import { FrontierHash } from './frontierHash.js';
import type { NetworkAgents } from '../network/proxyAgent.js';
import { RangeBook } from './rangeBook.js';
import { parseContentRange, probeRanges } from '../network/rangeProbe.js';
import { rangeStatePath, readRangeState, removeRangeState, writeRangeState } from './rangeState.js';
import { fetchRanges, type RangeWords } from './segmentedFetch.js';
import type { InstallSay } from '../system/installText.js';

/** From this size on a file is fetched in parallel ranges (a torch wheel, a CUDA runfile); below, one stream is as fast. */
export const SEGMENTED_MIN_BYTES = 32 << 20;
/** The first request asks for this much with Range: it learns whether the server splits files and how big this one is. */
export const PROBE_BYTES = 1 << 20;
/** The range state is saved at most this often while pieces arrive (and always when an attempt ends). */
const STATE_SAVE_MS = 1000;

/** One download across its attempts: what each attempt learned stays for the next. */
export interface DownloadRun {
  url: URL;
  partPath: string;
  expected: string;
  agents: NetworkAgents;
  headers: Record<string, string>;
  signal?: AbortSignal;
  /** Size and time bounds (download/downloadBounds.ts): a claim past maxBytes is refused, a body past it cut. */
  bounds: DownloadBounds;
  say: InstallSay;
  governor: ConnectionGovernor;
  /** Bytes this download took from the network, over all attempts. */
  fetched: number;
  /** Set once the server proved it splits files and the file is large: the pieces and what each holds. */
  book: RangeBook | null;
  /** Set when a server answered a Range request with bytes it did not place: later attempts ask for the whole file. */
  noRanges: boolean;
  /** Where the pieces are fetched from: the file's address after redirects, learned once per download. */
  source: URL | null;
  /** The sha256 computed while the pieces arrived (segmented downloads); null: hash the part file afterwards. */
  digest: string | null;
  /** The connections open now (1 for a single stream). */
  report: (done: number, total: number | null, connections: number) => void;
}

export function newDownloadRun(fields: Omit<DownloadRun, 'governor' | 'fetched' | 'book' | 'noRanges' | 'digest' | 'source'> & { governor?: ConnectionGovernor }): DownloadRun {
  return { governor: new ConnectionGovernor(), fetched: 0, book: null, noRanges: false, digest: null, source: null, ...fields };
}

async function fileSize(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

function bodyWords(say: InstallSay): BodyWatchWords {
  return {
    noData: (seconds) => say('download.noData', { seconds }),
    tooSlow: (rate, seconds) => say('download.tooSlowOnce', { rate, seconds }),
  };
}

function rangeWords(say: InstallSay): RangeWords {
  return {
    ...bodyWords(say),
    serverAnswered: (status) => say('download.serverAnswered', { status }),
    badRange: () => say('download.badRange'),
    cut: () => say('download.cut'),
    moreThanAsked: (max) => say('download.moreThanAnnounced', { max }),
  };
}

/** A server's claimed size past the bound: refused before a byte is written or any space is taken. */
function tooLarge(run: DownloadRun, size: number): BoundExceeded {
  return new BoundExceeded(run.say('download.tooLarge', { size, max: run.bounds.maxBytes }));
}

/** Whether a part file holds every byte its range state says is written (no preallocation: holes lie past its end). */
function holdsItsPieces(partSize: number, state: { size: number; pieces: readonly { start: number; done: number }[] }): boolean {
  return partSize <= state.size && state.pieces.every((piece) => piece.done === 0 || piece.start + piece.done <= partSize);
}

/**
 * One attempt: continues a segmented download from its saved ranges, an older single-stream part from its size, or
 * starts with a ranged probe whose answer decides between parallel ranges (large file, server splits), one stream
 * (small file, or a server that ignores Range) and refusal (a 206 that does not say where its bytes go).
 */
export async function attemptOnce(run: DownloadRun): Promise<void> {
  if (!run.book && !run.noRanges && existsSync(rangeStatePath(run.partPath))) {
    const state = await readRangeState(run.partPath, run.expected);
    if (state && state.size <= run.bounds.maxBytes && holdsItsPieces(await fileSize(run.partPath), state)) run.book = new RangeBook(state.size, state.pieces);
    else {
      // A part whose map is lost, does not fit it or is past the bound: its holes cannot be told from bytes, so start over.
      await rm(run.partPath, { force: true });
      await removeRangeState(run.partPath);
    }
  }
  if (run.book) return fetchSegmented(run, run.source ?? (await resolveSource(run, run.book.size)));
  let offset = await fileSize(run.partPath);
  if (offset > run.bounds.maxBytes) {
    // A part past the bound is not this file (an older download without bounds): start over.
    await rm(run.partPath, { force: true });
    offset = 0;
  }
  if (offset > 0 || run.noRanges) return streamFrom(run, offset);
  const probe = await probeRanges(run.url, PROBE_BYTES, { agents: run.agents, headers: run.headers, signal: run.signal, headersTimeoutMs: run.bounds.idleTimeoutMs });
  if (probe.kind === 'status') throw statusError(probe.status, run.say);
  if (probe.kind === 'badRange') {
    run.noRanges = true;
    throw new AttemptError(run.say('download.badRange'), true);
  }
  if (probe.size !== null && probe.size > run.bounds.maxBytes) {
    dropBody(probe.response);
    throw tooLarge(run, probe.size);
  }
  if (probe.kind === 'whole') return writeStream(run, probe.response, 0, probe.size, probe.size);
  if (probe.size < SEGMENTED_MIN_BYTES) {
    await writeStream(run, probe.response, 0, probe.range.end + 1, probe.size);
    // The probe brought the first piece; the rest (if any) follows in one stream.
    if ((await fileSize(run.partPath)) < probe.size) await streamFrom(run, await fileSize(run.partPath));
    return;
  }
  await writeProbe(run, probe.response, probe.size, probe.range.end + 1);
  run.source = probe.url;
  return fetchSegmented(run, probe.url);
}

/**
 * The probe's bytes become the first piece of the part: written in place, never asked for again. Nothing is
 * preallocated from the size the server claims: the part grows only as bytes arrive.
 */
async function writeProbe(run: DownloadRun, response: Dispatcher.ResponseData, size: number, end: number): Promise<void> {
  const part = await open(run.partPath, 'w');
  const book = new RangeBook(size, [{ start: 0, end, done: 0 }]);
  run.book = book;
  const piece = book.claim(1)!;
  const watch = watchBody(response.body, run.bounds, bodyWords(run.say));
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      watch.received(chunk.length);
      // A body past the range it announced is not the file's first piece: refused, not read on.
      if (piece.done + chunk.length > end) throw new BoundExceeded(run.say('download.moreThanAnnounced', { max: end }));
      await part.write(chunk, 0, chunk.length, piece.done);
      book.written(piece, chunk.length);
      run.fetched += chunk.length;
      run.report(book.bytesDone, size, 1);
    }
  } catch (error) {
    if (error instanceof AttemptError || (error as NodeJS.ErrnoException).code === 'ENOSPC') throw error;
    throw new AttemptError(run.say('download.cut'), true);
  } finally {
    watch.stop();
    book.release(piece);
    await part.close();
    await writeRangeState(run.partPath, { sha256: run.expected, size, pieces: book.snapshot() });
  }
}

/** A resumed segmented download asks for one byte first: redirects followed, and the file still has its size. */
async function resolveSource(run: DownloadRun, size: number): Promise<URL> {
  const probe = await probeRanges(run.url, 1, { agents: run.agents, headers: run.headers, signal: run.signal, headersTimeoutMs: run.bounds.idleTimeoutMs });
  if (probe.kind === 'ranges' || probe.kind === 'whole') await discardBody(probe.response);
  if (probe.kind === 'status') throw statusError(probe.status, run.say);
  if (probe.kind !== 'ranges' || probe.size !== size) {
    // The server no longer splits this file, or serves another size: the saved pieces cannot be trusted.
    run.book = null;
    await rm(run.partPath, { force: true });
    await removeRangeState(run.partPath);
    if (probe.kind === 'badRange') run.noRanges = true;
    throw new AttemptError(run.say('download.changedOnServer'), true);
  }
  run.source = probe.url;
  return probe.url;
}

function statusError(status: number, say: InstallSay): AttemptError {
  const retryable = status >= 500 || status === 429 || status === 408;
  return new AttemptError(say('download.serverAnswered', { status }), retryable, status);
}

/** The open pieces over parallel connections; the range state on disk is kept current, and saved whatever happens. */
async function fetchSegmented(run: DownloadRun, url: URL): Promise<void> {
  const book = run.book!;
  const part = await open(run.partPath, 'r+');
  const hash = new FrontierHash(part);
  let saved = performance.now();
  let saving: Promise<void> | null = null;
  const save = () => writeRangeState(run.partPath, { sha256: run.expected, size: book.size, pieces: book.snapshot() });
  const before = book.bytesDone;
  try {
    await fetchRanges({
      url,
      part,
      book,
      governor: run.governor,
      agents: run.agents,
      headers: run.headers,
      signal: run.signal,
      bounds: run.bounds,
      words: rangeWords(run.say),
      onWritten: (_bytes, connections) => {
        run.report(book.bytesDone, book.size, connections);
        hash.advance(book.frontier);
        const now = performance.now();
        if (!saving && now - saved > STATE_SAVE_MS) {
          saved = now;
          saving = save().finally(() => (saving = null));
        }
      },
    });
    run.digest = await hash.digest(book.size);
  } finally {
    run.fetched += book.bytesDone - before;
    await saving;
    await save().catch(() => undefined);
    await part.close();
  }
}

/** A single stream from `offset` (Range when > 0, unless the server proved it cannot place ranges). */
async function streamFrom(run: DownloadRun, offset: number): Promise<void> {
  const headers = { ...run.headers, ...(offset > 0 && !run.noRanges ? { range: `bytes=${offset}-` } : {}) };
  // Redirects are followed (or refused) before the part file is touched.
  const { response } = await getFollowingRedirects(run.url, { agents: run.agents, headers, signal: run.signal, headersTimeoutMs: run.bounds.idleTimeoutMs });
  const status = response.statusCode;
  if (status === 416) {
    // The part file already holds every byte; verification decides.
    await discardBody(response);
    return;
  }
  if (status !== 200 && status !== 206) {
    await discardBody(response);
    throw statusError(status, run.say);
  }
  const range = parseContentRange(response.headers['content-range']);
  if (status === 206 && (!headers.range || range?.start !== offset)) {
    // A 206 that does not start at our offset would splice the wrong bytes in: refused, next time the whole file.
    dropBody(response);
    run.noRanges = true;
    throw new AttemptError(run.say('download.badRange'), true);
  }
  const length = Number(response.headers['content-length'] ?? NaN);
  const start = status === 206 ? offset : 0;
  const end = Number.isSafeInteger(length) && length >= 0 ? start + length : null;
  const claimed = Math.max(end ?? 0, status === 206 ? (range?.size ?? 0) : 0);
  if (claimed > run.bounds.maxBytes) {
    dropBody(response);
    throw tooLarge(run, claimed);
  }
  await writeStream(run, response, start, end, status === 206 ? (range?.size ?? end) : end);
}

/**
 * Writes one response body to the part from `start` up to `end` (when known), counting and reporting every byte of
 * `total`. A body past `end` or the download's bound is cut and refused before its excess is written.
 */
async function writeStream(run: DownloadRun, response: Dispatcher.ResponseData, start: number, end: number | null, total: number | null): Promise<void> {
  const { body } = response;
  const limit = Math.min(end ?? Number.MAX_SAFE_INTEGER, run.bounds.maxBytes);
  const out = await open(run.partPath, start > 0 ? 'a' : 'w');
  let done = start;
  const watch = watchBody(body, run.bounds, bodyWords(run.say));
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      watch.received(chunk.length);
      if (done + chunk.length > limit) throw new BoundExceeded(run.say('download.moreThanAnnounced', { max: limit }));
      // Written before counted: a resumed attempt starts exactly where the file ends.
      await out.write(chunk);
      done += chunk.length;
      run.fetched += chunk.length;
      run.report(done, total, 1);
    }
  } catch (error) {
    if (error instanceof AttemptError || (error as NodeJS.ErrnoException).code === 'ENOSPC') throw error;
    throw new AttemptError(done > start ? run.say('download.closedAfter', { done }) : run.say('download.cut'), true);
  } finally {
    watch.stop();
    await out.close();
  }
  if (end !== null && done < end) throw new AttemptError(run.say('download.closedAfterOf', { done, total: end }), true);
}
