import http from 'node:http';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackServers } from '../../testkit/network/loopbackServers.js';
import { selfSignedCert } from '../../testkit/network/selfSignedCert.js';
import { NetworkAgents } from '../network/proxyAgent.js';
import { IndexError } from './indexErrors.js';
import { IndexSession, type SessionOptions } from './indexSession.js';
import { fetchFindLinks, fetchProjectPage, projectPageUrl } from './simpleIndex.js';

const servers = loopbackServers();
let base = '';
let secure = '';
const cert = selfSignedCert();
const seenAuth: (string | undefined)[] = [];
const MiB = 1 << 20;

const JSON_PAGE = JSON.stringify({ meta: { 'api-version': '1.1' }, name: 'json', files: [{ filename: 'json-1.0-py3-none-any.whl', url: 'json-1.0-py3-none-any.whl', hashes: {}, size: 10 }] });

beforeAll(async () => {
  const plain = http.createServer((request, response) => {
    const route = request.url ?? '';
    if (route === '/simple/json/') return void response.writeHead(200, { 'content-type': 'application/vnd.pypi.simple.v1+json' }).end(JSON_PAGE);
    if (route === '/simple/html/') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<a href="html-1.0-py3-none-any.whl">h</a>');
    if (route === '/simple/plain/') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('html-1.0-py3-none-any.whl');
    if (route === '/simple/error/') return void response.writeHead(503).end('busy');
    if (route === '/simple/claims-huge/') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(17 * MiB) });
      return void response.write('<a href="x-1.0-py3-none-any.whl">');
    }
    if (route === '/simple/huge/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(MiB, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 40 && !response.destroyed) {
          sent++;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      return pump();
    }
    if (route === '/simple/drip/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => response.write(' '), 50);
      return void response.on('close', () => clearInterval(timer));
    }
    if (route === '/simple/silent/') return;
    if (route === '/simple/to-http/') return void response.writeHead(302, { location: 'http://files.example.org/simple/x/' }).end();
    if (route === '/simple/private/') {
      seenAuth.push(request.headers.authorization);
      return void response.writeHead(200, { 'content-type': 'text/html' }).end('<a href="private-1.0-py3-none-any.whl">p</a>');
    }
    if (route === '/links/') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<a href="a-1.0-py3-none-any.whl">a</a><a href="b-2.0-py3-none-any.whl">b</a>');
    response.writeHead(404).end('no such project');
  });
  base = await servers.listen(plain, '127.0.0.1');
  const tls = https.createServer({ key: cert.key, cert: cert.cert }, (_request, response) => {
    response.writeHead(302, { location: `${base}/simple/html/` }).end();
  });
  secure = await servers.listen(tls, '127.0.0.1');
});
afterAll(() => servers.closeAll());

async function withSession<T>(work: (session: IndexSession) => Promise<T>, options: SessionOptions = {}): Promise<T> {
  const session = new IndexSession({ cacheDir: null, ...options });
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}

async function failure(work: (session: IndexSession) => Promise<unknown>, options: SessionOptions = {}): Promise<IndexError> {
  try {
    await withSession(work, options);
  } catch (error) {
    if (error instanceof IndexError) return error;
    throw error;
  }
  throw new Error('no failure');
}

describe('fetching a project page', () => {
  it('builds the PEP 503 address from the normalized name', () => {
    expect(projectPageUrl('https://pypi.org/simple', 'Nvidia_CUDNN.cu12').href).toBe('https://pypi.org/simple/nvidia-cudnn-cu12/');
    expect(projectPageUrl('https://download.pytorch.org/whl/cu126/', 'torch').href).toBe('https://download.pytorch.org/whl/cu126/torch/');
  });

  it('reads JSON or HTML by the Content-Type the index chose; a missing project is null', async () => {
    await withSession(async (session) => {
      expect((await fetchProjectPage(session, `${base}/simple`, 'json'))?.files.map((f) => [f.filename, f.size])).toEqual([['json-1.0-py3-none-any.whl', 10]]);
      expect((await fetchProjectPage(session, `${base}/simple`, 'html'))?.files.map((f) => f.filename)).toEqual(['html-1.0-py3-none-any.whl']);
      expect(await fetchProjectPage(session, `${base}/simple`, 'nothing-here')).toBeNull();
      expect(session.requests).toBe(3);
    });
  });

  it('refuses an answer that is not an index page', async () => {
    expect(await failure((s) => fetchProjectPage(s, `${base}/simple`, 'plain'))).toMatchObject({ kind: 'refused', reason: 'badPage' });
  });

  it('refuses a page over 16 MiB, claimed or sent', async () => {
    expect(await failure((s) => fetchProjectPage(s, `${base}/simple`, 'claims-huge'))).toMatchObject({ kind: 'refused', reason: 'tooLarge' });
    expect(await failure((s) => fetchProjectPage(s, `${base}/simple`, 'huge'))).toMatchObject({ kind: 'refused', reason: 'tooLarge' });
  });

  it('refuses a redirect to plain http, from https or to another host', async () => {
    const agents = new NetworkAgents({ ca: cert.cert, proxy: null });
    try {
      expect(await failure((s) => fetchProjectPage(s, `${secure}/simple`, 'x'), { agents })).toMatchObject({ kind: 'refused', reason: 'redirect' });
    } finally {
      await agents.close();
    }
    expect(await failure((s) => fetchProjectPage(s, `${base}/simple`, 'to-http'))).toMatchObject({ kind: 'refused', reason: 'redirect' });
  });

  it('refuses an index address that is not https (plain http only on this machine)', async () => {
    expect(await failure((s) => fetchProjectPage(s, 'http://pypi.example.org/simple', 'x'))).toMatchObject({ kind: 'refused', reason: 'insecureUrl' });
    expect(await failure((s) => fetchProjectPage(s, 'file:///etc/simple', 'x'))).toMatchObject({ kind: 'refused', reason: 'insecureUrl' });
  });

  it('bounds each request (head and body) and the whole resolution in time', async () => {
    let started = Date.now();
    expect(await failure((s) => fetchProjectPage(s, `${base}/simple`, 'silent'), { requestTimeoutMs: 300 })).toMatchObject({ kind: 'unreachable', reason: 'timeout' });
    expect(await failure((s) => fetchProjectPage(s, `${base}/simple`, 'drip'), { requestTimeoutMs: 400 })).toMatchObject({ kind: 'unreachable', reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
    started = Date.now();
    expect(await failure((s) => fetchProjectPage(s, `${base}/simple`, 'silent'), { timeBudgetMs: 300 })).toMatchObject({ kind: 'unreachable', reason: 'budget' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops when the caller cancels', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(await failure((s) => fetchProjectPage(s, `${base}/simple`, 'silent'), { signal: controller.signal })).toMatchObject({ kind: 'unreachable', reason: 'cancelled' });
  });

  it('says an index that answers with an error is unreachable', async () => {
    const error = await failure((s) => fetchProjectPage(s, `${base}/simple`, 'error'));
    expect(error).toMatchObject({ kind: 'unreachable', reason: 'status' });
    expect(error.message).toContain('HTTP 503');
  });

  it('sends a private index its credentials as a header and never writes them in a message', async () => {
    const port = new URL(base).port;
    await withSession(async (session) => {
      const page = await fetchProjectPage(session, `http://me:s3cret@127.0.0.1:${port}/simple`, 'private');
      expect(page?.files[0]?.url).toBe(`http://127.0.0.1:${port}/simple/private/private-1.0-py3-none-any.whl`);
    });
    expect(seenAuth.at(-1)).toBe(`Basic ${Buffer.from('me:s3cret').toString('base64')}`);
    const error = await failure((s) => fetchProjectPage(s, `http://me:s3cret@127.0.0.1:${port}/simple`, 'error'));
    expect(error.message).not.toContain('s3cret');
  });
});

describe('find-links sources', () => {
  it('reads a flat page of links, and a link straight to a file', async () => {
    await withSession(async (session) => {
      expect((await fetchFindLinks(session, `${base}/links/`)).files.map((f) => f.filename)).toEqual(['a-1.0-py3-none-any.whl', 'b-2.0-py3-none-any.whl']);
      expect((await fetchFindLinks(session, `${base}/files/c-3.0-py3-none-any.whl`)).files.map((f) => [f.filename, f.url])).toEqual([['c-3.0-py3-none-any.whl', `${base}/files/c-3.0-py3-none-any.whl`]]);
      expect((await fetchFindLinks(session, `${base}/gone/`)).files).toEqual([]);
    });
  });
});
