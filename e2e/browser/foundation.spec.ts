import { existsSync, mkdirSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { startServe, type ServeHandle } from '../support/serve.js';

const screenshots = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');
let serve: ServeHandle;

test.beforeAll(async () => {
  serve = await startServe();
});
test.afterAll(async () => {
  await serve.stop();
});

test('the Welcome screen shows real facts about this machine', async ({ page }) => {
  await page.goto(serve.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your GPU for deep learning' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'First-time setup' })).toBeVisible();
  await expect(page.getByTestId('summary-os')).toContainText(process.arch === 'x64' ? 'x86_64' : process.arch);
  if (existsSync('/etc/debian_version')) await expect(page.getByTestId('summary-os')).toContainText(/debian|ubuntu/i);
  if (existsSync('/usr/local/cuda-13.0/bin/nvcc')) {
    // This machine's real CUDA 13.0 Toolkit, found by the real detection through the real transport.
    await expect(page.getByTestId('summary-toolkits')).toContainText('CUDA 13.0');
  }
  await expect(page.getByTestId('summary-driver')).toBeVisible();
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, 'welcome.png'), fullPage: true });
});

const ACCESS_SENTENCE = 'Open the address that `dlsetup serve` printed in its terminal';

test('a wrong token is refused and shows no wizard, only the sentence that says which address to open', async ({ page }) => {
  for (const wrong of ['wrong-token', 'A'.repeat(32)]) {
    await page.goto(`${serve.origin}/#token=${wrong}`);
    await expect(page.getByText(ACCESS_SENTENCE)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Set up your GPU for deep learning' })).toHaveCount(0);
  }
});

/** A stand-in for any other service on this machine (another user's, say): it records what the browser sends it. */
async function otherLocalService(): Promise<{ origin: string; seen: IncomingHttpHeaders[]; close(): Promise<void> }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = http.createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>another service</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// Issue 27, item 1: cookies are scoped to a host, not a port, so the `dlsetup_token` cookie reached every local service.
test('whatever the browser holds for serve is useless to another port, over HTTP and WebSocket', async ({ browser }) => {
  const context = await browser.newContext();
  const wizard = await context.newPage();
  await wizard.goto(serve.url);
  await expect(wizard.getByRole('heading', { level: 1, name: 'Set up your GPU for deep learning' })).toBeVisible();
  // The token left the address bar and this history entry as soon as the page's script read it.
  expect(wizard.url()).not.toContain(serve.token);

  const other = await otherLocalService();
  try {
    const otherPage = await context.newPage();
    await otherPage.goto(`${other.origin}/`);
    const otherView = await otherPage.evaluate(() => ({ cookie: document.cookie, session: JSON.stringify({ ...sessionStorage }), local: JSON.stringify({ ...localStorage }) }));
    // Every cookie the browser holds, HttpOnly ones too, and every header and storage the other service could read.
    const cookies = await context.cookies();
    const sentToOther = other.seen.flatMap((headers) => [headers.cookie ?? '', headers.referer ?? '', headers.authorization ?? '']).filter(Boolean);
    const cookieHeader = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    const candidates = [...cookies.map((cookie) => cookie.value), ...sentToOther, otherView.cookie, otherView.session, otherView.local].filter(Boolean);
    expect(JSON.stringify({ sentToOther, otherView })).not.toContain(serve.token);

    const statuses: number[] = [];
    const post = async (target: string, headers: Record<string, string>) => {
      const response = await fetch(`${serve.origin}${target}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });
      statuses.push(response.status);
    };
    await post('/api/invoke/install:status', cookieHeader ? { Cookie: cookieHeader } : {});
    for (const value of candidates) {
      await post('/api/invoke/install:status', { Cookie: cookieHeader || 'x=1', Authorization: `Bearer ${value}` });
      await post(`/api/invoke/install:status?token=${encodeURIComponent(value)}`, { Cookie: cookieHeader || 'x=1' });
    }
    const socketStatus = (headers: Record<string, string>, protocols: string[] = []) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`${serve.origin.replace('http', 'ws')}/api/events`, protocols, { headers });
        socket.on('error', () => resolve(0));
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
      });
    statuses.push(await socketStatus(cookieHeader ? { Cookie: cookieHeader } : {}));
    for (const value of candidates) statuses.push(await socketStatus({ Cookie: cookieHeader || 'x=1' }, [`dlsetup.token.${value.replace(/[^\w-]/g, '')}`]));
    expect(statuses.filter((status) => status !== 401 && status !== 403)).toEqual([]);

    // The other origin's own script, in the same browser, gets nothing either.
    const fromOtherPage = await otherPage.evaluate(async (origin) => {
      try {
        return (await fetch(`${origin}/api/invoke/install:status`, { method: 'POST', body: '{}', credentials: 'include' })).status;
      } catch {
        return 'blocked';
      }
    }, serve.origin);
    expect([401, 403, 'blocked']).toContain(fromOtherPage);
  } finally {
    await other.close();
  }

  // The tab that opened the URL keeps working after a reload; a new tab without the token says what to open.
  await wizard.reload();
  await expect(wizard.getByRole('heading', { level: 1, name: 'Set up your GPU for deep learning' })).toBeVisible();
  await expect(wizard.getByTestId('summary-driver')).toBeVisible();
  const newTab = await context.newPage();
  await newTab.goto(`${serve.origin}/`);
  await expect(newTab.getByText(ACCESS_SENTENCE)).toBeVisible();
  await expect(newTab.getByRole('heading', { name: 'Set up your GPU for deep learning' })).toHaveCount(0);
  // Pasting the printed URL into that tab changes only its fragment; the page takes the token and starts afresh.
  await newTab.goto(serve.url);
  await expect(newTab.getByRole('heading', { level: 1, name: 'Set up your GPU for deep learning' })).toBeVisible();
  expect(newTab.url()).toBe(`${serve.origin}/`);
  await context.close();
});

test('a page on another origin cannot call the engine', async ({ page, browser }) => {
  await page.goto(serve.url);
  // A second loopback origin stands in for a malicious site open in the same browser.
  const other = await browser.newPage();
  await other.goto('about:blank');
  const status = await other.evaluate(async (origin) => {
    try {
      const response = await fetch(`${origin}/api/invoke/detect:run`, { method: 'POST', body: '{}', credentials: 'include' });
      return response.status;
    } catch {
      return 'blocked';
    }
  }, serve.origin);
  expect([401, 403, 'blocked']).toContain(status);
  await other.close();
});

test('the page is served with a strict Content-Security-Policy header', async ({ page }) => {
  const response = await page.goto(serve.url);
  const csp = (await response!.request().redirectedFrom()?.response())?.headers()['content-security-policy'] ?? response!.headers()['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
});

test('Chinese-language users get the wizard in Simplified Chinese', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(serve.url);
  await expect(page.getByRole('heading', { level: 1, name: '为深度学习配置你的 GPU' })).toBeVisible();
  await expect(page.getByRole('button', { name: '首次配置' })).toBeVisible();
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your GPU for deep learning' })).toBeVisible();
  await context.close();
});

test('a tab without the token says, in Chinese too, to open the address `dlsetup serve` printed', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${serve.origin}/`);
  await expect(page.getByText('请打开 `dlsetup serve` 在终端中打印的地址')).toBeVisible();
  await context.close();
});
