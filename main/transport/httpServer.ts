import { randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { HandlerTable } from '../../shared/ipc/contract.js';
import { dispatch } from './dispatch.js';
import type { ProgressHub } from './progressHub.js';
import { SECURITY_HEADERS } from './contentSecurityPolicy.js';
import { readStaticFile } from './staticFiles.js';
import { parseRequestTarget, type RequestTarget } from './requestTarget.js';
import { allowedHosts, hostWithPort, isTrustedSource, isWildcard } from './hostPolicy.js';
import { guarded, type ServeLog } from './listenerGuard.js';
import { createEventsSockets } from './eventsSocket.js';

export interface ServeOptions {
  host: string;
  port: number;
  handlers: HandlerTable;
  progress: ProgressHub;
  staticDir: string;
  /** Fixed token for tests; otherwise a fresh random one per start. */
  token?: string;
  /** How long a client may take to send its request headers (default 10 s; shorter in tests). */
  headersTimeoutMs?: number;
  /** Where unexpected errors are written (never a request's text); stderr by default. */
  log?: ServeLog;
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
// A browser opens about six connections per host; the cap keeps a flood below the process's file limit.
const MAX_CONNECTIONS = 256;

const BAD_TARGET = 'Bad request: this address is not one DL Setup serves.';
const FORBIDDEN = 'Forbidden: this DL Setup server only answers its own page.';
const UNAUTHORIZED = 'Unauthorized: open the URL that `dlsetup serve` printed; it carries the access token.';

function sameSecret(given: string | null | undefined, expected: string): boolean {
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

function send(response: ServerResponse, status: number, body: string | Buffer, contentType = 'text/plain; charset=utf-8', extra: Record<string, string> = {}): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': contentType, 'Cache-Control': 'no-store', ...extra });
  response.end(body);
}

/** The body as text, null when it exceeds the cap; throws when the client goes away mid-body. */
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

/** Answers a raw socket (upgrade refusals, parser errors) with a bodiless status line, then closes it. */
function refuseSocket(socket: Duplex, status: number): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

function clientErrorStatus(error: NodeJS.ErrnoException): number {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 431;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * `dlsetup serve`: the renderer and the contract over loopback HTTP + WebSocket (docs/design.md §1, §5).
 * A target that is not a plain path of this server is a 400 before anything else; then a foreign Host or Origin is
 * refused, then every request needs the token (URL query once, then an HttpOnly cookie, or a Bearer header).
 * No request ends the process: every listener is guarded (issue 15).
 */
export async function startHttpServer(options: ServeOptions): Promise<RunningServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const log: ServeLog = options.log ?? ((line) => process.stderr.write(line));
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  let hosts = new Set<string>();

  const authorised = (request: IncomingMessage, target: RequestTarget): boolean =>
    sameSecret(target.query.get('token'), token) || sameSecret(cookieToken(request), token) || sameSecret(bearerToken(request), token);
  const trusted = (request: IncomingMessage): boolean => isTrustedSource(request.headers.host, request.headers.origin, hosts);

  async function answerApi(request: IncomingMessage, response: ServerResponse, channel: string): Promise<void> {
    if (request.method !== 'POST') return send(response, 405, 'Use POST.', undefined, { Allow: 'POST' });
    if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return send(response, 413, 'Request too large.', undefined, { Connection: 'close' });
    let body: string | null;
    try {
      body = await readBody(request);
    } catch {
      // The client went away mid-body: there is no one left to answer.
      return void response.destroy();
    }
    if (body === null) return send(response, 413, 'Request too large.', undefined, { Connection: 'close' });
    let arg: unknown;
    try {
      arg = body ? (JSON.parse(body) as { arg?: unknown }).arg : undefined;
    } catch {
      return send(response, 400, 'Request body is not JSON.');
    }
    const result = await dispatch(options.handlers, channel, arg);
    return send(response, 200, JSON.stringify(result), 'application/json; charset=utf-8');
  }

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    request.on('error', () => undefined);
    response.on('error', () => undefined);
    const target = parseRequestTarget(request.url);
    if (!target) return send(response, 400, BAD_TARGET, undefined, { Connection: 'close' });
    if (!trusted(request)) return send(response, 403, FORBIDDEN);
    if (!authorised(request, target)) return send(response, 401, UNAUTHORIZED);
    if (target.path.startsWith(API_PREFIX)) return answerApi(request, response, target.path.slice(API_PREFIX.length));
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'Method not allowed.');
    if (target.query.has('token')) {
      // Trade the URL token for a cookie and drop it from the address bar and history.
      target.query.delete('token');
      const search = target.query.size ? `?${target.query.toString()}` : '';
      const cookie = `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
      return send(response, 302, '', undefined, { Location: target.pathname + search, 'Set-Cookie': cookie });
    }
    const file = await readStaticFile(options.staticDir, target.pathname);
    if (!file) return send(response, 404, 'Not found. Was the renderer built? Run `npm run build`.');
    return send(response, 200, request.method === 'HEAD' ? '' : file.body, file.contentType);
  }

  const server = http.createServer({ headersTimeout, requestTimeout: Math.max(60_000, headersTimeout), connectionsCheckingInterval: Math.min(1_000, headersTimeout) });
  server.maxConnections = MAX_CONNECTIONS;
  server.on(
    'request',
    guarded(log, 'request', answer, (_request: IncomingMessage, response: ServerResponse) => {
      if (response.headersSent) response.destroy();
      else send(response, 500, 'DL Setup hit an unexpected problem with this request; the server keeps running.', undefined, { Connection: 'close' });
    }),
  );

  const events = createEventsSockets(options.progress, log);
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => undefined);
    const target = parseRequestTarget(request.url);
    const status = !target ? 400 : target.path !== EVENTS_PATH ? 404 : !trusted(request) ? 403 : !authorised(request, target) ? 401 : 0;
    if (status) return refuseSocket(socket, status);
    events.accept(request, socket, head);
  };
  server.on('upgrade', guarded(log, 'upgrade', upgrade, (_request: IncomingMessage, socket: Duplex) => socket.destroy()));
  // Replaces Node's default answer to unparseable requests with the same statuses, under the guard.
  server.on(
    'clientError',
    guarded(
      log,
      'client error',
      (error: NodeJS.ErrnoException, socket: Socket) => {
        if (socket.bytesWritten === 0) return refuseSocket(socket, clientErrorStatus(error));
        socket.destroy();
      },
      (_error: NodeJS.ErrnoException, socket: Socket) => socket.destroy(),
    ),
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After listening, an error (EMFILE on accept) is logged; it must not end the process.
  server.on('error', (error) => log(`dlsetup serve: server error: ${error.message}\n`));
  const { port } = server.address() as AddressInfo;
  hosts = allowedHosts(options.host, port);
  const origin = `http://${isWildcard(options.host) ? '127.0.0.1' : hostWithPort(options.host, port).replace(/:\d+$/, '')}:${port}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        events.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
