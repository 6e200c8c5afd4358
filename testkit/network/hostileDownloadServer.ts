import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * What a hostile (or broken) download server does with a GET:
 * - endless: 200 without a length, 64 KiB chunks for ever;
 * - claimsTebibyte: 206 `Content-Range: bytes 0-1048575/1099511627776` (a 1 TiB file), then that first MiB;
 * - claimsLength: 200 with `Content-Length` = `claimed`, a few bytes, then silence;
 * - drip: 200 with `Content-Length` = 1 MB, one byte every `dripMs`;
 * - pastRange: 206 `Content-Range: bytes 0-1048575/<total>` without a length (chunked), then bytes for ever;
 * - overLength: `Content-Length: 1000` on the wire, then `over` bytes (raw socket: no HTTP stack trims it);
 * - dripRedirect: 302 to `/file` with a body that drips for ever; `/file` serves `file`.
 */
export type HostileMode = 'endless' | 'claimsTebibyte' | 'claimsLength' | 'drip' | 'pastRange' | 'overLength' | 'dripRedirect';

export interface HostileServerOptions {
  claimed?: number;
  total?: number;
  dripMs?: number;
  over?: Buffer;
  file?: Buffer;
}

export interface HostileServer {
  url: string;
  /** Body bytes the server pushed into its sockets. */
  bytesSent(): number;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 << 10, 0x61);

/** A loopback server (127.0.0.1) that answers every download request in `mode`; every timer stops with its socket. */
export async function startHostileServer(mode: HostileMode, options: HostileServerOptions = {}): Promise<HostileServer> {
  let sent = 0;
  const timers = new Set<NodeJS.Timeout>();
  const every = (ms: number, socket: net.Socket, tick: () => void) => {
    const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : tick()), ms);
    timers.add(timer);
    socket.once('close', () => clearInterval(timer));
  };
  const push = (response: http.ServerResponse, chunk: Buffer) => {
    sent += chunk.length;
    return response.write(chunk);
  };
  const forever = (response: http.ServerResponse) => {
    const pump = () => {
      while (!response.destroyed && push(response, CHUNK));
    };
    response.on('drain', pump);
    pump();
  };

  const handler: http.RequestListener = (request, response) => {
    response.socket?.on('error', () => undefined);
    if (mode === 'endless') {
      response.writeHead(200);
      return forever(response);
    }
    if (mode === 'claimsTebibyte') {
      response.writeHead(206, { 'Content-Range': 'bytes 0-1048575/1099511627776', 'Content-Length': 1 << 20 });
      push(response, Buffer.alloc(1 << 20, 0x62));
      return void response.end();
    }
    if (mode === 'claimsLength') {
      response.writeHead(200, { 'Content-Length': options.claimed ?? 10 * 2 ** 30 });
      push(response, CHUNK.subarray(0, 1000));
      return;
    }
    if (mode === 'drip') {
      response.writeHead(200, { 'Content-Length': 1_000_000 });
      return every(options.dripMs ?? 200, response.socket!, () => push(response, CHUNK.subarray(0, 1)));
    }
    if (mode === 'pastRange') {
      response.writeHead(206, { 'Content-Range': `bytes 0-1048575/${options.total ?? 2_000_000}` });
      return forever(response);
    }
    if (mode === 'dripRedirect') {
      if (request.url === '/file') return void response.writeHead(200, { 'Content-Length': options.file!.length }).end(options.file);
      response.writeHead(302, { Location: '/file' });
      return every(options.dripMs ?? 200, response.socket!, () => push(response, CHUNK.subarray(0, 1)));
    }
  };

  const sockets = new Set<net.Socket>();
  const server =
    mode === 'overLength'
      ? net.createServer((socket) => {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.once('data', () => {
            socket.write('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n');
            sent += options.over!.length;
            socket.end(options.over!);
          });
        })
      : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bytesSent: () => sent,
    async close() {
      for (const timer of timers) clearInterval(timer);
      if (server instanceof http.Server) server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
