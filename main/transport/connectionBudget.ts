import type { Server } from 'node:http';
import type { Socket } from 'node:net';

interface Connection {
  /** It presented the token: a newcomer never pushes it out. */
  authorised: boolean;
  /** Requests (or the upgrade) it has under way. */
  active: number;
  /** Closes it when no complete request head arrives in time; cleared by its first one. */
  firstHeadTimer: NodeJS.Timeout | undefined;
}

export interface ConnectionBudget {
  /** A complete request head arrived on `socket` (a request or an upgrade); `ended` when it is answered. */
  started(socket: Socket): void;
  ended(socket: Socket): void;
  /** `socket` presented the token. */
  authorise(socket: Socket): void;
}

/**
 * Bounds `dlsetup serve` to `max` connections so that a flood of slow sockets from this machine cannot lock the token
 * holder out (issue 27): every client is on loopback, so a per-address limit would not tell them apart. A connection
 * that sends no complete request head within `headTimeoutMs` is closed (Node's own headersTimeout never closes one that
 * sends nothing). At the cap the oldest connection that never presented the token is closed to make room, an idle one
 * first; the newcomer is refused only when every connection belongs to the token holder.
 */
export function limitConnections(server: Server, max: number, headTimeoutMs: number): ConnectionBudget {
  // A Map iterates in insertion order: oldest connection first.
  const open = new Map<Socket, Connection>();

  const forget = (socket: Socket): void => {
    clearTimeout(open.get(socket)?.firstHeadTimer);
    open.delete(socket);
  };

  const oldestUnauthorised = (): Socket | undefined => {
    let busy: Socket | undefined;
    for (const [socket, connection] of open) {
      if (connection.authorised) continue;
      if (connection.active === 0) return socket;
      busy ??= socket;
    }
    return busy;
  };

  server.on('connection', (socket: Socket) => {
    if (open.size >= max) {
      const victim = oldestUnauthorised();
      if (!victim) return void socket.destroy();
      forget(victim);
      victim.destroy();
    }
    const firstHeadTimer = setTimeout(() => socket.destroy(), headTimeoutMs);
    firstHeadTimer.unref();
    open.set(socket, { authorised: false, active: 0, firstHeadTimer });
    socket.once('close', () => forget(socket));
  });

  return {
    started(socket) {
      const connection = open.get(socket);
      if (!connection) return;
      clearTimeout(connection.firstHeadTimer);
      connection.firstHeadTimer = undefined;
      connection.active += 1;
    },
    ended(socket) {
      const connection = open.get(socket);
      if (connection && connection.active > 0) connection.active -= 1;
    },
    authorise(socket) {
      const connection = open.get(socket);
      if (connection) connection.authorised = true;
    },
  };
}
