import type { FileHandle } from 'node:fs/promises';
import { request } from 'undici';
import { AttemptError, BoundExceeded } from './attemptError.js';
import { watchBody, type BodyWatchWords } from './bodyWatch.js';
import type { ConnectionGovernor } from './connectionGovernor.js';
import { discardBody } from '../network/discardBody.js';
import type { DownloadBounds } from './downloadBounds.js';
import type { NetworkAgents } from '../network/proxyAgent.js';
import type { Piece, RangeBook } from './rangeBook.js';
import { parseContentRange } from '../network/rangeProbe.js';

/** The sentences a failed range says to the person (the run's locale). */
export interface RangeWords extends BodyWatchWords {
  serverAnswered: (status: number) => string;
  badRange: () => string;
  cut: () => string;
  /** A body past the range it was asked for (`max`: the range's length). */
  moreThanAsked: (max: number) => string;
}

export interface SegmentedFetchOptions {
  /** The file's address after redirects (the probe followed them once). */
  url: URL;
  /** The `.part`, open for positional writes (never preallocated: it grows as pieces arrive). */
  part: FileHandle;
  book: RangeBook;
  governor: ConnectionGovernor;
  agents: NetworkAgents;
  headers: Record<string, string>;
  signal?: AbortSignal;
  /** Each piece's body is watched for idle time and minimum rate (downloadBounds.ts). */
  bounds: DownloadBounds;
  words: RangeWords;
  /** Called after every write with the bytes this call wrote so far and the connections open. */
  onWritten: (bytes: number, connections: number) => void;
}

/**
 * Fetches every piece the book has open over up to `governor.connections` parallel connections, each piece one
 * bounded Range request whose bytes are written where they belong (positional writes) before they are counted.
 * Memory stays bounded: each connection holds one chunk at a time. The first failure stops every connection and is
 * thrown; the book then says exactly which bytes are on disk, so the next attempt fetches none of them again.
 */
export async function fetchRanges(options: SegmentedFetchOptions): Promise<void> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const workers = new Set<Promise<void>>();
  let written = 0;
  let failure: unknown = null;

  const fetchPiece = async (piece: Piece): Promise<void> => {
    const from = piece.start + piece.done;
    const to = piece.end - 1;
    const response = await request(options.url, {
      dispatcher: options.agents.dispatcherFor(options.url),
      method: 'GET',
      headers: { ...options.headers, range: `bytes=${from}-${to}` },
      signal,
      maxRedirections: 0,
      headersTimeout: options.bounds.idleTimeoutMs,
      bodyTimeout: 0,
    }).catch((error: unknown) => {
      // A connection the server closed before answering is the same cut as one closed mid-body (undici: "other side closed").
      if ((error as { code?: string }).code === 'UND_ERR_SOCKET' && !signal.aborted) throw new AttemptError(options.words.cut(), true);
      throw error;
    });
    const range = parseContentRange(response.headers['content-range']);
    if (response.statusCode !== 206 || !range || range.start !== from || range.end !== to) {
      await discardBody(response);
      if (response.statusCode === 206 || response.statusCode === 200) throw new AttemptError(options.words.badRange(), false, response.statusCode);
      const retryable = response.statusCode >= 500 || response.statusCode === 429 || response.statusCode === 408;
      throw new AttemptError(options.words.serverAnswered(response.statusCode), retryable, response.statusCode);
    }
    const watch = watchBody(response.body, options.bounds, options.words);
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        watch.received(chunk.length);
        // Never past the piece: a server sending more than asked must not overwrite the next piece, nor be read on.
        if (piece.done + chunk.length > piece.end - piece.start) throw new BoundExceeded(options.words.moreThanAsked(piece.end - from));
        await options.part.write(chunk, 0, chunk.length, piece.start + piece.done);
        options.book.written(piece, chunk.length);
        written += chunk.length;
        options.onWritten(written, workers.size);
      }
    } catch (error) {
      if (error instanceof AttemptError || (error as NodeJS.ErrnoException).code === 'ENOSPC') throw error;
      throw new AttemptError(options.words.cut(), true);
    } finally {
      watch.stop();
    }
    if (piece.done < piece.end - piece.start) throw new AttemptError(options.words.cut(), true);
  };

  const worker = async (): Promise<void> => {
    for (;;) {
      if (failure || signal.aborted || workers.size > options.governor.sample(options.book.bytesDone)) return;
      const piece = options.book.claim(options.governor.connections);
      if (!piece) return;
      try {
        await fetchPiece(piece);
      } finally {
        options.book.release(piece);
      }
    }
  };

  const start = () => {
    const running = worker().catch((error: unknown) => {
      failure ??= error;
      stop.abort();
    });
    workers.add(running);
    void running.finally(() => workers.delete(running));
  };

  // The governor's count can grow while pieces are fetched: a watcher adds workers up to it.
  const watch = setInterval(() => {
    const wanted = options.governor.sample(options.book.bytesDone);
    while (!failure && !signal.aborted && workers.size < wanted && !options.book.complete) start();
  }, 100);
  try {
    for (let index = 0; index < options.governor.connections; index++) start();
    while (workers.size > 0) await Promise.race(workers);
  } finally {
    clearInterval(watch);
  }
  if (failure) throw failure;
  if (options.signal?.aborted) throw new AttemptError(options.words.cut(), true);
}
