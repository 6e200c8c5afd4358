import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loopbackServers } from '../../testkit/network/loopbackServers.js';
import { delayedPipIndex, overlayMirrorIndexes, refusedBase } from '../../testkit/network/mirrorIndexes.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import type { SimulatedHost } from '../../testkit/simulatedHost.js';
import { startServe, type ServeHandle } from '../support/serve.js';
import { wizardHost } from '../support/wizardHosts.js';

// Issue 17: a Chinese locale starts with the mirror whose index answered fastest, says so with the figure, and lets the
// person change it; English keeps the official index. The browser lane has no internet: the serve process reads a
// copy of data/mirrors.json (DLSETUP_DATA_DIR, the engine's test data overlay) whose mirrors are loopback indexes.

const servers = loopbackServers();

/** A data overlay folder whose mirrors.json points each mirror's PyPI index at `bases[id]`/simple. */
function mirrorsOverlay(bases: Record<string, string>): string {
  return overlayMirrorIndexes(mkdtempSync(path.join(os.tmpdir(), 'dlsetup-e2e-mirrors-')), bases);
}

const TEXT = {
  en: { start: 'First-time setup', next: 'Continue', plan: 'See the plan', dryRun: 'Preview commands (dry run)', change: 'Change the package source' },
  'zh-CN': { start: '首次配置', next: '继续', plan: '查看方案', dryRun: '预览命令（演练）', change: '更换软件包来源' },
} as const;

async function openPlan(page: Page, serve: ServeHandle, locale: keyof typeof TEXT): Promise<void> {
  await page.goto(serve.url);
  await page.getByRole('button', { name: TEXT[locale].start }).click();
  await page.getByRole('button', { name: TEXT[locale].next }).click();
  await page.getByRole('button', { name: TEXT[locale].plan }).click();
  await expect(page.getByTestId('plan-status')).toHaveAttribute('data-status', 'ok');
}

/** The framework step's package sources as install:start receives them from a dry run. */
async function sourcesInstallGets(page: Page, locale: keyof typeof TEXT): Promise<Record<string, unknown>> {
  const request = page.waitForRequest((candidate) => decodeURIComponent(candidate.url()).includes('/api/invoke/install:start'));
  await page.getByRole('button', { name: TEXT[locale].dryRun }).click();
  const body = (await request).postDataJSON() as { arg: { plan: { steps: { kind: string; params: Record<string, unknown> }[] } } };
  const params = body.arg.plan.steps.find((step) => step.kind === 'framework')!.params;
  return { pypiMirror: params.pypiMirror, pytorchMirror: params.pytorchMirror };
}

test.describe('default package source by language (RTX 4090, PyTorch wheels)', () => {
  const lab: { host?: SimulatedHost; serve?: ServeHandle; overlay?: string; tuna?: string } = {};
  test.beforeAll(async () => {
    lab.tuna = await servers.listen(delayedPipIndex(10), '127.0.0.1');
    // TUNA answers first, Aliyun and USTC later, SJTUG not at all: 4 mirrors measured, TUNA picked.
    lab.overlay = mirrorsOverlay({
      tuna: lab.tuna,
      aliyun: await servers.listen(delayedPipIndex(600), '127.0.0.1'),
      ustc: await servers.listen(delayedPipIndex(900), '127.0.0.1'),
      sjtu: await refusedBase(),
    });
    lab.host = await wizardHost('rtx4090');
    lab.serve = await startServe({ ...lab.host.env, DLSETUP_DATA_DIR: lab.overlay });
  });
  test.afterAll(async () => {
    await lab.serve?.stop();
    await lab.host?.cleanup();
    await servers.closeAll();
    if (lab.overlay) rmSync(lab.overlay, { recursive: true, force: true });
  });

  test('zh-CN: the fastest mirror is the default, shown with its figure, and is what install receives', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await openPlan(page, lab.serve!, 'zh-CN');
    const sources = page.getByTestId('package-sources');
    await expect(page.getByTestId('package-sources-summary')).toHaveText(/^正在使用清华大学 TUNA（中国）镜像：测得的 4 个镜像中最快（\d+ 毫秒）。$/);
    // TUNA carries no PyTorch CUDA builds: the page says where they come from instead.
    await expect(page.getByTestId('package-sources-pytorch')).toHaveText('PyTorch 的 CUDA 版本仍从 download.pytorch.org 下载：清华大学 TUNA（中国）不提供这些安装包。');
    const picker = sources.getByLabel(TEXT['zh-CN'].change);
    await expect(picker).toHaveValue('tuna');
    // Each measured mirror shows its figure; the one that did not answer says so.
    await expect(picker.locator('option', { hasText: /^清华大学 TUNA（中国）（\d+ 毫秒）$/ })).toHaveCount(1);
    await expect(picker.locator('option', { hasText: '上海交通大学 SJTUG（中国）（无响应）' })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'plan (zh-CN, measured package source)');
    expect(await sourcesInstallGets(page, 'zh-CN')).toEqual({ pypiMirror: 'tuna', pytorchMirror: undefined });
    // The engine's dry run: pip gets the measured mirror's index beside PyTorch's own CUDA index.
    const pipLine = new RegExp(`--index-url https://download\\.pytorch\\.org/whl/cu\\d+ --extra-index-url ${lab.tuna!.replace(/[.:/]/g, '\\$&')}/simple `);
    await expect(page.getByText(pipLine)).toHaveCount(1);
    await context.close();
  });

  test('zh-CN: picking another mirror or the official index changes what install receives', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await openPlan(page, lab.serve!, 'zh-CN');
    const picker = page.getByLabel(TEXT['zh-CN'].change);
    await expect(picker).toHaveValue('tuna');
    await picker.selectOption('aliyun');
    await expect(page.getByTestId('package-sources-summary')).toHaveText('正在使用你选择的阿里云（中国）。');
    await expect(page.getByTestId('package-sources-pytorch')).toHaveText('PyTorch 的 CUDA 版本从阿里云 PyTorch 镜像（中国）下载。');
    // The plan stays as it was: only the sources changed.
    await expect(page.getByTestId('plan-status')).toHaveAttribute('data-status', 'ok');
    await picker.selectOption('official');
    await expect(page.getByTestId('package-sources-summary')).toHaveText('正在使用官方 PyPI。');
    await expect(page.getByTestId('package-sources-pytorch')).toHaveCount(0);
    expect(await sourcesInstallGets(page, 'zh-CN')).toEqual({ pypiMirror: undefined, pytorchMirror: undefined });
    await context.close();
  });

  test('en: the official index stays the default, and can be changed', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en' });
    const page = await context.newPage();
    await openPlan(page, lab.serve!, 'en');
    await expect(page.getByTestId('package-sources-summary')).toHaveText('Using the official PyPI index.');
    const picker = page.getByLabel(TEXT.en.change);
    await expect(picker).toHaveValue('official');
    await picker.selectOption('tuna');
    await expect(page.getByTestId('package-sources-summary')).toHaveText('Using Tsinghua University TUNA (China), as you chose.');
    expect(await sourcesInstallGets(page, 'en')).toEqual({ pypiMirror: 'tuna', pytorchMirror: undefined });
    await context.close();
  });
});

test.describe('no mirror answers (zh-CN)', () => {
  const lab: { host?: SimulatedHost; serve?: ServeHandle; overlay?: string } = {};
  test.beforeAll(async () => {
    lab.overlay = mirrorsOverlay({ tuna: await refusedBase(), aliyun: await refusedBase(), ustc: await refusedBase(), sjtu: await refusedBase() });
    lab.host = await wizardHost('rtx4090');
    lab.serve = await startServe({ ...lab.host.env, DLSETUP_DATA_DIR: lab.overlay });
  });
  test.afterAll(async () => {
    await lab.serve?.stop();
    await lab.host?.cleanup();
    if (lab.overlay) rmSync(lab.overlay, { recursive: true, force: true });
  });

  test('the official index is used, with a sentence saying why', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await openPlan(page, lab.serve!, 'zh-CN');
    await expect(page.getByTestId('package-sources-summary')).toHaveText('正在使用官方 PyPI：测得的 4 个镜像都没有在 3 秒内响应。');
    await expect(page.getByLabel(TEXT['zh-CN'].change)).toHaveValue('official');
    expect(await sourcesInstallGets(page, 'zh-CN')).toEqual({ pypiMirror: undefined, pytorchMirror: undefined });
    await context.close();
  });
});
