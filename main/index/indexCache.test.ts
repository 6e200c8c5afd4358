import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IndexCache, cachePolicy, type CacheEntry } from './indexCache.js';
import { IndexSession } from './indexSession.js';
import { fetchProjectPage, SIMPLE_ACCEPT } from './simpleIndex.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-index-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirCount = 0;
const freshDir = () => path.join(root, `c${++dirCount}`);

function entry(url: string, body = 'page', fetchedAt = 1_000_000, maxAgeS = 600): CacheEntry {
  return { url, accept: SIMPLE_ACCEPT, contentType: 'text/html', finalUrl: url, etag: '"e1"', lastModified: null, fetchedAt, maxAgeS, body: Buffer.from(body).toString('base64') };
}

describe('Cache-Control', () => {
  it.each([
    ['max-age=600, public', { store: true, maxAgeS: 600 }],
    ['public, max-age="60"', { store: true, maxAgeS: 60 }],
    ['no-cache, max-age=600', { store: true, maxAgeS: 0 }],
    ['no-store', { store: false, maxAgeS: 0 }],
    [null, { store: true, maxAgeS: 0 }],
    ['max-age=-1', { store: true, maxAgeS: 0 }],
  ])('%j → %j', (header, policy) => {
    expect(cachePolicy(header)).toEqual(policy);
  });
});

describe('the index cache on disk', () => {
  it('gives back what it kept, for that URL and Accept only, and knows when it is fresh', async () => {
    let now = 1_000_000;
    const cache = new IndexCache(freshDir(), { now: () => now });
    await cache.put(entry('https://i.example/simple/a/'));
    const got = await cache.get('https://i.example/simple/a/', SIMPLE_ACCEPT);
    expect(got).toEqual(entry('https://i.example/simple/a/'));
    expect(await cache.get('https://i.example/simple/a/', 'text/html')).toBeNull();
    expect(await cache.get('https://i.example/simple/b/', SIMPLE_ACCEPT)).toBeNull();
    expect(cache.isFresh(got!)).toBe(true);
    now += 600_000;
    expect(cache.isFresh(got!)).toBe(false);
  });

  it('ignores a corrupt entry, or one that holds another key', async () => {
    const dir = freshDir();
    const cache = new IndexCache(dir);
    await cache.put(entry('https://i.example/simple/a/'));
    const [file] = readdirSync(dir);
    writeFileSync(path.join(dir, file!), '{"url": "https://i.example/simple/a/", "body": ');
    expect(await cache.get('https://i.example/simple/a/', SIMPLE_ACCEPT)).toBeNull();
    writeFileSync(path.join(dir, file!), JSON.stringify(entry('https://elsewhere.example/simple/a/')));
    expect(await cache.get('https://i.example/simple/a/', SIMPLE_ACCEPT)).toBeNull();
    writeFileSync(path.join(dir, file!), JSON.stringify({ ...entry('https://i.example/simple/a/'), body: 'not base64!' }));
    expect(await cache.get('https://i.example/simple/a/', SIMPLE_ACCEPT)).toBeNull();
  });

  it('writes atomically (no temp file left) and stays under its byte bound, oldest out first', async () => {
    const dir = freshDir();
    const cache = new IndexCache(dir, { maxBytes: 3000 });
    const urls = ['https://i.example/simple/a/', 'https://i.example/simple/b/', 'https://i.example/simple/c/'];
    for (const [i, url] of urls.entries()) {
      const before = new Set(i === 0 ? [] : readdirSync(dir));
      await cache.put(entry(url, 'x'.repeat(700)));
      // Each file one minute younger than the one before, whatever the file system's clock resolution.
      const written = new Date(Date.now() - (10 - i) * 60_000);
      for (const name of readdirSync(dir).filter((item) => !before.has(item))) utimesSync(path.join(dir, name), written, written);
    }
    expect(readdirSync(dir).every((name) => name.endsWith('.json'))).toBe(true);
    const kept = await Promise.all(urls.map((url) => cache.get(url, SIMPLE_ACCEPT)));
    expect(kept.map((item) => item !== null)).toEqual([false, true, true]);
  });

  it('never keeps an entry larger than the whole bound', async () => {
    const dir = freshDir();
    const cache = new IndexCache(dir, { maxBytes: 500 });
    await cache.put(entry('https://i.example/simple/a/', 'x'.repeat(2000)));
    expect(await cache.get('https://i.example/simple/a/', SIMPLE_ACCEPT)).toBeNull();
  });
});

describe('pages through the cache', () => {
  let server: http.Server;
  let base: string;
  const seen: http.IncomingHttpHeaders[] = [];
  let cacheControl = 'max-age=600';

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push(request.headers);
      if (request.headers['if-none-match'] === '"v1"' || request.headers['if-modified-since'] === 'Wed, 01 Jan 2025 00:00:00 GMT') {
        response.writeHead(304, { etag: '"v1"', 'cache-control': cacheControl });
        return void response.end();
      }
      response.writeHead(200, { 'content-type': 'text/html', etag: '"v1"', 'last-modified': 'Wed, 01 Jan 2025 00:00:00 GMT', 'cache-control': cacheControl });
      response.end('<a href="x-1.0-py3-none-any.whl">x</a>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/simple`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  beforeEach(() => {
    seen.length = 0;
  });

  async function look(cacheDir: string) {
    const session = new IndexSession({ cacheDir });
    try {
      const page = await fetchProjectPage(session, base, 'X');
      return { files: page?.files.map((file) => file.filename), requests: session.requests, fromCache: session.fromCache };
    } finally {
      await session.close();
    }
  }

  it('serves a fresh page without a request', async () => {
    cacheControl = 'max-age=600';
    const dir = freshDir();
    expect(await look(dir)).toEqual({ files: ['x-1.0-py3-none-any.whl'], requests: 1, fromCache: 0 });
    expect(await look(dir)).toEqual({ files: ['x-1.0-py3-none-any.whl'], requests: 0, fromCache: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.accept).toBe('application/vnd.pypi.simple.v1+json, text/html;q=0.01');
  });

  it('revalidates a stale page with If-None-Match / If-Modified-Since and reuses it on 304', async () => {
    cacheControl = 'max-age=0';
    const dir = freshDir();
    await look(dir);
    expect(await look(dir)).toEqual({ files: ['x-1.0-py3-none-any.whl'], requests: 1, fromCache: 1 });
    expect(seen[1]).toMatchObject({ 'if-none-match': '"v1"', 'if-modified-since': 'Wed, 01 Jan 2025 00:00:00 GMT' });
  });

  it('keeps nothing the server says not to store', async () => {
    cacheControl = 'no-store';
    const dir = freshDir();
    await look(dir);
    expect(await look(dir)).toEqual({ files: ['x-1.0-py3-none-any.whl'], requests: 1, fromCache: 0 });
    expect(seen[1]!['if-none-match']).toBeUndefined();
  });

  it('asks for a page once per resolution, however many requirements need it', async () => {
    cacheControl = 'no-store';
    const session = new IndexSession({ cacheDir: null });
    try {
      await Promise.all([fetchProjectPage(session, base, 'x'), fetchProjectPage(session, `${base}/`, 'X'), fetchProjectPage(session, base, 'x')]);
      expect(session.requests).toBe(1);
    } finally {
      await session.close();
    }
  });
});
