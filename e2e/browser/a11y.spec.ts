import { expect, test, type Page } from '@playwright/test';
import type { SimulatedHost } from '../../testkit/simulatedHost.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { startServe, type ServeHandle } from '../support/serve.js';
import { wizardHost } from '../support/wizardHosts.js';

let host: SimulatedHost;
let serve: ServeHandle;

test.beforeAll(async () => {
  host = await wizardHost('rtx4090');
  serve = await startServe(host.env);
});
test.afterAll(async () => {
  await serve.stop();
  await host.cleanup();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Every screen reachable with the services wired now, scanned in light and dark. */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`every reachable screen has no serious axe violations (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto(serve.url);
    await expect(heading(page)).toHaveText('Set up your GPU for deep learning');
    await expect(page.getByTestId('summary-os').or(page.getByTestId('summary-error'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'welcome');

    await page.getByRole('button', { name: 'First-time setup' }).click();
    await expect(heading(page)).toHaveText('Your machine');
    await expect(page.getByTestId('gpu-card').or(page.getByRole('alert'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'machine');

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page)).toHaveText('Choose what to install');
    await page.getByLabel('Python packages (PyPI)').selectOption('custom');
    await page.getByRole('button', { name: 'See the plan' }).click();
    // The empty custom URL is refused, with the error tied to its field.
    await expect(page.getByLabel('Custom PyPI index URL')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, 'choose (with a field error)');
    await page.getByLabel('Python packages (PyPI)').selectOption('tuna');

    await page.getByRole('button', { name: 'See the plan' }).click();
    await expect(heading(page)).toHaveText('Your plan');
    await expect(page.getByTestId('plan-status').or(page.getByRole('alert'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'plan');

    await page.goto(serve.url);
    await page.getByRole('button', { name: 'Troubleshoot an error' }).click();
    await expect(heading(page)).toHaveText('Troubleshoot');
    await page.getByLabel('Error message or tool output').fill('RuntimeError: CUDA error: no kernel image is available for execution on the device');
    await page.getByRole('button', { name: 'Find the cause' }).click();
    await expect(page.getByTestId('diagnosis').or(page.getByRole('alert'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'troubleshoot');

    await page.goto(serve.url);
    await page.getByRole('button', { name: 'Re-verify this machine' }).click();
    await expect(heading(page)).toHaveText('Verify');
    await expect(page.getByTestId('verify-summary').or(page.getByRole('alert'))).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page, 'verify');
  });
}

test('the Chinese wizard has no serious axe violations either', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(serve.url);
  await expect(heading(page)).toHaveText('为深度学习配置你的 GPU');
  await page.getByRole('button', { name: '首次配置' }).click();
  await expect(heading(page)).toHaveText('你的电脑');
  await expect(page.getByTestId('gpu-card').or(page.getByRole('alert'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'machine (zh-CN)');
  await context.close();
});
