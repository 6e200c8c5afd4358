// Issue 32 in the wizard: the Plan screen checks the plan's files on the package source the install will use, and
// asks again when the person changes the source on that screen; an index the machine's own pip.conf adds is asked
// too and said as theirs. Real: dlsetup serve, loopback indexes serving real index data (file names, sizes and
// sha256 of torch 2.6.0's PyPI closure, fixtures/pypi-index/), Chromium. Stand-ins: the simulated RTX 4090 host (its
// `ldd --version` prints the real capture of fixtures/ldd/, glibc 2.36), and the TUNA row of data/mirrors.json pointing
// at a loopback index (a data overlay, as TUNA itself is not reachable here).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { MirrorTable } from '../../shared/types/mirrors.js';
import { startLoopbackIndex, type LoopbackIndex } from '../../testkit/index/loopbackIndex.js';
import { realIndexProjects } from '../../testkit/index/realIndexData.js';
import { overlayDataTable } from '../../testkit/install/dataOverlay.js';
import { saveEnv } from '../../testkit/install/modernPip.js';
import type { SimulatedHost } from '../../testkit/simulatedHost.js';
import { startServe, type ServeHandle } from '../support/serve.js';
import { wizardHost } from '../support/wizardHosts.js';

const indexes = {} as { full: LoopbackIndex; lagging: LoopbackIndex; dir: string; overlay: string };
const restoreEnv = saveEnv(['DLSETUP_DATA_DIR']);

test.beforeAll(async () => {
  const projects = realIndexProjects();
  indexes.full = await startLoopbackIndex({ projects, metadata: true });
  // A mirror that has not synced torch 2.6.0 yet.
  indexes.lagging = await startLoopbackIndex({ projects, metadata: true, omitVersionsAbove: { torch: '2.5.1' } });
  indexes.dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-e2e-index-'));
  indexes.overlay = path.join(indexes.dir, 'data');
  overlayDataTable<MirrorTable>(indexes.overlay, 'mirrors', (table) => {
    table.mirrors.find((row) => row.id === 'tuna')!.pypiIndexUrl = indexes.full.url;
  });
});
test.afterAll(async () => {
  restoreEnv();
  await indexes.full?.close();
  await indexes.lagging?.close();
  if (indexes.dir) rmSync(indexes.dir, { recursive: true, force: true });
});

/** One simulated RTX 4090 and its serve per describe block, with the machine's own /etc/pip.conf when given. */
function machine(pipConf?: () => string) {
  const lab = {} as { host: SimulatedHost; serve: ServeHandle };
  test.beforeAll(async () => {
    const ldd = { ldd: { stdout: { fixture: 'ldd/debian12_ldd_version.txt' } } };
    lab.host = await wizardHost('rtx4090', { tools: ldd, ...(pipConf ? { files: { '/etc/pip.conf': pipConf() } } : {}) });
    lab.serve = await startServe({ ...lab.host.env, DLSETUP_DATA_DIR: indexes.overlay });
  });
  test.afterAll(async () => {
    await lab.serve?.stop();
    await lab.host?.cleanup();
  });
  return lab;
}

/** The wizard's own words for the controls this walk uses, from its catalogs. */
const WORDS = Object.fromEntries(
  (['en', 'zh-CN'] as const).map((locale) => {
    const catalog = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'locales', locale, 'wizard.json'), 'utf8')) as Record<string, string>;
    const say = (key: string) => catalog[key]!;
    return [locale, { start: say('welcome.start'), next: say('machine.continue'), version: say('choose.version'), python: say('choose.python'), pypi: say('choose.pypiMirror'), custom: say('choose.customPypiUrl'), plan: say('choose.continue') }];
  }),
) as Record<'en' | 'zh-CN', Record<'start' | 'next' | 'version' | 'python' | 'pypi' | 'custom' | 'plan', string>>;

/** PyTorch 2.6 for Python 3.11 (Ubuntu 22.04 packages it) from a custom PyPI index (the lagging one), up to the Plan screen. */
async function planFromLaggingMirror(page: Page, serve: ServeHandle, locale: 'en' | 'zh-CN' = 'en') {
  const words = WORDS[locale];
  await page.goto(serve.url);
  await page.getByRole('button', { name: words.start }).click();
  await page.getByRole('button', { name: words.next }).click({ timeout: 40_000 });
  await page.getByLabel(words.version, { exact: true }).selectOption('2.6.0');
  await page.getByLabel(words.python).selectOption('3.11');
  await page.getByLabel(words.pypi).selectOption('custom');
  await page.getByLabel(words.custom).fill(indexes.lagging.url);
  await page.getByRole('button', { name: words.plan }).click();
}

test.describe('the Plan screen checks the files on the source the install will use', () => {
  const lab = machine();
  test('a lagging mirror blocks the plan; picking another source on the Plan screen asks again and the plan is ok', async ({ page }) => {
    test.setTimeout(90_000);
    await planFromLaggingMirror(page, lab.serve);
    const status = page.getByTestId('plan-status');
    await expect(status).toHaveAttribute('data-status', 'blocked', { timeout: 20_000 });
    await expect(page.getByTestId('plan-blockers')).toContainText(`torch 2.6.0 is not on ${indexes.lagging.url}`);
    await expect(page.getByRole('button', { name: 'Install', exact: true })).toBeDisabled();

    await page.getByLabel('Change the package source').selectOption('tuna');
    await expect(status).toHaveAttribute('data-status', 'ok', { timeout: 20_000 });
    const panel = page.getByTestId('plan-index');
    // torch 2.6.0's closure for cp311 on manylinux: 23 files (its uv.lock gives the sizes of 22 of them).
    await expect(panel).toContainText(`Checked on ${indexes.full.url}: 23 files, each pinned by its sha256`);
    await expect(panel).toContainText(/GB for the 22 whose size the index gives/);
    await expect(page.getByTestId('plan-blockers')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Install', exact: true })).toBeEnabled();
  });
});

test.describe("an index the machine's pip.conf adds", () => {
  const lab = machine(() => `[global]\nextra-index-url = ${indexes.full.url}\n`);
  const said = {
    en: `Your pip configuration (pip.conf or PIP_* variables) adds ${'URL'}: pip will read it when it installs, so the check read it too.`,
    'zh-CN': `你的 pip 配置（pip.conf 或 PIP_* 环境变量）添加了 ${'URL'}：pip 安装时会读取它，所以这次核对也读取了它。`,
  } as const;
  for (const locale of ['en', 'zh-CN'] as const) {
    test(`${locale}: is asked too, so the lagging mirror no longer blocks, and the Plan screen says it came from pip.conf`, async ({ browser }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await planFromLaggingMirror(page, lab.serve, locale);
      await expect(page.getByTestId('plan-status')).toHaveAttribute('data-status', 'ok', { timeout: 20_000 });
      const panel = page.getByTestId('plan-index');
      const checked = { en: `Checked on ${indexes.lagging.url}, ${indexes.full.url}:`, 'zh-CN': `已在 ${indexes.lagging.url}、${indexes.full.url} 上核对` }[locale];
      await expect(panel).toContainText(checked);
      await expect(panel).toContainText(said[locale].replace('URL', indexes.full.url));
      await context.close();
    });
  }
});
