// Troubleshoot reads the loader's and apt's messages in the language the user's system printed them (issue 31, item 3),
// in the real serve + Chromium: the family, its Chinese title naming the library, and the line quoted as it was pasted.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { onHost } from '../support/onHost.js';

const machine = onHost('rtx4090');

/** A Chinese-locale browser on Troubleshoot, with `text` pasted and diagnosed. */
async function diagnoseInChinese(browser: Browser, text: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(machine.serve.url);
  await page.getByRole('button', { name: '排查报错' }).click();
  await page.getByLabel('报错信息或工具输出').fill(text);
  await page.getByRole('button', { name: '查找原因' }).click();
  return { page, close: () => context.close() };
}

test.describe('Troubleshoot on a Chinese-locale system', () => {
  test('a zh_CN loader line: CUDA_LIB_MISSING, named in Chinese, quoted as pasted', async ({ browser }) => {
    const line = 'ImportError: libcudart.so.11.0: 无法打开共享对象文件: 没有那个文件或目录';
    const { page, close } = await diagnoseInChinese(browser, `Traceback (most recent call last):\n  File "train.py", line 1, in <module>\n    import tensorflow as tf\n${line}`);
    const found = page.locator('[data-code="CUDA_LIB_MISSING"]');
    await expect(found).toBeVisible({ timeout: 20_000 });
    await expect(found.locator('.diagnosis-title')).toContainText('libcudart.so.11.0');
    await expect(found.locator('code').filter({ hasText: '无法打开共享对象文件' })).toHaveText(line);
    await close();
  });

  test("apt's lock in Chinese: another package manager is running", async ({ browser }) => {
    const { page, close } = await diagnoseInChinese(browser, 'E: 无法获得锁 /var/lib/dpkg/lock-frontend。锁正由进程 2741（unattended-upgr）持有');
    await expect(page.locator('[data-code="APT_LOCKED"]')).toBeVisible({ timeout: 20_000 });
    await close();
  });

  test('a problem told only in words: the likely family, with the notice that it rests on the words alone', async ({ browser }) => {
    // zai-org/ChatGLM3#100's title: no tool's message, only the user's sentence.
    const { page, close } = await diagnoseInChinese(browser, '提示NVIDIA驱动太老，需要哪个版本以上才能跑起来呢');
    const found = page.locator('[data-code="DRIVER_TOO_OLD"]');
    await expect(found).toBeVisible({ timeout: 20_000 });
    await expect(found.getByTestId('diagnosis-from-words')).toHaveText('这只是根据你的描述判断的：文字里没有匹配到任何错误信息。请确认它说的是你的问题。');
    await close();
  });
});
