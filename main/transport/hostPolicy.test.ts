import type os from 'node:os';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedHosts, isTrustedSource } from './hostPolicy.js';
import { startHttpServer, type RunningServer } from './httpServer.js';
import { ProgressHub } from './progressHub.js';
import { rawRequest } from '../../testkit/transport/rawHttp.js';
import { testHandlers } from '../../testkit/transport/testHandlers.js';

const interfaces: ReturnType<typeof os.networkInterfaces> = {
  lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
  eth0: [
    { address: '192.168.7.20', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:01', internal: false, cidr: '192.168.7.20/24' },
    { address: 'fd00::20', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:00:00:00:00:01', internal: false, cidr: 'fd00::20/64', scopeid: 0 },
  ],
};

describe('the Host check of dlsetup serve', () => {
  it('on a wildcard bind, accepts this machine’s own addresses and name, and nothing a rebinding page could bring', () => {
    const hosts = allowedHosts('0.0.0.0', 8765, interfaces, 'gpu-box');
    for (const host of ['192.168.7.20:8765', '[fd00::20]:8765', 'gpu-box:8765', '127.0.0.1:8765', 'localhost:8765']) {
      expect(isTrustedSource(host, undefined, hosts)).toBe(true);
    }
    for (const host of ['attacker.example:8765', '192.168.7.21:8765', '192.168.7.20:80', '0.0.0.0:8765', '', undefined]) {
      expect(isTrustedSource(host, undefined, hosts)).toBe(false);
    }
    // Today's rule let any Host through on a wildcard bind when the Origin matched it.
    expect(isTrustedSource('attacker.example:8765', 'http://attacker.example:8765', hosts)).toBe(false);
    expect(isTrustedSource('192.168.7.20:8765', 'http://192.168.7.20:8765', hosts)).toBe(true);
    expect(isTrustedSource('192.168.7.20:8765', 'https://evil.example', hosts)).toBe(false);
    expect(isTrustedSource('192.168.7.20:8765', 'null', hosts)).toBe(false);
  });

  it('on a named address, accepts that address and the loopback names only', () => {
    const hosts = allowedHosts('192.168.7.20', 8765, interfaces, 'gpu-box');
    expect(isTrustedSource('192.168.7.20:8765', undefined, hosts)).toBe(true);
    expect(isTrustedSource('[::1]:8765', undefined, hosts)).toBe(true);
    expect(isTrustedSource('gpu-box:8765', undefined, hosts)).toBe(false);
    expect(isTrustedSource('[fd00::20]:8765', undefined, hosts)).toBe(false);
  });
});

describe('dlsetup serve on a non-default address', () => {
  let server: RunningServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'dlsetup-host-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>DL Setup</title>');
    // 127.0.0.2 is loopback to the kernel but another address to the server: it stands in for a LAN address.
    server = await startHttpServer({ host: '127.0.0.2', port: 0, handlers: testHandlers(), progress: new ProgressHub(), staticDir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const call = (host: string, origin?: string) =>
    rawRequest(
      server.port,
      `POST /api/invoke/app:info HTTP/1.1\r\nHost: ${host}\r\n${origin ? `Origin: ${origin}\r\n` : ''}Authorization: Bearer ${server.token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      5_000,
      '127.0.0.2',
    );

  it('prints a URL with that address', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/#token=[\w-]{32}$/);
    expect(server.origin).toBe(`http://127.0.0.2:${server.port}`);
  });

  it('answers its own Host and Origin, and refuses others', async () => {
    expect((await call(`127.0.0.2:${server.port}`, server.origin)).status).toBe(200);
    expect((await call(`attacker.example:${server.port}`)).status).toBe(403);
    expect((await call(`attacker.example:${server.port}`, `http://attacker.example:${server.port}`)).status).toBe(403);
    expect((await call(`127.0.0.2:${server.port}`, `http://attacker.example:${server.port}`)).status).toBe(403);
  });
});
