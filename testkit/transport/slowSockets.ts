import net from 'node:net';

export interface SlowSocketFlood {
  /** How many of the flood's sockets the server has closed so far. */
  closedCount(): number;
  /** Stops the flood and closes what is left of it; it also stops by itself after `maxMs`. */
  stop(): void;
}

export interface SlowSocketOptions {
  /** Send a request line and then one header byte every `dripMs`, never ending the head; otherwise send nothing at all. */
  dripMs?: number;
  /** The flood ends by itself after this long, whatever the test does (default 15 s). */
  maxMs?: number;
}

/**
 * `count` loopback connections that never complete a request head: the slow-socket attack of issue 27. Resolves once
 * every socket is connected (or refused), so the server has seen them all before the caller measures anything.
 */
export async function floodWithSlowSockets(port: number, count: number, options: SlowSocketOptions = {}): Promise<SlowSocketFlood> {
  const sockets: net.Socket[] = [];
  let closed = 0;
  const timers: NodeJS.Timeout[] = [];
  const stop = (): void => {
    for (const timer of timers) clearInterval(timer);
    for (const socket of sockets) socket.destroy();
  };
  await Promise.all(
    Array.from({ length: count }, () =>
      new Promise<void>((resolve) => {
        const socket = net.connect({ host: '127.0.0.1', port });
        sockets.push(socket);
        socket.on('error', () => undefined);
        socket.once('close', () => {
          closed += 1;
          resolve();
        });
        socket.once('connect', () => {
          if (options.dripMs) {
            socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
            const drip = setInterval(() => socket.writable && socket.write('a'), options.dripMs);
            drip.unref();
            timers.push(drip);
          }
          resolve();
        });
      }),
    ),
  );
  const deadline = setTimeout(stop, options.maxMs ?? 15_000);
  deadline.unref();
  timers.push(deadline);
  return { closedCount: () => closed, stop };
}
