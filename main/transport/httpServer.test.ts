import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startHttpServer, type RunningServer } from './httpServer.js';
import { ProgressHub } from './progressHub.js';
import { testHandlers } from '../../testkit/transport/testHandlers.js';
import { EVENTS_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../shared/ipc/serveCredential.js';

const handlers = testHandlers();

let server: RunningServer;
let staticDir: string;
const progress = new ProgressHub();

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>DL Setup</title>');
  writeFileSync(path.join(os.tmpdir(), 'dlsetup-secret.txt'), 'secret');
  server = await startHttpServer({ host: '127.0.0.1', port: 0, handlers, progress, staticDir });
});

afterAll(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const invoke = (channel: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('dlsetup serve transport', () => {
  it('prints a loopback URL that carries a long random token in its fragment, which no request sends', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{32}$/);
  });

  it('serves the public page to anyone, and refuses an API call without the token with 401', async () => {
    const page = await fetch(`${server.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    const api = await fetch(`${server.origin}/api/invoke/app:info`, { method: 'POST', body: '{}' });
    expect(api.status).toBe(401);
    expect(await api.text()).toContain('access token');
    expect((await fetch(`${server.origin}/api/anything`, { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('refuses a wrong token', async () => {
    expect((await invoke('app:info', {}, { Authorization: 'Bearer not-the-token' })).status).toBe(401);
    expect((await invoke('app:info', {}, { Authorization: `Bearer ${server.token}x` })).status).toBe(401);
  });

  // Issue 27: a browser sends a host's cookies to every port of it, so no cookie and no URL may carry the credential.
  it('grants nothing to the right token in a cookie or in the URL: only a header the page script sets', async () => {
    const { token } = server;
    const carriers: Record<string, string>[] = [
      { Cookie: `dlsetup_token=${token}` },
      { Cookie: `token=${token}; dlsetup=${token}` },
      { Authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` },
      { Authorization: token },
      { 'Sec-WebSocket-Protocol': `${TOKEN_PROTOCOL_PREFIX}${token}` },
    ];
    for (const headers of carriers) {
      const response = await fetch(`${server.origin}/api/invoke/app:info`, { method: 'POST', headers, body: '{}' });
      expect(response.status, JSON.stringify(Object.keys(headers))).toBe(401);
    }
    for (const target of [`/api/invoke/app:info?token=${token}`, `/api/invoke/app:info?access_token=${token}`]) {
      expect((await fetch(`${server.origin}${target}`, { method: 'POST', body: '{}' })).status).toBe(401);
    }
  });

  it('refuses another Origin even with the token', async () => {
    const response = await invoke('app:info', {}, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });

  it('refuses a foreign Host (DNS rebinding)', async () => {
    // fetch() drops a custom Host header, so speak plain HTTP the way a rebinding page's browser would.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port: server.port, path: '/', headers: { Host: 'attacker.example', Authorization: `Bearer ${server.token}` } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    expect(status).toBe(403);
  });

  it('serves the page the printed URL names with a strict CSP, and no cookie', async () => {
    const page = await fetch(server.url, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(await page.text()).toContain('<title>DL Setup</title>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers a contract call with a Result, and errors as values with a code', async () => {
    expect(await (await invoke('app:info', {})).json()).toEqual({
      ok: true,
      value: { name: 'DL Setup', version: 'test', platform: 'linux', transport: 'http' },
    });
    expect(await (await invoke('no:such', {})).json()).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect(await (await invoke('plan:resolve', { arg: { framework: 'caffe' } })).json()).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('pytorch, tensorflow, jax') },
    });
    expect(await (await invoke('verify:history', {})).json()).toMatchObject({ ok: false, error: { code: 'NOT_AVAILABLE' } });
  });

  it('never serves files outside the renderer folder', async () => {
    const response = await fetch(`${server.origin}/..%2F..%2F..%2Ftmp%2Fdlsetup-secret.txt`, { headers: { Authorization: `Bearer ${server.token}` } });
    expect(await response.text()).not.toContain('secret');
  });

  it('streams progress events over the socket only with the token', async () => {
    const wsUrl = `${server.origin.replace('http', 'ws')}/api/events`;
    const refused = await new Promise<number>((resolve) => {
      const socket = new WebSocket(wsUrl);
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(200));
    });
    expect(refused).toBe(401);

    const socket = new WebSocket(wsUrl, { headers: { Authorization: `Bearer ${server.token}` } });
    await new Promise((resolve) => socket.on('open', resolve));
    const received = new Promise<unknown>((resolve) => socket.on('message', (data) => resolve(JSON.parse(String(data)))));
    progress.publish({ type: 'run-finished', runId: 'r1', seq: 3, time: '2026-12-02T00:00:00Z', state: 'succeeded' });
    expect(await received).toMatchObject({ type: 'run-finished', runId: 'r1', seq: 3 });
    socket.close();
  });

  it('opens the events socket for the token offered as a subprotocol, as a browser sends it, and never echoes it', async () => {
    const wsUrl = `${server.origin.replace('http', 'ws')}/api/events`;
    const attempt = (protocols: string[], headers: Record<string, string> = {}) =>
      new Promise<{ status: number; protocol: string }>((resolve) => {
        const socket = new WebSocket(wsUrl, protocols, { headers: { Origin: server.origin, ...headers } });
        socket.on('error', () => undefined);
        socket.on('unexpected-response', (_request, response) => resolve({ status: response.statusCode ?? 0, protocol: '' }));
        socket.on('upgrade', (response) => {
          const protocol = String(response.headers['sec-websocket-protocol'] ?? '');
          socket.on('open', () => {
            socket.close();
            resolve({ status: 101, protocol });
          });
        });
      });
    expect(await attempt([EVENTS_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${server.token}`])).toEqual({ status: 101, protocol: EVENTS_PROTOCOL });
    expect((await attempt([EVENTS_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}not-the-token`])).status).toBe(401);
    expect((await attempt([EVENTS_PROTOCOL], { Cookie: `dlsetup_token=${server.token}` })).status).toBe(401);
    expect((await attempt([EVENTS_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${server.token}`], { Origin: 'http://127.0.0.1:1' })).status).toBe(403);
  });
});
