import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMirror } from './checkMirror.js';

let server: http.Server;
let base: string;
const seenAuth: (string | undefined)[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seenAuth.push(request.headers.authorization);
    if (request.url === '/simple/pip/') return void response.end('<a href="pip-24.2.whl">pip</a>'.repeat(10_000));
    if (request.url === '/slow/') return; // never answers
    response.statusCode = 404;
    response.end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('mirror reachability check', () => {
  it('says a working index answers, and how fast', async () => {
    const check = await checkMirror({ url: `${base}/simple/pip/` });
    expect(check).toMatchObject({ reachable: true, status: 200 });
    expect(check.ms).toBeGreaterThanOrEqual(0);
  });

  it('reports an address that answers with an HTTP error as not a usable index', async () => {
    expect(await checkMirror({ url: `${base}/wrong/path/` })).toMatchObject({ reachable: false, status: 404, code: 'NOT_FOUND', cause: 'HTTP 404' });
  });

  it('reports a refused connection as a network problem with its cause', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await checkMirror({ url: `http://127.0.0.1:${port}/simple/` })).toMatchObject({ reachable: false, code: 'NETWORK', cause: 'ECONNREFUSED' });
  });

  it('gives up on a server that never answers', async () => {
    expect(await checkMirror({ url: `${base}/slow/`, timeoutMs: 300 })).toMatchObject({ reachable: false, code: 'TIMEOUT' });
  });

  it('sends the credentials of a private index as a header, not in the URL', async () => {
    seenAuth.length = 0;
    await checkMirror({ url: `http://me:s%40cret@127.0.0.1:${new URL(base).port}/simple/pip/` });
    expect(seenAuth).toEqual([`Basic ${Buffer.from('me:s@cret').toString('base64')}`]);
  });

  it('refuses what is not a web address', async () => {
    await expect(checkMirror({ url: 'file:///etc/passwd' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(checkMirror({ url: 'tuna' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
