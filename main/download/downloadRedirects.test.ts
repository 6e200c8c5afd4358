import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackServers } from '../../testkit/network/loopbackServers.js';
import { selfSignedCert, type TestCert } from '../../testkit/network/selfSignedCert.js';
import { downloadFile } from './download.js';

const FILE = randomBytes(200_000);
const SHA = createHash('sha256').update(FILE).digest('hex');

interface Seen {
  path: string;
  host: string | undefined;
  authorization: string | undefined;
}

let cert: TestCert;
let tmp: string;
const servers = loopbackServers();
const listen = servers.listen;
const seen: Record<'plain' | 'secure' | 'other', Seen[]> = { plain: [], secure: [], other: [] };
let plainBase: string;
let secureBase: string;
let otherBase: string;

/** Serves FILE at /file.run; /to?url=… redirects there; /loop redirects to itself. */
function handler(log: Seen[]): http.RequestListener {
  return (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    log.push({ path: url.pathname, host: request.headers.host, authorization: request.headers.authorization });
    if (url.pathname === '/to') return void response.writeHead(302, { Location: url.searchParams.get('url')! }).end();
    if (url.pathname === '/loop') return void response.writeHead(301, { Location: '/loop' }).end();
    if (url.pathname === '/file.run') return void response.writeHead(200, { 'Content-Length': FILE.length }).end(FILE);
    response.writeHead(404).end();
  };
}


beforeAll(async () => {
  cert = selfSignedCert();
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-redirect-'));
  plainBase = await listen(http.createServer(handler(seen.plain)), '127.0.0.1');
  secureBase = await listen(https.createServer({ key: cert.key, cert: cert.cert }, handler(seen.secure)), '127.0.0.1');
  otherBase = await listen(https.createServer({ key: cert.key, cert: cert.cert }, handler(seen.other)), '127.0.0.2');
});

afterAll(async () => {
  await servers.closeAll();
  rmSync(tmp, { recursive: true, force: true });
});

function clear(): void {
  for (const log of Object.values(seen)) log.length = 0;
}

describe('downloadFile follows redirects only where they stay secure', () => {
  it('refuses an https download redirected to http, with a sentence, without fetching or writing a byte', async () => {
    clear();
    const cacheDir = path.join(tmp, 'downgrade');
    const url = `${secureBase}/to?url=${encodeURIComponent(`${plainBase}/file.run`)}`;
    const failure = downloadFile({ url, sha256: SHA, fileName: 'file.run', cacheDir, ca: cert.cert, retries: 2, backoffMs: 5 });
    await expect(failure).rejects.toMatchObject({ code: 'NETWORK', message: expect.stringMatching(/not https/) });
    expect(seen.plain).toEqual([]);
    // Refused once, not retried: a redirect policy is not a flaky network.
    expect(seen.secure).toHaveLength(1);
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('follows https to https, even to another host', async () => {
    clear();
    const url = `${secureBase}/to?url=${encodeURIComponent(`${otherBase}/file.run`)}`;
    const result = await downloadFile({ url, sha256: SHA, fileName: 'file.run', cacheDir: path.join(tmp, 'secure'), ca: cert.cert });
    expect(readFileSync(result.path).equals(FILE)).toBe(true);
    expect(seen.other.map((request) => request.path)).toEqual(['/file.run']);
  });

  it('keeps plain http between loopback addresses (a local test mirror)', async () => {
    clear();
    const url = `${plainBase}/to?url=${encodeURIComponent(`${plainBase}/file.run`)}`;
    const result = await downloadFile({ url, sha256: SHA, fileName: 'file.run', cacheDir: path.join(tmp, 'local') });
    expect(result.size).toBe(FILE.length);
  });

  it('never sends the credentials of one host to the host it redirects to', async () => {
    clear();
    const secure = new URL(secureBase);
    const url = `https://me:s%40cret@${secure.host}/to?url=${encodeURIComponent(`${otherBase}/file.run`)}`;
    await downloadFile({ url, sha256: SHA, fileName: 'file.run', cacheDir: path.join(tmp, 'creds'), ca: cert.cert });
    expect(seen.secure.map((request) => request.authorization)).toEqual([`Basic ${Buffer.from('me:s@cret').toString('base64')}`]);
    expect(seen.other.map((request) => request.authorization)).toEqual([undefined]);
  });

  it('gives up on a redirect loop after a few hops, without retrying it', async () => {
    clear();
    await expect(downloadFile({ url: `${secureBase}/loop`, sha256: SHA, fileName: 'file.run', cacheDir: path.join(tmp, 'loop'), ca: cert.cert, retries: 3, backoffMs: 5 })).rejects.toMatchObject({
      code: 'NETWORK',
      message: expect.stringMatching(/redirect/i),
    });
    expect(seen.secure.length).toBeLessThanOrEqual(11);
  });

  it('refuses a redirect to a scheme that is not http(s)', async () => {
    clear();
    const url = `${secureBase}/to?url=${encodeURIComponent('file:///etc/passwd')}`;
    await expect(downloadFile({ url, sha256: SHA, fileName: 'file.run', cacheDir: path.join(tmp, 'scheme'), ca: cert.cert, retries: 0 })).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
