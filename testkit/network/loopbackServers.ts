import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

/** The loopback servers one test file starts: each listens on a port of its own, all are closed together. */
export function loopbackServers() {
  const servers: http.Server[] = [];
  return {
    /** Listens on `host` (127.x only) and gives the server's base URL, https for an https.Server. */
    async listen(server: http.Server, host: string): Promise<string> {
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      return `${server instanceof https.Server ? 'https' : 'http'}://${host}:${(server.address() as AddressInfo).port}`;
    },
    async closeAll(): Promise<void> {
      for (const server of servers.splice(0)) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

/** The proxy variables a test sets, put back as they were after each test. */
export function proxyEnvironment(names: readonly string[]) {
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  return {
    /** Only `vars` of these names are set; the rest are unset. */
    set(vars: Record<string, string>): void {
      for (const name of names) delete process.env[name];
      Object.assign(process.env, vars);
    },
    restore(): void {
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    },
  };
}
