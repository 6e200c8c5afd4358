// Issue 17 item 7, the words a student reads: Pythons listed newest first as numbers, and Simplified Chinese screens
// with no English word left untranslated (real `dlsetup serve`, real detection of simulated hosts, the React wizard).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { onHost } from '../support/onHost.js';

async function pageIn(browser: Browser, locale: 'en' | 'zh-CN', url: string): Promise<Page> {
  const page = await (await browser.newContext({ locale })).newPage();
  await page.goto(url);
  return page;
}

/**
 * English words a zh-CN screen must not show: the method and kind names that leaked ("wheels", "system", "pyenv" as a
 * bare label) and "driver". Product names (PyTorch, CUDA, conda, pip) and commands stay as they are.
 */
const ENGLISH = [/\bwheels\b/i, /\bdrivers?\b/i, /\bsystem\b/i, /[(（](system|pyenv|venv|conda)[)）]/, /\bmethod\b/i, /\bnot needed\b/i];

async function expectNoEnglish(page: Page) {
  const text = await page.locator('main').innerText();
  for (const word of ENGLISH) expect(text, `${word} in: ${text}`).not.toMatch(word);
}

/** From Choose: the Plan of each install method in turn (a CPU plan warns about the system method, for one). */
async function expectNoEnglishInEachPlan(page: Page) {
  const methods = page.locator('input[name="method"]');
  const count = await methods.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) {
    await methods.nth(index).check();
    await page.getByRole('button', { name: '查看方案' }).click();
    await expect(page.getByTestId('plan-status')).toBeVisible({ timeout: 20_000 });
    await expectNoEnglish(page);
    await page.getByRole('button', { name: '返回', exact: true }).click();
  }
}

test.describe('several Pythons (3.13, 3.12 conda, 3.10, 3.9, pyenv 3.6), no GPU', () => {
  const machine = onHost('severalPythons');
  const WORDS = {
    en: { start: 'First-time setup', continue: 'Continue', seePlan: 'See the plan', pyenv: 'pyenv' },
    'zh-CN': { start: '首次配置', continue: '继续', seePlan: '查看方案', pyenv: 'pyenv 安装' },
  } as const;
  for (const locale of ['en', 'zh-CN'] as const) {
    test(`${locale}: Your machine lists the Pythons newest first as numbers (3.13 before 3.9 before 3.6)`, async ({ browser }) => {
      const page = await pageIn(browser, locale, machine.serve.url);
      await page.getByRole('button', { name: WORDS[locale].start }).click();
      const pythons = page.getByTestId('machine-pythons').getByRole('listitem');
      await expect(pythons.first()).toContainText('Python 3.13.1', { timeout: 40_000 });
      const versions = (await pythons.allInnerTexts()).map((line) => /Python (\d+\.\d+\.\d+)/.exec(line)?.[1]);
      expect(versions).toEqual(['3.13.1', '3.12.7', '3.10.12', '3.9.18', '3.6.15']);
      await expect(pythons.last()).toContainText(WORDS[locale].pyenv);
      await page.context().close();
    });
  }

  test('zh-CN: Your machine, Choose and Plan (each method) show no untranslated English word', async ({ browser }) => {
    const words = WORDS['zh-CN'];
    const page = await pageIn(browser, 'zh-CN', machine.serve.url);
    await page.getByRole('button', { name: words.start }).click();
    await expect(page.getByTestId('machine-pythons')).toContainText('3.13.1', { timeout: 20_000 });
    await expectNoEnglish(page);
    await page.getByRole('button', { name: words.continue }).click();
    await expect(page.getByRole('button', { name: words.seePlan })).toBeVisible();
    await expectNoEnglish(page);
    await expectNoEnglishInEachPlan(page);
    await page.context().close();
  });
});

test.describe('GT 1030 on driver 470.74 with Toolkits 11.0 and 11.5', () => {
  const machine = onHost('gt1030');
  test('zh-CN: Your machine, Choose and Plan (PyTorch and TensorFlow, each method) show no untranslated English word', async ({ browser }) => {
    const page = await pageIn(browser, 'zh-CN', machine.serve.url);
    await page.getByRole('button', { name: '首次配置' }).click();
    await expect(page.getByTestId('gpu-card')).toBeVisible({ timeout: 20_000 });
    await expectNoEnglish(page);
    await page.getByRole('button', { name: '继续' }).click();
    await expectNoEnglish(page);
    await expectNoEnglishInEachPlan(page);
    await page.context().close();
  });
});
