import { closeSync, openSync, readSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** A file the server serves: bytes in memory (tests) or a file on disk (the bench's 1 GB wheel), read piece by piece. */
export type ServedFile = { data: Buffer } | { path: string; size: number };

export interface CappedServerOptions {
  /** Bytes per second one connection may carry (a mirror's per-connection cap); null: no cap. */
  perConnection?: number | null;
  /** Bytes per second all connections together may carry (the link, or the server's total); null: no cap. */
  total?: number | null;
  /** PEP 503 pages: project name → URL paths of its files (each link carries the file's sha256). */
  simple?: Record<string, { urlPath: string; sha256: string }[]>;
}

/** What the server does with Range: split (206 + Content-Range), ignore it (200, whole file), or send a 206 without Content-Range. */
export type RangeMode = 'ranges' | 'ignore' | 'no-content-range';

export interface CappedServer {
  url: string;
  rangeMode: RangeMode;
  /** Every data request: path and Range header. */
  requests: { path: string; range: string | null }[];
  /** Bytes written into sockets (file bodies only). */
  bytesServed(): number;
  /** Bytes of a file sent more than once (overlapping ranges served), per URL path, summed. */
  bytesServedTwice(): number;
  /** Most responses streaming at the same moment. */
  peakConnections(): number;
  /** Once this many body bytes are sent in total, every connection is cut (once); null: never. */
  cutAfter: number | null;
  /** Forget what was sent (counts, ranges, peak): the next measurement starts from zero. */
  resetCounts(): void;
  put(urlPath: string, file: ServedFile): void;
  close(): Promise<void>;
}

const TICK_MS = 10;
const CHUNK = 64 << 10;

interface Stream {
  response: http.ServerResponse;
  fd: number | Buffer;
  urlPath: string;
  at: number;
  end: number;
  tokens: number;
  waiting: boolean;
}

function sizeOf(file: ServedFile): number {
  return 'data' in file ? file.data.length : file.size;
}

/**
 * A loopback file server that caps each connection and all of them together with token buckets refilled every 10 ms,
 * as a mirror that limits each connection (and a link that limits the total) does. Serves byte ranges, and records
 * which bytes it sent so a test can tell how many were sent twice.
 */
export async function startCappedServer(files: Record<string, ServedFile>, options: CappedServerOptions = {}): Promise<CappedServer> {
  const served = new Map(Object.entries(files));
  const sent = new Map<string, [number, number][]>();
  const streams = new Set<Stream>();
  let bytes = 0;
  let peak = 0;
  let globalTokens = 0;
  let last = performance.now();
  let cutDone = false;

  const finish = (stream: Stream) => {
    streams.delete(stream);
    if (typeof stream.fd === 'number') closeSync(stream.fd);
  };
  const record = (urlPath: string, from: number, to: number) => {
    const list = sent.get(urlPath) ?? [];
    const tail = list.at(-1);
    if (tail && tail[1] === from) tail[1] = to;
    else list.push([from, to]);
    sent.set(urlPath, list);
  };

  const pump = () => {
    const now = performance.now();
    const dt = Math.min(100, now - last) / 1000;
    last = now;
    if (options.total) globalTokens = Math.min(options.total * 0.05, globalTokens + options.total * dt);
    for (const stream of streams) {
      if (options.perConnection) stream.tokens = Math.min(options.perConnection * 0.05, stream.tokens + options.perConnection * dt);
      while (stream.at < stream.end && !stream.waiting) {
        let allowed = Math.min(CHUNK, stream.end - stream.at);
        if (options.perConnection) allowed = Math.min(allowed, Math.floor(stream.tokens));
        if (options.total) allowed = Math.min(allowed, Math.floor(globalTokens));
        if (allowed <= 0) break;
        const chunk = Buffer.allocUnsafe(allowed);
        if (typeof stream.fd === 'number') readSync(stream.fd, chunk, 0, allowed, stream.at);
        else stream.fd.copy(chunk, 0, stream.at, stream.at + allowed);
        record(stream.urlPath, stream.at, stream.at + allowed);
        stream.at += allowed;
        stream.tokens -= allowed;
        globalTokens -= allowed;
        bytes += allowed;
        const more = stream.response.write(chunk);
        if (!more) {
          stream.waiting = true;
          stream.response.once('drain', () => {
            stream.waiting = false;
            // Refills are time-based, so pumping on every drain keeps the caps and lets an uncapped server run at socket speed.
            setImmediate(pump);
          });
        }
      }
      if (stream.at >= stream.end) {
        stream.response.end();
        finish(stream);
      }
    }
    if (server.cutAfter !== null && !cutDone && bytes >= server.cutAfter) {
      cutDone = true;
      for (const stream of [...streams]) {
        stream.response.socket?.destroy();
        finish(stream);
      }
    }
  };
  const timer = setInterval(pump, TICK_MS);

  const http1 = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const project = /^\/simple\/([^/]+)\/?$/.exec(url.pathname)?.[1];
    if (project && options.simple?.[project]) {
      const links = options.simple[project]!.map((file) => `<a href="${file.urlPath}#sha256=${file.sha256}">${path.basename(file.urlPath)}</a>`);
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(`<!DOCTYPE html><html><body>${links.join('<br/>')}</body></html>`);
      return;
    }
    const file = served.get(url.pathname);
    if (!file) {
      response.writeHead(404);
      response.end('not found');
      return;
    }
    const range = request.headers.range ?? null;
    server.requests.push({ path: url.pathname, range });
    const size = sizeOf(file);
    const match = /^bytes=(\d+)-(\d*)$/.exec(range ?? '');
    let [from, to] = [0, size];
    if (match && server.rangeMode !== 'ignore') {
      from = Number(match[1]);
      to = match[2] ? Math.min(size, Number(match[2]) + 1) : size;
      if (from >= size) {
        response.writeHead(416, { 'Content-Range': `bytes */${size}` });
        response.end();
        return;
      }
      const contentRange = server.rangeMode === 'ranges' ? { 'Content-Range': `bytes ${from}-${to - 1}/${size}` } : {};
      response.writeHead(206, { 'Content-Length': to - from, 'Accept-Ranges': 'bytes', ...contentRange });
    } else response.writeHead(200, { 'Content-Length': size, ...(server.rangeMode === 'ranges' ? { 'Accept-Ranges': 'bytes' } : {}) });
    const stream: Stream = { response, fd: 'data' in file ? file.data : openSync(file.path, 'r'), urlPath: url.pathname, at: from, end: to, tokens: 0, waiting: false };
    streams.add(stream);
    peak = Math.max(peak, streams.size);
    response.on('close', () => streams.has(stream) && finish(stream));
  });

  await new Promise<void>((resolve) => http1.listen(0, '127.0.0.1', resolve));
  const server: CappedServer = {
    url: `http://127.0.0.1:${(http1.address() as AddressInfo).port}`,
    rangeMode: 'ranges',
    requests: [],
    bytesServed: () => bytes,
    bytesServedTwice: () => {
      let twice = 0;
      for (const list of sent.values()) {
        const sorted = [...list].sort((a, b) => a[0] - b[0]);
        let reach = 0;
        for (const [from, to] of sorted) {
          twice += Math.max(0, Math.min(to, reach) - from);
          reach = Math.max(reach, to);
        }
      }
      return twice;
    },
    peakConnections: () => peak,
    cutAfter: null,
    resetCounts: () => {
      sent.clear();
      bytes = 0;
      peak = streams.size;
      server.requests.length = 0;
      cutDone = false;
    },
    put: (urlPath, file) => served.set(urlPath, file),
    close: async () => {
      clearInterval(timer);
      for (const stream of [...streams]) finish(stream);
      http1.closeAllConnections();
      await new Promise<void>((resolve) => http1.close(() => resolve()));
    },
  };
  return server;
}
