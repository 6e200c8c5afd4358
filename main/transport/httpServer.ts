import { randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { HandlerTable } from '../../shared/ipc/contract.js';
import { dispatch } from './dispatch.js';
import type { ProgressHub } from './progressHub.js';
import { SECURITY_HEADERS } from './contentSecurityPolicy.js';
import { readStaticFile } from './staticFiles.js';
import { parseRequestTarget } from './requestTarget.js';
import { allowedHosts, hostWithPort, isTrustedSource, isWildcard } from './hostPolicy.js';
import { guarded, type ServeLog } from './listenerGuard.js';
import { createEventsSockets } from './eventsSocket.js';
import { limitConnections } from './connectionBudget.js';
import { TOKEN_FRAGMENT_PARAM, TOKEN_PROTOCOL_PREFIX } from '../../shared/ipc/serveCredential.js';

export interface ServeOptions {
  host: string;
  port: number;
  handlers: HandlerTable;
  progress: ProgressHub;
  staticDir: string;
  /** Fixed token for tests; otherwise a fresh random one per start. */
  token?: string;
  /** How long a connection may take to send a complete request head (default 5 s; shorter in tests). */
  headersTimeoutMs?: number;
  /** The most connections held at once (default 256; smaller in tests). */
  maxConnections?: number;
  /** Where unexpected errors are written (never a request's text); stderr by default. */
  log?: ServeLog;
}

export interface RunningServer {
  url: string;
  origin: string;
  token: string;
  port: number;
  /** Settles at the first request that presents the token: the browser has the URL, so a copy of it can go. */
  firstAuthorised: Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Everything under it needs the token; the rest is the renderer's public bundle. */
const API_ROOT = '/api/';
const API_PREFIX = '/api/invoke/';
const EVENTS_PATH = '/api/events';
// A browser opens about six connections per host; the cap keeps a flood below the process's file limit.
const MAX_CONNECTIONS = 256;
const DEFAULT_HEAD_TIMEOUT_MS = 5_000;

const BAD_TARGET = 'Bad request: this address is not one DL Setup serves.';
const FORBIDDEN = 'Forbidden: this DL Setup server only answers its own page.';
const UNAUTHORIZED = 'Unauthorized: open the URL that `dlsetup serve` printed; it carries the access token.';

function sameSecret(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearerToken(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

/** The token a browser's WebSocket offers as a subprotocol (it cannot set an Authorization header there). */
function subprotocolTokens(request: IncomingMessage): string[] {
  const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((protocol) => protocol.trim());
  return offered.filter((protocol) => protocol.startsWith(TOKEN_PROTOCOL_PREFIX)).map((protocol) => protocol.slice(TOKEN_PROTOCOL_PREFIX.length));
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
 * refused. The renderer's files are public; everything under /api/ needs the token, and only from what the wizard's own
 * script sends: a Bearer header, or on the events socket an offered subprotocol. Never a cookie or the URL (issue 27):
 * a browser sends a host's cookies to all of its ports. No request ends the process: every listener is guarded (issue 15).
 */
export async function startHttpServer(options: ServeOptions): Promise<RunningServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const log: ServeLog = options.log ?? ((line) => process.stderr.write(line));
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEAD_TIMEOUT_MS;
  let hosts = new Set<string>();

  const authorised = (request: IncomingMessage): boolean => sameSecret(bearerToken(request), token);
  const authorisedSocket = (request: IncomingMessage): boolean =>
    authorised(request) || subprotocolTokens(request).some((offered) => sameSecret(offered, token));
  const trusted = (request: IncomingMessage): boolean => isTrustedSource(request.headers.host, request.headers.origin, hosts);
  let markAuthorised: () => void = () => undefined;
  const firstAuthorised = new Promise<void>((resolve) => (markAuthorised = resolve));
  const admit = (socket: Socket): void => {
    connections.authorise(socket);
    markAuthorised();
  };

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
    connections.started(request.socket);
    response.once('close', () => connections.ended(request.socket));
    const target = parseRequestTarget(request.url);
    // A refused request closes its connection, so a client without the token holds no slot beyond its answer.
    if (!target) return send(response, 400, BAD_TARGET, undefined, { Connection: 'close' });
    if (!trusted(request)) return send(response, 403, FORBIDDEN, undefined, { Connection: 'close' });
    if (target.path.startsWith(API_ROOT)) {
      if (!authorised(request)) return send(response, 401, UNAUTHORIZED, undefined, { Connection: 'close' });
      admit(request.socket);
      if (!target.path.startsWith(API_PREFIX)) return send(response, 404, 'Not found.');
      return answerApi(request, response, target.path.slice(API_PREFIX.length));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'Method not allowed.');
    const file = await readStaticFile(options.staticDir, target.pathname);
    if (!file) return send(response, 404, 'Not found. Was the renderer built? Run `npm run build`.');
    return send(response, 200, request.method === 'HEAD' ? '' : file.body, file.contentType);
  }

  const server = http.createServer({ headersTimeout, requestTimeout: Math.max(60_000, headersTimeout), connectionsCheckingInterval: Math.min(1_000, headersTimeout) });
  const connections = limitConnections(server, options.maxConnections ?? MAX_CONNECTIONS, headersTimeout);
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
    connections.started(socket as Socket);
    const target = parseRequestTarget(request.url);
    const status = !target ? 400 : target.path !== EVENTS_PATH ? 404 : !trusted(request) ? 403 : !authorisedSocket(request) ? 401 : 0;
    if (status) return refuseSocket(socket, status);
    admit(socket as Socket);
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
    // The fragment reaches the page's script but no server, log or Referer; the script keeps it in sessionStorage.
    url: `${origin}/#${TOKEN_FRAGMENT_PARAM}=${token}`,
    origin,
    token,
    port,
    firstAuthorised,
    close: () =>
      new Promise<void>((resolve) => {
        events.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
