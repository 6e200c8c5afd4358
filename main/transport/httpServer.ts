import { randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { HandlerTable } from '../../shared/ipc/contract.js';
import { dispatch } from './dispatch.js';
import type { ProgressHub } from './progressHub.js';
import { SECURITY_HEADERS } from './contentSecurityPolicy.js';
import { readStaticFile } from './staticFiles.js';

export interface ServeOptions {
  host: string;
  port: number;
  handlers: HandlerTable;
  progress: ProgressHub;
  staticDir: string;
  /** Fixed token for tests; otherwise a fresh random one per start. */
  token?: string;
}

export interface RunningServer {
  url: string;
  origin: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

const TOKEN_COOKIE = 'dlsetup_token';
const MAX_BODY_BYTES = 32 * 1024 * 1024;
const API_PREFIX = '/api/invoke/';
const EVENTS_PATH = '/api/events';

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieToken(request: IncomingMessage): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return value.join('=');
  }
  return undefined;
}

function bearerToken(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

function send(response: ServerResponse, status: number, body: string, contentType = 'text/plain; charset=utf-8', extra: Record<string, string> = {}): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': contentType, 'Cache-Control': 'no-store', ...extra });
  response.end(body);
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `dlsetup serve`: the renderer and the contract over loopback HTTP + WebSocket (docs/design.md §1, §5).
 * Every request needs the token (URL query once, then an HttpOnly cookie, or a Bearer header); a foreign Origin or Host is refused.
 */
export async function startHttpServer(options: ServeOptions): Promise<RunningServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  let allowedHosts = new Set<string>();

  const authorised = (request: IncomingMessage, url: URL): boolean =>
    sameSecret(url.searchParams.get('token') ?? undefined, token) || sameSecret(cookieToken(request), token) || sameSecret(bearerToken(request), token);

  // Refuse other sites (Origin) and DNS-rebinding (Host): only the addresses this server answers on.
  // A wildcard bind (--host 0.0.0.0) is reached by any of the machine's names, so the Origin must then match the Host.
  const wildcard = options.host === '0.0.0.0' || options.host === '::';
  const trustedSource = (request: IncomingMessage): boolean => {
    const host = request.headers.host ?? '';
    if (!wildcard && !allowedHosts.has(host)) return false;
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    try {
      const parsed = new URL(origin);
      return parsed.protocol === 'http:' && (wildcard ? parsed.host === host : allowedHosts.has(parsed.host));
    } catch {
      return false;
    }
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://placeholder');
    if (!trustedSource(request)) return send(response, 403, 'Forbidden: this DL Setup server only answers its own page.');
    if (!authorised(request, url)) {
      return send(response, 401, 'Unauthorized: open the URL that `dlsetup serve` printed; it carries the access token.');
    }
    if (url.pathname.startsWith(API_PREFIX)) {
      if (request.method !== 'POST') return send(response, 405, 'Use POST.', undefined, { Allow: 'POST' });
      const body = await readBody(request);
      if (body === null) return send(response, 413, 'Request too large.');
      let arg: unknown;
      try {
        arg = body ? (JSON.parse(body) as { arg?: unknown }).arg : undefined;
      } catch {
        return send(response, 400, 'Request body is not JSON.');
      }
      const result = await dispatch(options.handlers, decodeURIComponent(url.pathname.slice(API_PREFIX.length)), arg);
      return send(response, 200, JSON.stringify(result), 'application/json; charset=utf-8');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'Method not allowed.');
    if (url.searchParams.has('token')) {
      // Trade the URL token for a cookie and drop it from the address bar and history.
      url.searchParams.delete('token');
      const cookie = `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
      return send(response, 302, '', undefined, { Location: url.pathname + url.search, 'Set-Cookie': cookie });
    }
    const file = await readStaticFile(options.staticDir, url.pathname);
    if (!file) return send(response, 404, 'Not found. Was the renderer built? Run `npm run build`.');
    return send(response, 200, request.method === 'HEAD' ? '' : (file.body as unknown as string), file.contentType);
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://placeholder');
    const status = url.pathname !== EVENTS_PATH ? 404 : !trustedSource(request) ? 403 : !authorised(request, url) ? 401 : 0;
    if (status) {
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client: WebSocket) => {
      const unsubscribe = options.progress.subscribe((event) => client.send(JSON.stringify(event)));
      client.on('close', unsubscribe);
      client.on('error', unsubscribe);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const displayHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  allowedHosts = new Set([`${displayHost}:${port}`, `127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  const origin = `http://${displayHost === '0.0.0.0' || displayHost === '[::]' ? '127.0.0.1' : displayHost}:${port}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
