import type { ArgOf, Channel, DlsetupApi } from '../../shared/ipc/contract.js';
import type { PushEvent } from '../../shared/ipc/pushEvent.js';
import type { Result } from '../../shared/result.js';
import { readAppError } from '../../shared/schema/appErrorSchema.js';
import { EVENTS_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../shared/ipc/serveCredential.js';

/**
 * The `dlsetup serve` transport: invokes over HTTP POST, progress over one WebSocket. The token travels only in what
 * this script sets (a Bearer header; on the WebSocket an offered subprotocol), never in a cookie, which the browser
 * would also send to every other port of this host. `onRefused` hears when the server no longer knows the token.
 */
export function createHttpApi(token: string, onRefused: () => void = () => undefined, origin: string = window.location.origin) {
  let refused = false;

  async function invoke<C extends Channel>(channel: C, arg: ArgOf<C>): Promise<Result<never>> {
    try {
      const response = await fetch(`${origin}/api/invoke/${encodeURIComponent(channel)}`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ arg }),
      });
      if (response.status === 401) {
        // A restarted server has a new token: stop retrying this one (the events socket too).
        refused = true;
        onRefused();
      }
      if (!response.ok) {
        const code = response.status === 401 || response.status === 403 ? 'UNAUTHORIZED' : 'NETWORK';
        return { ok: false, error: { code, message: await response.text() } };
      }
      const body = (await response.json()) as Result<never>;
      // The error half is checked (code, key shape, bounded params) before any screen says it; values are the screen's to check.
      return body && typeof body === 'object' && body.ok === false ? { ok: false, error: readAppError(body.error) } : body;
    } catch (thrown) {
      return { ok: false, error: { code: 'NETWORK', message: 'Lost the connection to DL Setup. Is `dlsetup serve` still running?', detail: String(thrown) } };
    }
  }

  const listeners = new Set<(event: PushEvent) => void>();
  let socket: WebSocket | null = null;
  let retryMs = 500;

  function connect(): void {
    if (refused) return;
    const url = new URL('/api/events', origin);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(url, [EVENTS_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`]);
    socket.onopen = () => {
      retryMs = 500;
    };
    socket.onmessage = (message) => {
      const event = JSON.parse(String(message.data)) as PushEvent;
      for (const listener of listeners) listener(event);
    };
    socket.onclose = () => {
      socket = null;
      // Reconnect while someone listens, so a restarted server or a dropped tunnel heals by itself.
      if (listeners.size > 0) setTimeout(connect, (retryMs = Math.min(retryMs * 2, 8000)));
    };
  }

  return {
    'app:info': (arg) => invoke('app:info', arg),
    'detect:run': (arg) => invoke('detect:run', arg),
    'plan:resolve': (arg) => invoke('plan:resolve', arg),
    'plan:versions': (arg) => invoke('plan:versions', arg),
    'plan:export': (arg) => invoke('plan:export', arg),
    'install:start': (arg) => invoke('install:start', arg),
    'install:cancel': (arg) => invoke('install:cancel', arg),
    'install:status': (arg) => invoke('install:status', arg),
    'install:rollback': (arg) => invoke('install:rollback', arg),
    'verify:run': (arg) => invoke('verify:run', arg),
    'verify:history': (arg) => invoke('verify:history', arg),
    'verify:environments': (arg) => invoke('verify:environments', arg),
    'verify:environmentsCheck': (arg) => invoke('verify:environmentsCheck', arg),
    'verify:environmentsCheckCancel': (arg) => invoke('verify:environmentsCheckCancel', arg),
    'verify:environmentsCheckState': (arg) => invoke('verify:environmentsCheckState', arg),
    'mirror:check': (arg) => invoke('mirror:check', arg),
    'mirror:default': (arg) => invoke('mirror:default', arg),
    'diagnose:text': (arg) => invoke('diagnose:text', arg),
    onProgress(listener: (event: PushEvent) => void) {
      listeners.add(listener);
      if (!socket) connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) socket?.close();
      };
    },
  } satisfies DlsetupApi;
}
