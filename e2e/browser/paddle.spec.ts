// Issue 29 item 2: PaddlePaddle (飞桨) is a card on the Choose screen like the other frameworks, and picking it on the
// RTX 4090 (driver 535.86.05) plans paddlepaddle-gpu 3.2.0 from paddlepaddle.org.cn's cu126 index, with CUDA from pip
// (no CUDA Toolkit step) and the driver kept. In English and in Chinese, with no English left in the Chinese page.
import { expect, test } from '@playwright/test';
import os from 'node:os';
import { zhLeftovers } from '../../testkit/i18n/zhLeftovers.js';
import { onHost } from '../support/onHost.js';

const WORDS = {
  en: { start: 'First-time setup', next: 'Continue', plan: 'See the plan', card: /PaddlePaddle/, works: 'This works on your machine' },
  'zh-CN': { start: '首次配置', next: '继续', plan: '查看方案', card: /飞桨 PaddlePaddle/, works: '这个方案适用于你的电脑' },
} as const;

const INSTALL = 'paddlepaddle-gpu==3.2.0 --index-url https://www.paddlepaddle.org.cn/packages/stable/cu126/';

test.describe('PaddlePaddle on the RTX 4090', () => {
  const machine = onHost('rtx4090');
  for (const locale of ['en', 'zh-CN'] as const) {
    test(`${locale}: the PaddlePaddle card plans paddlepaddle-gpu 3.2.0 (cu126) with CUDA from pip and the driver kept`, async ({ browser }) => {
      test.setTimeout(90_000);
      const words = WORDS[locale];
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto(machine.serve.url);
      await page.getByRole('button', { name: words.start }).click();
      await page.getByRole('button', { name: words.next }).click({ timeout: 40_000 });
      await page.getByRole('radio', { name: words.card }).check();
      await page.getByRole('button', { name: words.plan }).click();

      const status = page.getByTestId('plan-status');
      await expect(status).toHaveAttribute('data-status', 'ok', { timeout: 20_000 });
      await expect(status).toContainText(words.works);
      await expect(status).toContainText(/3\.2\.0/);
      await expect(status).toContainText(/cu126/);
      await expect(page.locator('[data-testid="plan-steps"] li[data-kind="cuda-toolkit"]')).toHaveCount(0);
      await expect(page.locator('[data-testid="plan-steps"] li[data-kind="driver"]')).toHaveCount(0);
      await expect(page.getByTestId('plan-script')).toContainText(INSTALL);
      if (locale === 'zh-CN') {
        const names = [...os.cpus().map((cpu) => cpu.model), os.homedir(), 'English', 'GeForce RTX 4090', 'PaddlePaddle'];
        expect(zhLeftovers(await page.locator('body').innerText(), names)).toEqual([]);
      }
      await context.close();
    });
  }
});
