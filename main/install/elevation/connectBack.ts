/**
 * The connect-back transport of the elevated helper (docs/design.md §5). A process elevated through Windows UAC cannot
 * inherit pipes, so the unelevated app listens on a loopback port with a one-time random token, starts the helper
 * with that address and token as arguments, and the helper connects back and sends the token before anything else.
 * After that the socket carries the very same JSON lines as the helper's stdin/stdout do under pkexec/sudo.
 *
 * What the token guards: another user or a sandboxed process connecting to the loopback port in place of the helper.
 * The helper only ever connects to the loopback address it was given, so no one but the app sends it descriptors.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { errorText } from '../../../shared/errorText.js';

export const CONNECT_FLAG = '--dlsetup-connect';
export const TOKEN_FLAG = '--dlsetup-token';

/** The helper's first line on the socket; the app answers nothing until the token matches. */
export interface HelperAuth {
  type: 'auth';
  token: string;
}

export interface ConnectBackTarget {
  host: '127.0.0.1';
  port: number;
  token: string;
}

const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
/** A client gets this long to authenticate, and this many bytes, before it is dropped. */
const AUTH_TIMEOUT_MS = 10_000;
const AUTH_MAX_BYTES = 1024;

/** The arguments that tell the helper where to connect back. */
export function connectBackArgs(port: number, token: string): string[] {
  return [`${CONNECT_FLAG}=127.0.0.1:${port}`, `${TOKEN_FLAG}=${token}`];
}

/**
 * Reads the connect-back flags from the helper's argv; null when there are none (stdin/stdout mode).
 * Anything malformed is refused: an elevated helper connects to nothing but a loopback port of this machine.
 */
export function parseConnectBackArgs(argv: readonly string[]): ConnectBackTarget | null {
  const value = (flag: string) => argv.find((arg) => arg.startsWith(`${flag}=`))?.slice(flag.length + 1);
  const address = value(CONNECT_FLAG);
  const token = value(TOKEN_FLAG);
  if (address === undefined && token === undefined) return null;
  const match = /^127\.0\.0\.1:(\d{1,5})$/.exec(address ?? '');
  const port = match ? Number(match[1]) : NaN;
  if (!(port >= 1 && port <= 65535)) throw errorText.error('INVALID_ARGUMENT', 'helper.badConnectFlag', { flag: CONNECT_FLAG });
  if (!token || !TOKEN_PATTERN.test(token)) throw errorText.error('INVALID_ARGUMENT', 'helper.badTokenFlag', { flag: TOKEN_FLAG });
  return { host: '127.0.0.1', port, token };
}

function tokensMatch(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export interface HelperListener {
  readonly port: number;
  readonly token: string;
  /** The first connection that sent the right token; wrong ones are dropped and listening goes on. */
  readonly accepted: Promise<net.Socket>;
  /** Stops listening (the accepted socket, if any, stays open). */
  close(): void;
}

/** Listens on 127.0.0.1 (a free port) for the one helper that knows the fresh token; stops listening once it came. */
export async function listenForHelper(): Promise<HelperListener> {
  const token = randomBytes(32).toString('hex');
  const server = net.createServer({ allowHalfOpen: false });
  let settle!: (socket: net.Socket) => void;
  let fail!: (error: Error) => void;
  const accepted = new Promise<net.Socket>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  accepted.catch(() => undefined);
  let done = false;
  const close = () => {
    if (!done) fail(errorText.error('ELEVATION_DENIED', 'helper.noConnectBack'));
    done = true;
    server.close();
  };

  server.on('connection', (socket) => {
    if (done) {
      socket.destroy();
      return;
    }
    let buffered = Buffer.alloc(0);
    const drop = () => socket.destroy();
    const timer = setTimeout(drop, AUTH_TIMEOUT_MS);
    socket.on('error', () => undefined);
    socket.on('close', () => clearTimeout(timer));
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const newline = buffered.indexOf(0x0a);
      if (newline < 0) {
        if (buffered.length > AUTH_MAX_BYTES) drop();
        return;
      }
      socket.off('data', onData);
      socket.pause();
      clearTimeout(timer);
      let auth: Partial<HelperAuth> | null = null;
      try {
        auth = JSON.parse(buffered.subarray(0, newline).toString('utf8')) as Partial<HelperAuth>;
      } catch {
        // Not JSON: dropped below like a wrong token.
      }
      if (done || auth?.type !== 'auth' || !tokensMatch(token, auth.token)) {
        drop();
        return;
      }
      done = true;
      server.close();
      // Whatever followed the auth line belongs to the JSON-line stream.
      const rest = buffered.subarray(newline + 1);
      if (rest.length) socket.unshift(rest);
      settle(socket);
    };
    socket.on('data', onData);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;
  return { port, token, accepted, close };
}

/** Helper side: connects to the app's loopback port and authenticates; the socket then carries the JSON lines. */
export function connectToApp(target: ConnectBackTarget): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    // Half-open: after the app says goodbye the helper may still report steps that are finishing.
    const socket = net.connect({ host: target.host, port: target.port, allowHalfOpen: true });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      const auth: HelperAuth = { type: 'auth', token: target.token };
      socket.write(`${JSON.stringify(auth)}\n`);
      resolve(socket);
    });
  });
}
