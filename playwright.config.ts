import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright cannot download browsers on our machines. The flags keep it off the (closed) network.
// DLSETUP_CHROMIUM=playwright (GitHub CI) uses the Chromium that `playwright install` fetched.
export const CHROMIUM = process.env.DLSETUP_CHROMIUM ?? '/usr/bin/chromium';
const executablePath = CHROMIUM === 'playwright' ? undefined : CHROMIUM;

export default defineConfig({
  testDir: 'e2e',
  testMatch: ['browser/**/*.spec.ts', 'electron/**/*.spec.ts'],
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    viewport: { width: 1180, height: 800 },
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
    trace: 'off',
  },
});
