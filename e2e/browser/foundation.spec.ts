import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
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

test('a wrong token is refused and shows no wizard', async ({ page }) => {
  const response = await page.goto(`${serve.origin}/?token=wrong-token`);
  expect(response?.status()).toBe(401);
  await expect(page.getByText('Unauthorized')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Set up your GPU for deep learning' })).toHaveCount(0);
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
