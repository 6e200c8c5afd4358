import path from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { findElectron } from '../../scripts/findElectron.mjs';
import { CHANNELS } from '../../shared/ipc/contract.js';

const binary = findElectron();
const root = path.resolve(import.meta.dirname, '..', '..');

if ('skip' in binary) {
  // One clear line in the test output, not a silent pass.
  console.log(`Electron lane skipped: ${binary.skip}.`);
}
// On CI's platform jobs (npm run test:platform) a missing binary is a failure, not a skip.
if ('skip' in binary && process.env.DLSETUP_REQUIRE_ELECTRON === '1') throw new Error(`The Electron lane must run here: ${binary.skip}.`);
test.skip('skip' in binary, `Electron lane skipped: ${'skip' in binary ? binary.skip : ''}`);

let app: ElectronApplication;
let page: Page;

test.beforeAll(async () => {
  if (!('path' in binary)) return;
  app = await electron.launch({ executablePath: binary.path, args: [root, '--no-sandbox'], env: { ...process.env, DLSETUP_HOME: path.join(root, 'test-results', 'electron-home') } });
  page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  await app?.close();
});

test('the window runs isolated, sandboxed, without Node', async () => {
  const preferences = await app.evaluate(({ BrowserWindow }) => {
    // Read the live preferences (undocumented in the typings, present at run time), not our constant.
    const contents = BrowserWindow.getAllWindows()[0]!.webContents as unknown as { getLastWebPreferences(): Record<string, unknown> };
    return contents.getLastWebPreferences();
  });
  expect(preferences).toMatchObject({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
  });
  expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
});

test('the preload exposes one function per contract channel and never ipcRenderer', async () => {
  const keys = await page.evaluate(() => Object.keys((window as unknown as { dlsetup: object }).dlsetup).sort());
  // Exactly the contract's channels (a list written here went stale as channels were added) and the push listener.
  expect(keys).toEqual([...CHANNELS, 'onProgress'].sort());
  expect(await page.evaluate(() => 'ipcRenderer' in window)).toBe(false);
  const info = await page.evaluate(() => (window as unknown as { dlsetup: { 'app:info': () => Promise<unknown> } }).dlsetup['app:info']());
  expect(info).toMatchObject({ ok: true, value: { transport: 'electron' } });
});

test('the renderer is served from app:// with a strict CSP header', async () => {
  expect(page.url()).toBe('app://dlsetup/index.html');
  const csp = await app.evaluate(async ({ net }) => (await net.fetch('app://dlsetup/index.html')).headers.get('content-security-policy'));
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
});

test('navigation, window.open and permission requests are denied', async () => {
  await page.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await page.waitForTimeout(300);
  expect(page.url()).toBe('app://dlsetup/index.html');
  expect(await page.evaluate(() => window.open('https://example.com/') === null)).toBe(true);
  expect(app.windows()).toHaveLength(1);
  const permission = await page.evaluate(() => navigator.permissions.query({ name: 'notifications' as PermissionName }).then((status) => status.state));
  expect(permission).not.toBe('granted');
});
