// Issue 30, "an internal id never reaches a sentence", in the wizard: every screen of a Chinese walk on the TITAN Xp on
// driver 384.66 (Welcome, Your machine, Choose, Plan for each method, the dry run with its command logs, Troubleshoot,
// All environments, Verify)
// is read as the student sees it (document.body.innerText, and the step logs) and scanned for internal ids, codes
// outside their bracket, catalog keys and English words of the product's own sentences (testkit/i18n/zhLeftovers.ts).
import os from 'node:os';
import { expect, test, type Page } from '@playwright/test';
import { zhLeftovers } from '../../testkit/i18n/zhLeftovers.js';
import { onHost } from '../support/onHost.js';

const PASTED = 'RuntimeError: CUDA error: no kernel image is available for execution on the device';

test.describe('zh-CN wizard on the TITAN Xp (driver 384.66)', () => {
  const machine = onHost('oldDriver');
  const heading = (page: Page) => page.getByRole('heading', { level: 1 });

  test('no screen shows an internal id, a bare code, a catalog key or an English word of its own', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ locale: 'zh-CN' });
    let page = await context.newPage();
    // The machine's own words (GPU, CPU, paths), the language picker's "English", and what the student pasted.
    const names = ['NVIDIA TITAN Xp', ...os.cpus().map((cpu) => cpu.model), os.homedir(), machine.host.root, machine.host.env.DLSETUP_HOME, 'English', PASTED];
    const found: string[] = [];
    const scan = async (screen: string) => {
      const text = [await page.locator('body').innerText(), ...(await page.getByTestId('step-log').allTextContents())].join('\n');
      for (const leftover of zhLeftovers(text, names)) found.push(`${screen}: ${leftover.kind} "${leftover.text}" in: ${leftover.line}`);
      return text;
    };

    await page.goto(machine.serve.url);
    await expect(heading(page)).toHaveText('为深度学习配置你的 GPU');
    await scan('welcome');
    await page.getByRole('button', { name: '首次配置' }).click();
    await expect(page.getByTestId('machine-driver')).toContainText('384.66', { timeout: 40_000 });
    await scan('machine');
    await page.getByRole('button', { name: '继续' }).click();
    await expect(page.getByRole('button', { name: '查看方案' })).toBeVisible();
    await scan('choose');

    const methods = page.locator('input[name="method"]');
    const count = await methods.count();
    for (let index = 0; index < count; index += 1) {
      await methods.nth(index).check();
      await page.getByRole('button', { name: '查看方案' }).click();
      await expect(page.getByTestId('plan-status')).toBeVisible({ timeout: 20_000 });
      await scan(`plan (method ${index + 1})`);
      await page.getByRole('button', { name: '返回', exact: true }).click();
    }
    await methods.first().check();
    await page.getByRole('button', { name: '查看方案' }).click();
    await page.getByRole('button', { name: '预览命令（演练）' }).click();
    await expect(heading(page)).toHaveText('安装命令预览');
    await expect(page.getByTestId('run-state')).toHaveText('没有做任何改动；下面是将会执行的命令。', { timeout: 20_000 });
    const dryRun = await scan('install (dry run)');
    // The administrator's mark is the CLI's (issue 30: the wizard showed "[root]"), and the titles are Chinese.
    await expect(page.locator('[data-testid="install-step"][data-step-id="driver"]').getByTestId('step-log')).toContainText(/\[管理员\] \$ \S*apt-get .*install .*nvidia-driver-\d+/);
    expect(dryRun).not.toContain('[root]');
    await expect(page.locator('[data-testid="install-step"][data-step-id="driver"] .step-title')).toContainText('NVIDIA 驱动');

    page = await context.newPage();
    await page.goto(machine.serve.url);
    await page.getByRole('button', { name: '排查报错' }).click();
    await page.getByLabel('报错信息或工具输出').fill(PASTED);
    await page.getByRole('button', { name: '查找原因' }).click();
    await expect(page.locator('[data-code="NO_KERNEL_IMAGE"]')).toBeVisible({ timeout: 20_000 });
    await scan('troubleshoot');

    page = await context.newPage();
    await page.goto(machine.serve.url);
    await page.getByRole('button', { name: '这台电脑上的所有环境' }).click();
    await expect(page.getByTestId('all-environments')).toBeVisible({ timeout: 60_000 });
    await scan('all environments');

    // This host has no python3 (isolated PATH): the real verify says so, in Chinese.
    page = await context.newPage();
    await page.goto(machine.serve.url);
    await page.getByRole('button', { name: '重新验证这台电脑' }).click();
    await expect(page.getByTestId('verify-summary')).toBeVisible({ timeout: 60_000 });
    await scan('verify');

    expect(found).toEqual([]);
    await context.close();
  });
});
