// Issue 17, "every screen tells the truth": the moments that misled a new user, in English and Simplified Chinese, on
// simulated hosts (real `dlsetup serve`, real detection of real captures, real resolver, real React wizard).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { SimulatedHost } from '../../testkit/simulatedHost.js';
import { startServe, type ServeHandle } from '../support/serve.js';
import { wizardHost, WIZARD_HOSTS } from '../support/wizardHosts.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** One simulated machine and one real `dlsetup serve` per describe block. */
function onHost(name: keyof typeof WIZARD_HOSTS) {
  const machine: { host?: SimulatedHost; serve?: ServeHandle } = {};
  test.beforeAll(async () => {
    machine.host = await wizardHost(name);
    machine.serve = await startServe(machine.host.env);
  });
  test.afterAll(async () => {
    await machine.serve?.stop();
    await machine.host?.cleanup();
  });
  return machine as { host: SimulatedHost; serve: ServeHandle };
}

async function pageIn(browser: Browser, locale: 'en' | 'zh-CN', url: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ locale, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** The labels each flow clicks, in both languages. */
const LABELS = {
  en: { start: 'First-time setup', continue: 'Continue', seePlan: 'See the plan', dryRun: 'Preview commands (dry run)' },
  'zh-CN': { start: '首次配置', continue: '继续', seePlan: '查看方案', dryRun: '预览命令（演练）' },
} as const;

/** The real `dlsetup` CLI on the same simulated host. */
async function cli(host: SimulatedHost, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'bin', 'dlsetup.js'), ...args], {
    cwd: root,
    env: { ...process.env, ...host.env, NO_COLOR: '1', LANG: 'C.UTF-8', LC_ALL: '' },
    maxBuffer: 8 * 1024 * 1024,
  });
  return stdout;
}

test.describe('item 1: a dry run is a preview, never "installed" (no GPU)', () => {
  const machine = onHost('noGpu');
  const WORDS = {
    en: { heading: 'Preview of the install commands', state: 'Nothing was changed; these are the commands that would run.', installed: 'Everything is installed.', tag: 'would run', done: 'already done' },
    'zh-CN': { heading: '安装命令预览', state: '没有做任何改动；下面是将会执行的命令。', installed: '全部安装完成。', tag: '将会执行', done: '已完成过' },
  } as const;
  for (const locale of ['en', 'zh-CN'] as const) {
    test(`${locale}: after "Preview commands" the Install screen says nothing was changed, with no 100 % bar and no "already done"`, async ({ browser }) => {
      const words = WORDS[locale];
      const labels = LABELS[locale];
      const page = await pageIn(browser, locale, machine.serve.url);
      await page.getByRole('button', { name: labels.start }).click();
      await page.getByRole('button', { name: labels.continue }).click();
      await page.getByRole('button', { name: labels.seePlan }).click();
      await page.getByRole('button', { name: labels.dryRun }).click();
      await expect(page.getByTestId('run-state')).toHaveText(words.state, { timeout: 20_000 });
      await expect(heading(page)).toHaveText(words.heading);
      await expect(page.getByText(words.installed)).toHaveCount(0);
      await expect(page.locator('progress')).toHaveCount(0);
      await expect(page.getByText('100 %')).toHaveCount(0);
      const tags = page.getByTestId('install-step').locator('.tag.state');
      expect(await tags.count()).toBeGreaterThan(0);
      for (const tag of await tags.allTextContents()) expect(tag).toBe(words.tag);
      await expect(page.getByText(words.done)).toHaveCount(0);
      // The commands are there to read.
      await expect(page.getByTestId('step-log').first()).toContainText('$ ');
      await page.context().close();
    });
  }
});

test.describe('item 2: driver 470.74 (CUDA 11.4) with Toolkit 11.5.119 active (GT 1030)', () => {
  const machine = onHost('gt1030');
  // https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html: from CUDA 11 on, a Toolkit of one
  // major runs with a limited feature set on a driver of the same major at or above its floor (450.80.02 for 11.x).
  const EXPECTED = {
    en: { fit: ['Toolkit 11.5.119 is newer than the CUDA 11.4 this driver reports', 'minor-version compatibility', 'PTX', 'cudaErrorCallRequiresNewerDriver', 'supports CUDA 11.5'], wrong: 'is not newer than' },
    'zh-CN': { fit: ['Toolkit 11.5.119 比这个驱动报告的 CUDA 11.4 新', '次版本兼容性', 'PTX', 'cudaErrorCallRequiresNewerDriver', '支持 CUDA 11.5'], wrong: '不比 CUDA 11.4 新' },
  } as const;
  for (const locale of ['en', 'zh-CN'] as const) {
    test(`${locale}: Your machine explains minor-version compatibility and its limits, in the sentence \`dlsetup detect\` prints`, async ({ browser }) => {
      const page = await pageIn(browser, locale, machine.serve.url);
      await page.getByRole('button', { name: LABELS[locale].start }).click();
      const verdict = page.getByTestId('explain').locator('[data-explain="fit"]');
      for (const part of EXPECTED[locale].fit) await expect(verdict).toContainText(part);
      await expect(page.getByTestId('explain')).not.toContainText(EXPECTED[locale].wrong);
      const sentence = (await verdict.textContent())!.trim();
      const printed = await cli(machine.host, ['detect', '--lang', locale]);
      expect(printed.replace(/\s+/g, ' ')).toContain(sentence);
      await page.context().close();
    });
  }
});
