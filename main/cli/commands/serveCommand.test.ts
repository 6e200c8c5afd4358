import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { writeRecordingTool, recordedCalls } from '../../../testkit/install/recordingTool.js';
import { alive } from '../../../testkit/install/processAlive.js';
import { rawGet, rawRequest } from '../../../testkit/transport/rawHttp.js';
import { buildInstalledCli } from '../../../testkit/buildInstalledCli.js';

// Issue 15, item 4, through the real `dlsetup serve` process: a request cannot end it, and --open hides the token.
let cliDir: string;
let tmp: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  cliDir = await buildInstalledCli('serve');
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-serve-cli-'));
}, 60_000);

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(cliDir, { recursive: true, force: true });
});

interface Serving {
  child: ChildProcess;
  url: URL;
  output: () => string;
}

async function serve(args: string[], env: Record<string, string> = {}): Promise<Serving> {
  const child = spawn(process.execPath, [path.join(cliDir, 'bin', 'dlsetup.js'), 'serve', '--port', '0', ...args], {
    env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+/.exec(output);
      if (match) resolve(match[0]);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`dlsetup serve exited with ${code}:\n${output}`)));
  });
  return { child, url: new URL(url), output: () => output };
}

/** The token the printed URL hands the page, from its fragment. */
const tokenOf = (serving: Serving): string => new URLSearchParams(serving.url.hash.slice(1)).get('token')!;

async function appInfo(serving: Serving): Promise<unknown> {
  const response = await fetch(`${serving.url.origin}/api/invoke/app:info`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokenOf(serving)}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  return response.json();
}

describe('dlsetup serve, the real process', () => {
  it('stays up and answering after `GET //` and a channel that does not decode', async () => {
    const serving = await serve([]);
    const port = Number(serving.url.port);
    const token = tokenOf(serving);

    expect((await rawGet(port, '//')).status).toBe(400);
    const body = '{}';
    const invoke = await rawRequest(
      port,
      `POST /api/invoke/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(invoke.status).toBe(400);

    // Give a crash the time to happen before asking whether it did.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(serving.child.exitCode).toBeNull();
    expect(alive(serving.child.pid!)).toBe(true);
    expect(await appInfo(serving)).toMatchObject({ ok: true, value: { name: 'DL Setup' } });
  }, 30_000);

  it.skipIf(process.platform === 'win32')('--open hands the browser opener a private file, never the token on its command line, and removes it once the token is used', async () => {
    const bin = path.join(tmp, 'bin');
    const log = path.join(tmp, 'opener.log');
    mkdirSync(bin, { recursive: true });
    // The opener stands in for xdg-open (Linux) and open (macOS); its argv is what `ps` shows other users.
    writeRecordingTool(bin, 'xdg-open', log);
    writeRecordingTool(bin, 'open', log);
    const serving = await serve(['--open'], { DISPLAY: ':99', PATH: `${bin}${path.delimiter}${process.env.PATH}` });
    const token = tokenOf(serving);

    let calls: string[][] = [];
    for (let tries = 0; tries < 100 && calls.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      calls = recordedCalls(log);
    }
    expect(calls).toHaveLength(1);
    const argv = calls[0]!;
    expect(argv.join(' ')).not.toContain(token);
    expect(argv[1]).toMatch(/^file:\/\//);

    const page = fileURLToPath(argv[1]!);
    expect(statSync(page).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(page)).mode & 0o777).toBe(0o700);
    expect(readFileSync(page, 'utf8')).toContain(serving.url.href);
    expect(serving.output()).not.toContain('No display');

    // The browser's first call with the token shows it has the URL: the copy on disk goes at once, not at stop.
    expect(await appInfo(serving)).toMatchObject({ ok: true });
    for (let tries = 0; tries < 40 && existsSync(page); tries++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(existsSync(page)).toBe(false);
    expect(serving.child.exitCode).toBeNull();
  }, 30_000);

  // Issue 27, item 1: a browser sends a host's cookies to every port of that host, so after the user opened the URL
  // once, any other local service (another user's, too) received `dlsetup_token` and the API answered it with 200.
  it('hands a browser opening the printed URL nothing that another port could replay, over HTTP or WebSocket', async () => {
    const serving = await serve([]);
    const token = tokenOf(serving);
    // What a browser sends: the URL without its fragment; it follows redirects and keeps every cookie it is given.
    const jar: string[] = [];
    let next = new URL(serving.url.pathname + serving.url.search, serving.url.origin).href;
    for (let hop = 0; hop < 5; hop++) {
      const response = await fetch(next, { redirect: 'manual' });
      for (const cookie of response.headers.getSetCookie()) jar.push(cookie.split(';')[0]!);
      const location = response.headers.get('location');
      if (!location) break;
      next = new URL(location, next).href;
    }
    expect(jar).toEqual([]);

    // Another local service replays what it was sent, and what it could have been sent had serve still set a cookie.
    const cookie = [...jar, `dlsetup_token=${token}`].join('; ');
    const replays: { target: string; headers: Record<string, string> }[] = [
      { target: '/api/invoke/install:status', headers: { Cookie: cookie } },
      { target: `/api/invoke/install:status?token=${token}`, headers: { Cookie: cookie } },
      { target: '/api/invoke/install:status', headers: { Cookie: cookie, Origin: `http://127.0.0.1:${Number(serving.url.port) + 1}` } },
      { target: '/api/invoke/install:status', headers: { Cookie: cookie, Referer: serving.url.href } },
    ];
    for (const { target, headers } of replays) {
      const response = await fetch(`${serving.url.origin}${target}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });
      expect([401, 403], `${target} ${Object.keys(headers).join(',')}`).toContain(response.status);
      expect(await response.text()).not.toContain('"ok"');
    }
    const socketStatus = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`ws://${serving.url.host}/api/events?token=${token}`, { headers: { Cookie: cookie } });
      socket.on('error', () => resolve(0));
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(socketStatus).toBe(401);

    // The token holder's page script still gets in, and the token appears in serve's output once: the printed URL.
    expect(await appInfo(serving)).toMatchObject({ ok: true });
    expect(serving.output().split(token).length - 1).toBe(1);
  }, 30_000);
});
