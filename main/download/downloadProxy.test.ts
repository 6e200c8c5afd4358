import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startForwardProxy, type TestForwardProxy } from '../../testkit/network/forwardProxy.js';
import { loopbackServers, proxyEnvironment } from '../../testkit/network/loopbackServers.js';
import { selfSignedCert, type TestCert } from '../../testkit/network/selfSignedCert.js';
import { downloadFile } from './download.js';
import { createStepContext } from '../install/stepContext.js';
import { downloadForStep } from '../install/stepDownload.js';
import { testPlan } from '../../testkit/install/testPlan.js';

const FILE = randomBytes(100_000);
const SHA = createHash('sha256').update(FILE).digest('hex');
const PROXY_VARS = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY', 'no_proxy', 'NO_PROXY', 'DLSETUP_HOME'];

let cert: TestCert;
let tmp: string;
let proxy: TestForwardProxy;
const servers = loopbackServers();
const listen = servers.listen;
const hits: string[] = [];
let plain1: string;
let plain2: string;
let secure: string;
let environment: ReturnType<typeof proxyEnvironment>;


const serve: http.RequestListener = (request, response) => {
  hits.push(`${request.headers.host}${request.url}`);
  response.writeHead(200, { 'Content-Length': FILE.length }).end(FILE);
};

beforeAll(async () => {
  cert = selfSignedCert();
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-proxy-'));
  plain1 = await listen(http.createServer(serve), '127.0.0.1');
  plain2 = await listen(http.createServer(serve), '127.0.0.2');
  secure = await listen(https.createServer({ key: cert.key, cert: cert.cert }, serve), '127.0.0.1');
  proxy = await startForwardProxy();
  environment = proxyEnvironment(PROXY_VARS);
});

afterEach(() => {
  environment.restore();
  hits.length = 0;
  proxy.connects.length = 0;
  proxy.gets.length = 0;
  proxy.auth.length = 0;
});

afterAll(async () => {
  await proxy.close();
  await servers.closeAll();
  rmSync(tmp, { recursive: true, force: true });
});


let dirs = 0;
const fetchFrom = (base: string, extra: { proxy?: string | null; retries?: number } = {}) =>
  downloadFile({ url: `${base}/file.run`, sha256: SHA, cacheDir: path.join(tmp, `c${dirs++}`), ca: cert.cert, backoffMs: 5, ...extra });

describe('downloads reach the network through the proxy the environment names', () => {
  it('tunnels https through HTTPS_PROXY with CONNECT, verifying the real host inside the tunnel', async () => {
    environment.set({ HTTPS_PROXY: proxy.url });
    await fetchFrom(secure);
    expect(proxy.connects).toEqual([new URL(secure).host]);
  });

  it('sends plain http through HTTP_PROXY as an absolute-form GET, and uses ALL_PROXY when nothing more specific is set', async () => {
    environment.set({ HTTP_PROXY: proxy.url });
    await fetchFrom(plain1);
    environment.set({ ALL_PROXY: proxy.url });
    await fetchFrom(plain2);
    expect(proxy.gets).toEqual([`GET ${plain1}/file.run`, `GET ${plain2}/file.run`]);
  });

  it('goes direct to an address inside a NO_PROXY CIDR range, and through the proxy outside it', async () => {
    environment.set({ HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.0/8' });
    await fetchFrom(plain2);
    expect(proxy.gets).toEqual([]);
    expect(hits).toEqual([`${new URL(plain2).host}/file.run`]);
    environment.set({ http_proxy: proxy.url, no_proxy: '127.0.0.1/32' });
    await fetchFrom(plain2);
    expect(proxy.gets).toEqual([`GET ${plain2}/file.run`]);
  });

  it('applies a NO_PROXY entry with a port to that port only', async () => {
    const { hostname, port } = new URL(plain2);
    environment.set({ HTTP_PROXY: proxy.url, NO_PROXY: `${hostname}:${Number(port) + 1}` });
    await fetchFrom(plain2);
    expect(proxy.gets).toHaveLength(1);
    environment.set({ HTTP_PROXY: proxy.url, NO_PROXY: `${hostname}:${port}` });
    await fetchFrom(plain2);
    expect(proxy.gets).toHaveLength(1);
  });

  it('lets an explicit proxy win over a broken one in the environment', async () => {
    environment.set({ HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9' });
    await fetchFrom(secure, { proxy: proxy.url });
    expect(proxy.connects).toEqual([new URL(secure).host]);
  });

  it('sends proxy credentials to the proxy only, never to the server', async () => {
    environment.set({ HTTP_PROXY: proxy.url.replace('http://', 'http://lab:p%40ss@') });
    await fetchFrom(plain1);
    expect(proxy.auth).toEqual([`Basic ${Buffer.from('lab:p@ss').toString('base64')}`]);
  });

  it('refuses a proxy it cannot speak (socks5) instead of quietly going direct', async () => {
    environment.set({ ALL_PROXY: 'socks5://127.0.0.1:1080' });
    await expect(fetchFrom(plain1, { retries: 3 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('socks5://127.0.0.1:1080') });
    expect(hits).toEqual([]);
  });

  it('gives the install step the proxy the plan names (--proxy), over the environment', async () => {
    environment.set({ HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9', DLSETUP_HOME: path.join(tmp, 'home') });
    const plan = testPlan([{ id: 'fw', kind: 'framework', title: 'torch', elevated: false, params: { proxy: proxy.url } }]);
    const logs: string[] = [];
    const ctx = createStepContext({
      runId: 'r1',
      stepId: 's1',
      signal: new AbortController().signal,
      elevated: false,
      plan,
      backupDir: path.join(tmp, 'backup'),
      sinks: { log: (_stream, line) => logs.push(line), progress: () => undefined, record: () => undefined, command: () => undefined },
    });
    // Plain http on loopback (a local mirror): a step's download has no way to trust the test certificate.
    await downloadForStep(ctx, { url: `${plain1}/file.run`, sha256: SHA, kind: 'runfile', label: 'runfile' });
    expect(proxy.gets).toEqual([`GET ${plain1}/file.run`]);
    expect(readdirSync(path.join(tmp, 'home', 'cache', 'downloads'))).toHaveLength(1);
  });
});
