import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ProgressHub } from './progressHub.js';
import { guarded, type ServeLog } from './listenerGuard.js';
import { EVENTS_PROTOCOL } from '../../shared/ipc/serveCredential.js';

/** A client message larger than this closes that socket (1009); the events stream only ever talks to the client. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** A client that stops reading loses its socket once this much is queued, rather than growing the server's memory. */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;

export interface EventsSockets {
  /** Completes an upgrade the caller has already checked (path, Host, Origin, token). */
  accept(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

/** `/api/events`: progress (installs, the environments' quick checks) streamed to every authorised WebSocket client. */
export function createEventsSockets(progress: ProgressHub, log: ServeLog): EventsSockets {
  // A browser offers the token as a second subprotocol; the answer names only the events protocol, never the token.
  const handleProtocols = (offered: Set<string>): string | false => (offered.has(EVENTS_PROTOCOL) ? EVENTS_PROTOCOL : false);
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, handleProtocols });
  const onClient = (client: WebSocket): void => {
    const unsubscribe = progress.subscribe((event) => {
      if (client.bufferedAmount > MAX_QUEUED_BYTES) return client.terminate();
      client.send(JSON.stringify(event));
    });
    client.on('close', unsubscribe);
    // An oversized or broken frame arrives here; ws closes that socket itself.
    client.on('error', unsubscribe);
  };
  return {
    accept(request, socket, head) {
      server.handleUpgrade(request, socket, head, guarded(log, 'events socket', onClient, (client) => client.terminate()));
    },
    close() {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}
