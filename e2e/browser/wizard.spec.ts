import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { SimulatedHost } from '../../main/testing/simulatedHost.js';
import { pressWithKeyboard, tabTo } from '../support/keyboard.js';
import { startServe, type ServeHandle } from '../support/serve.js';
import { missingChannels, wizardHost, WIZARD_HOSTS } from '../support/wizardHosts.js';

const screenshots = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');
mkdirSync(screenshots, { recursive: true });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });

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

/** Skips (as fixme) a flow whose channels `dlsetup serve` does not answer yet; it turns on by itself once they are wired. */
async function needChannels(serve: ServeHandle, probes: Parameters<typeof missingChannels>[1]) {
  const missing = await missingChannels(serve, probes);
  test.fixme(missing.length > 0, `needs ${missing.join(', ')} wired in main/transport/handlers.ts`);
}

const INSTALL_PROBES = { 'install:status': {}, 'install:cancel': { runId: 'none' } };

test.describe('RTX 4090 on driver 535.86.05', () => {
  const machine = onHost('rtx4090');

  test('keyboard only: Welcome → Your machine → Choose → Plan, with this card and driver', async ({ page }) => {
    await page.goto(machine.serve.url);
    await expect(heading(page)).toBeFocused();
    await expect(page.getByTestId('summary-gpus')).toContainText('RTX 4090');
    await shot(page, 'welcome');

    await pressWithKeyboard(page, page.getByRole('button', { name: 'First-time setup' }));
    await expect(heading(page)).toHaveText('Your machine');
    await expect(heading(page)).toBeFocused();
    const card = page.getByTestId('gpu-card');
    await expect(card).toContainText('NVIDIA GeForce RTX 4090');
    await expect(card).toContainText('Ada Lovelace');
    await expect(card).toContainText('8.9');
    await expect(card).toContainText('82.58 TFLOP/s');
    await expect(card).toContainText('1008 GB/s');
    await expect(page.getByTestId('machine-driver')).toContainText('535.86.05 — runs CUDA up to 12.2');
    await expect(page.getByTestId('explain')).toContainText('“CUDA Version 12.2”');
    await shot(page, 'machine');

    await pressWithKeyboard(page, page.getByRole('button', { name: 'Continue' }));
    await expect(heading(page)).toHaveText('Choose what to install');
    await expect(heading(page)).toBeFocused();
    await tabTo(page, page.getByRole('radio', { name: /PyTorch/ }));
    await expect(page.getByRole('radio', { name: /PyTorch/ })).toBeChecked();
    await tabTo(page, page.getByLabel('Python packages (PyPI)'));
    await page.keyboard.press('ArrowDown'); // TUNA, the first China mirror
    await expect(page.getByLabel('Python packages (PyPI)')).toHaveValue('tuna');
    await shot(page, 'choose');

    await pressWithKeyboard(page, page.getByRole('button', { name: 'See the plan' }));
    await expect(heading(page)).toHaveText('Your plan');
    await needChannels(machine.serve, { 'plan:resolve': { framework: 'pytorch' } });
    await expect(page.getByTestId('plan-status')).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('plan-status')).toContainText(/PyTorch [\d.]+ \(cu12\d\)/);
    await expect(page.locator('[data-component="driver"]')).toContainText('535.86.05');
    await expect(page.locator('[data-component="driver"]')).toContainText('keep');
    await expect(page.getByTestId('plan-reasons')).toContainText('compute capability 8.9');
    await page.getByText('Show as a shell script').click();
    await expect(page.getByTestId('plan-script')).toContainText('-m pip install --index-url https://download.pytorch.org/whl/cu12');
    await shot(page, 'plan');
  });

  test('a blocked pinned version → the nearest working alternative is one click away', async ({ page }) => {
    await page.goto(machine.serve.url);
    await page.getByRole('button', { name: 'First-time setup' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Version', { exact: true }).fill('1.12');
    await page.getByLabel('Python version').selectOption('3.12');
    await page.getByRole('button', { name: 'See the plan' }).click();
    await needChannels(machine.serve, { 'plan:resolve': { framework: 'pytorch' } });
    await expect(page.getByTestId('plan-status')).toHaveAttribute('data-status', 'blocked');
    await expect(page.getByTestId('plan-blockers')).toContainText('supports Python 3.7 to 3.10');
    await expect(page.getByRole('button', { name: 'Install', exact: true })).toBeDisabled();
    await shot(page, 'plan-blocked');
    await page.getByRole('button', { name: 'Use PyTorch 1.12, Python 3.10 instead' }).click();
    await expect(page.getByTestId('plan-status')).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('plan-status')).toBeFocused();
    await expect(page.getByTestId('plan-status')).toContainText('PyTorch 1.12');
    await expect(page.locator('[data-component="python"]')).toContainText('3.10');
    await expect(page.getByRole('button', { name: 'Install', exact: true })).toBeEnabled();
  });

  test('dry run: the install screen lists every step without changing the machine', async ({ page }) => {
    await needChannels(machine.serve, { 'plan:resolve': { framework: 'pytorch' }, ...INSTALL_PROBES });
    await page.goto(machine.serve.url);
    await page.getByRole('button', { name: 'First-time setup' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'See the plan' }).click();
    await page.getByRole('button', { name: 'Preview commands (dry run)' }).click();
    await expect(heading(page)).toHaveText('Installing');
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'succeeded', { timeout: 20_000 });
    await expect(page.getByText('This is a dry run')).toBeVisible();
    await expect(page.getByTestId('install-step')).toHaveCount(2);
  });

  test('happy path: install PyTorch from a loopback index, then verify', async ({ page }) => {
    await needChannels(machine.serve, { 'plan:resolve': { framework: 'pytorch' }, ...INSTALL_PROBES });
    // Needs a loopback PEP 503 index serving a torch wheel (Install issue's test support) as the custom PyTorch mirror.
    test.fixme(true, 'needs a loopback index helper for e2e (e2e/support) from the Install work');
    await page.goto(machine.serve.url);
    await page.getByRole('button', { name: 'First-time setup' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'See the plan' }).click();
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(heading(page)).toHaveText('Installing');
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'succeeded', { timeout: 120_000 });
    await shot(page, 'install');
    await page.getByRole('button', { name: 'Verify the GPU' }).click();
    await expect(heading(page)).toHaveText('Verify');
    await expect(page.getByTestId('verify-checks')).toBeVisible({ timeout: 60_000 });
  });

  test('an install step fails → its diagnosis is shown → retry', async ({ page }) => {
    await needChannels(machine.serve, { 'plan:resolve': { framework: 'pytorch' }, ...INSTALL_PROBES, 'diagnose:text': { text: 'x' } });
    await page.goto(machine.serve.url);
    await page.getByRole('button', { name: 'First-time setup' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    // A mirror nobody answers on: the framework step fails with a network error the diagnosis explains.
    await page.getByLabel('PyTorch builds').selectOption('custom');
    await page.getByLabel('Custom PyTorch index URL').fill('http://127.0.0.1:9/whl');
    await page.getByRole('button', { name: 'See the plan' }).click();
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'failed', { timeout: 120_000 });
    const failed = page.locator('[data-testid="install-step"][data-state="failed"]');
    await expect(failed.getByTestId('step-diagnosis')).toBeVisible();
    await expect(failed.getByTestId('step-log')).toBeVisible();
    await shot(page, 'install-failed');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', /running|failed/);
  });

  test('cancel mid-download, and a reload mid-install reattaches', async ({ page }) => {
    await needChannels(machine.serve, { 'plan:resolve': { framework: 'pytorch' }, ...INSTALL_PROBES });
    test.fixme(true, 'needs a slow loopback index (e2e/support) so the download is still running when we reload and cancel');
    await page.goto(machine.serve.url);
    await page.getByRole('button', { name: 'First-time setup' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'See the plan' }).click();
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(page.getByTestId('step-bytes').filter({ hasText: /of/ })).toBeVisible({ timeout: 60_000 });
    await page.reload();
    await expect(heading(page)).toHaveText('Installing');
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'running');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'cancelled', { timeout: 30_000 });
  });

  test('Verify on a machine without Python says which check failed and why', async ({ page }) => {
    await needChannels(machine.serve, { 'verify:history': undefined });
    await page.goto(machine.serve.url);
    await page.getByRole('button', { name: /Re-verify this machine/ }).click();
    await expect(heading(page)).toHaveText('Verify');
    // This simulated host has no python3 at all (isolated PATH): the real verify says so instead of crashing.
    const check = page.locator('[data-check="python-runs"]');
    await expect(check).toHaveAttribute('data-status', 'fail', { timeout: 60_000 });
    await expect(check).toContainText('Python runs');
    await expect(check).toContainText('is not on PATH');
    await expect(page.getByTestId('verify-summary')).toHaveText('0 passed, 1 failed, 0 skipped');
    await expect(page.getByTestId('verify-saved')).toContainText('.json');
    await shot(page, 'verify');
  });

  test('Troubleshoot: paste an error, get the cause and the fixes', async ({ page }) => {
    await page.goto(machine.serve.url);
    await pressWithKeyboard(page, page.getByRole('button', { name: 'Troubleshoot an error' }));
    await expect(heading(page)).toHaveText('Troubleshoot');
    await tabTo(page, page.getByLabel('Error message or tool output'));
    await page.keyboard.insertText('RuntimeError: CUDA error: no kernel image is available for execution on the device');
    await pressWithKeyboard(page, page.getByRole('button', { name: 'Find the cause' }));
    await needChannels(machine.serve, { 'diagnose:text': { text: 'x' } });
    await expect(page.locator('[data-code="NO_KERNEL_IMAGE"]')).toBeVisible();
    await shot(page, 'troubleshoot');
  });
});

test.describe('no GPU', () => {
  const machine = onHost('noGpu');

  test('the plan is the CPU build, and says so', async ({ page }) => {
    await page.goto(machine.serve.url);
    await page.getByRole('button', { name: 'First-time setup' }).click();
    await expect(page.getByTestId('no-gpu')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'See the plan' }).click();
    await needChannels(machine.serve, { 'plan:resolve': { framework: 'pytorch' } });
    await expect(page.getByTestId('plan-status')).toContainText('(cpu)');
    await expect(page.getByTestId('plan-reasons')).toContainText('No GPU was found, so this is the CPU build');
    await expect(page.locator('[data-component="driver"]')).toContainText('nothing needed');
  });
});

test.describe('driver too old (TITAN Xp on 384.66)', () => {
  const machine = onHost('oldDriver');

  test('the plan upgrades the driver, explains why, and marks it as an admin step', async ({ page }) => {
    await page.goto(machine.serve.url);
    await page.getByRole('button', { name: 'First-time setup' }).click();
    await expect(page.getByTestId('machine-driver')).toContainText('384.66');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'See the plan' }).click();
    await needChannels(machine.serve, { 'plan:resolve': { framework: 'pytorch' } });
    const driver = page.locator('[data-component="driver"]');
    await expect(driver).toContainText('384.66');
    await expect(driver).toContainText('upgrade');
    await expect(page.locator('[data-kind="driver"]')).toContainText('admin');
    await expect(page.getByTestId('plan-reasons')).toContainText(/driver/i);
    await shot(page, 'plan-driver-upgrade');
  });
});

test.describe('the whole flow in Simplified Chinese', () => {
  const machine = onHost('rtx4090');

  test('Welcome → 你的电脑 → 选择 → 方案, every label in Chinese', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(machine.serve.url);
    await expect(heading(page)).toHaveText('为深度学习配置你的 GPU');
    await shot(page, 'zh-CN-welcome');
    await page.getByRole('button', { name: '首次配置' }).click();
    await expect(heading(page)).toHaveText('你的电脑');
    await expect(page.getByTestId('explain')).toContainText('nvidia-smi 显示的“CUDA Version 12.2”意思是：这个驱动能运行为 CUDA 12.2 及更早版本编译的程序');
    await shot(page, 'zh-CN-machine');
    await page.getByRole('button', { name: '继续' }).click();
    await expect(heading(page)).toHaveText('选择要安装的内容');
    await page.getByLabel('Python 包（PyPI）').selectOption('sjtu');
    await shot(page, 'zh-CN-choose');
    await page.getByRole('button', { name: '查看方案' }).click();
    await expect(heading(page)).toHaveText('你的方案');
    await needChannels(machine.serve, { 'plan:resolve': { framework: 'pytorch' } });
    await expect(page.getByTestId('plan-status')).toContainText('这个方案适用于你的电脑');
    await expect(page.getByRole('columnheader', { name: 'DL Setup 会做什么' })).toBeVisible();
    await shot(page, 'zh-CN-plan');
    await context.close();
  });
});

test('the wizard fits 1024×640 without horizontal scrolling', async ({ browser }) => {
  const host = await wizardHost('rtx4090');
  const serve = await startServe(host.env);
  const context = await browser.newContext({ viewport: { width: 1024, height: 640 } });
  const page = await context.newPage();
  try {
    await page.goto(serve.url);
    for (const next of ['First-time setup', 'Continue', 'See the plan']) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow before "${next}"`).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: next }).click();
    }
  } finally {
    await context.close();
    await serve.stop();
    await host.cleanup();
  }
});
