import http from 'node:http';
import https from 'node:https';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkMirror } from './checkMirror.js';
import { startForwardProxy, type TestForwardProxy } from '../../testkit/network/forwardProxy.js';
import { loopbackServers, proxyEnvironment } from '../../testkit/network/loopbackServers.js';
import { selfSignedCert, type TestCert } from '../../testkit/network/selfSignedCert.js';

const PROXY_VARS = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY', 'no_proxy', 'NO_PROXY'];

let cert: TestCert;
let proxy: TestForwardProxy;
const servers = loopbackServers();
const listen = servers.listen;
const seen: { host: string | undefined; path: string; authorization: string | undefined }[] = [];
let plain: string;
let secure: string;
let other: string;
let environment: ReturnType<typeof proxyEnvironment>;

/** /simple/ answers 200; /to?url=… redirects there; /loop redirects to itself. */
const serve: http.RequestListener = (request, response) => {
  const url = new URL(request.url ?? '/', 'http://x');
  seen.push({ host: request.headers.host, path: url.pathname, authorization: request.headers.authorization });
  if (url.pathname === '/to') return void response.writeHead(302, { Location: url.searchParams.get('url')! }).end();
  if (url.pathname === '/loop') return void response.writeHead(302, { Location: '/loop' }).end();
  if (url.pathname === '/simple/') return void response.end('<a href="pip-24.2.whl">pip</a>');
  response.writeHead(404).end();
};


beforeAll(async () => {
  cert = selfSignedCert();
  plain = await listen(http.createServer(serve), '127.0.0.1');
  secure = await listen(https.createServer({ key: cert.key, cert: cert.cert }, serve), '127.0.0.1');
  other = await listen(https.createServer({ key: cert.key, cert: cert.cert }, serve), '127.0.0.2');
  proxy = await startForwardProxy();
  environment = proxyEnvironment(PROXY_VARS);
});

afterEach(() => {
  environment.restore();
  seen.length = 0;
  proxy.connects.length = 0;
  proxy.gets.length = 0;
});

afterAll(async () => {
  await proxy.close();
  await servers.closeAll();
});


describe('the mirror check takes the downloads\' road: same proxy, same redirect rules', () => {
  it('asks through the proxy the environment names (CONNECT for https, absolute-form for http)', async () => {
    environment.set({ HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url });
    expect(await checkMirror({ url: `${secure}/simple/` }, { ca: cert.cert })).toMatchObject({ reachable: true, status: 200 });
    expect(await checkMirror({ url: `${plain}/simple/` })).toMatchObject({ reachable: true, status: 200 });
    expect(proxy.connects).toEqual([new URL(secure).host]);
    expect(proxy.gets).toEqual([`GET ${plain}/simple/`]);
  });

  it('goes direct where NO_PROXY says so, CIDR included', async () => {
    environment.set({ HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.0/8' });
    expect(await checkMirror({ url: `${plain}/simple/` })).toMatchObject({ reachable: true });
    expect(proxy.gets).toEqual([]);
  });

  it('does not follow an https mirror that redirects to http', async () => {
    environment.set({});
    const url = `${secure}/to?url=${encodeURIComponent(`${plain}/simple/`)}`;
    expect(await checkMirror({ url }, { ca: cert.cert })).toMatchObject({ reachable: false, code: 'NETWORK', cause: expect.stringMatching(/insecure redirect/) });
    expect(seen.map((request) => request.path)).toEqual(['/to']);
  });

  it('keeps a private index\'s credentials for its own host when it redirects to another', async () => {
    environment.set({});
    const url = `https://me:s%40cret@${new URL(secure).host}/to?url=${encodeURIComponent(`${other}/simple/`)}`;
    expect(await checkMirror({ url }, { ca: cert.cert })).toMatchObject({ reachable: true });
    expect(seen.map((request) => [request.path, request.authorization])).toEqual([
      ['/to', `Basic ${Buffer.from('me:s@cret').toString('base64')}`],
      ['/simple/', undefined],
    ]);
  });

  it('stops a redirect loop', async () => {
    environment.set({});
    expect(await checkMirror({ url: `${secure}/loop` }, { ca: cert.cert })).toMatchObject({ reachable: false, code: 'NETWORK', cause: expect.stringMatching(/too many redirects/) });
  });

  it('says so when the environment names a proxy it cannot speak', async () => {
    environment.set({ ALL_PROXY: 'socks5://127.0.0.1:1080' });
    expect(await checkMirror({ url: `${plain}/simple/` })).toMatchObject({ reachable: false, code: 'NETWORK', cause: expect.stringContaining('socks5://127.0.0.1:1080') });
    expect(seen).toEqual([]);
  });
});
