import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TestForwardProxy {
  url: string;
  /** `host:port` of every CONNECT tunnel asked for, in order. */
  connects: string[];
  /** Every absolute-form request line (`GET http://…`), in order. */
  gets: string[];
  /** `Proxy-Authorization` of every request, CONNECT or not. */
  auth: (string | undefined)[];
  close(): Promise<void>;
}

const LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** A forward proxy on 127.0.0.1 that tunnels CONNECT and forwards absolute-form GETs, to loopback targets only. */
export async function startForwardProxy(): Promise<TestForwardProxy> {
  const sockets = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    result.auth.push(request.headers['proxy-authorization']);
    const target = URL.canParse(request.url ?? '') ? new URL(request.url!) : null;
    if (!target || target.protocol !== 'http:' || !LOOPBACK.test(target.hostname)) {
      response.writeHead(400).end('absolute-form http to loopback only');
      return;
    }
    result.gets.push(`${request.method} ${target.href}`);
    const headers = { ...request.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = http.request({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    result.auth.push(request.headers['proxy-authorization']);
    const [host, port] = (request.url ?? '').split(':');
    if (!host || !LOOPBACK.test(host) || !port) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    result.connects.push(`${host}:${port}`);
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket: net.Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const result: TestForwardProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connects: [],
    gets: [],
    auth: [],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return result;
}
