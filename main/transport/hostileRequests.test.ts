import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startHttpServer, type RunningServer } from './httpServer.js';
import { ProgressHub } from './progressHub.js';
import { rawGet, rawRequest } from '../../testkit/transport/rawHttp.js';
import { testHandlers } from '../../testkit/transport/testHandlers.js';

// Issue 15, item 4: no request, however malformed, slow or large, may end `dlsetup serve`.
let server: RunningServer;
let staticDir: string;
const logged: string[] = [];
const progress = new ProgressHub();

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-hostile-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>DL Setup</title>');
  // A reply JSON cannot write (a BigInt) stands in for any bug that throws inside the request handler.
  const handlers = testHandlers({ 'install:status': async () => ({ runId: 10n }) as never });
  server = await startHttpServer({ host: '127.0.0.1', port: 0, handlers, progress, staticDir, headersTimeoutMs: 500, log: (line) => logged.push(line) });
});

afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

async function expectStillServing(): Promise<void> {
  const response = await fetch(`${server.origin}/api/invoke/app:info`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(await response.json()).toMatchObject({ ok: true, value: { name: 'DL Setup' } });
}

const bodyOf = (text: string): string => text.slice(text.indexOf('\r\n\r\n') + 4);

const MALFORMED_TARGETS = [
  '//',
  '///x',
  '//evil.example/',
  '/\\evil.example/',
  'http://evil.example/',
  'http://127.0.0.1/',
  '*',
  '/%',
  '/%zz',
  '/%E0%A4%A',
  '/api/invoke/%E0%A4%A',
  '/?next=%E0%A4%A',
  '/assets/%00.js',
  `/${'a'.repeat(5000)}`,
  // Resolves to `//evil.example/`, which the token-for-cookie redirect would send the browser to.
  '/x/..//evil.example/',
];

describe('dlsetup serve survives hostile requests', () => {
  it.each(MALFORMED_TARGETS)('answers 400 before the token check for %j, without echoing it', async (target) => {
    const response = await rawGet(server.port, target);
    expect(response.status).toBe(400);
    const body = bodyOf(response.text);
    if (target.length > 2) expect(body).not.toContain(target.slice(1, 40));
    await expectStillServing();
  });

  it.each(MALFORMED_TARGETS)('answers 400 for %j with the token too', async (target) => {
    const response = await rawGet(server.port, target, { Authorization: `Bearer ${server.token}` });
    expect(response.status).toBe(400);
    await expectStillServing();
  });

  it('answers 400 to a contract call whose channel does not decode', async () => {
    const body = '{}';
    const response = await rawRequest(
      server.port,
      `POST /api/invoke/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(response.status).toBe(400);
    await expectStillServing();
  });

  it('answers 500 and logs when a handler throws where nothing expected it, and keeps serving', async () => {
    const response = await fetch(`${server.origin}/api/invoke/install:status`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('BigInt');
    expect(logged.join('\n')).toContain('BigInt');
    expect(logged.join('\n')).not.toContain(server.token);
    await expectStillServing();
  });

  it('refuses a body larger than the cap from its Content-Length, without waiting for it', async () => {
    const response = await rawRequest(
      server.port,
      `POST /api/invoke/app:info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${server.token}\r\nContent-Length: 100000000\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(413);
    await expectStillServing();
  });

  it('answers 431 to oversized headers', async () => {
    const response = await rawGet(server.port, '/', { 'X-Filler': 'x'.repeat(20_000) });
    expect(response.status).toBe(431);
    await expectStillServing();
  });

  it('cuts a client that sends its headers too slowly, and serves others meanwhile', async () => {
    const slow = rawRequest(server.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Slow: `, 10_000);
    await expectStillServing();
    const response = await slow;
    expect([0, 408]).toContain(response.status);
    await expectStillServing();
  });

  it('answers 400 to a malformed WebSocket upgrade', async () => {
    const response = await rawRequest(
      server.port,
      `GET //api/events HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${server.token}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
    );
    expect(response.status).toBe(400);
    await expectStillServing();
  });

  it('closes only the socket that sends an oversized message; the others keep their events', async () => {
    const wsUrl = `${server.origin.replace('http', 'ws')}/api/events`;
    const open = (): Promise<WebSocket> =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(wsUrl, { headers: { Authorization: `Bearer ${server.token}` } });
        socket.on('open', () => resolve(socket));
        socket.on('error', reject);
      });
    const [bad, good] = await Promise.all([open(), open()]);
    bad.on('error', () => undefined);
    const closed = new Promise<number>((resolve) => bad.on('close', (code) => resolve(code)));
    bad.send('x'.repeat(200 * 1024));
    expect(await closed).toBe(1009);
    const received = new Promise<unknown>((resolve) => good.on('message', (data) => resolve(JSON.parse(String(data)))));
    progress.publish({ type: 'run-finished', runId: 'r2', seq: 1, time: '2026-12-02T00:00:00Z', state: 'succeeded' });
    expect(await received).toMatchObject({ runId: 'r2' });
    good.close();
    await expectStillServing();
  });

  it('survives a WebSocket client that sends bytes that are no frame', async () => {
    const socket = new WebSocket(`${server.origin.replace('http', 'ws')}/api/events`, { headers: { Authorization: `Bearer ${server.token}` } });
    await new Promise((resolve) => socket.on('open', resolve));
    socket.on('error', () => undefined);
    const closed = new Promise((resolve) => socket.on('close', resolve));
    // The private socket is the only way to put raw bytes on the wire under a real handshake.
    (socket as unknown as { _socket: import('node:net').Socket })._socket.write(Buffer.from([0xff, 0xff, 0xff, 0xff]));
    await closed;
    await expectStillServing();
  });
});
