// Issue 28 item 3, "unknown stays unknown", in the wizard: on a new workstation whose NVIDIA GPU DL Setup does not know
// (no driver, device 10de:2d99 not in the table, lspci prints only "Device [10de:2d99]"), the Plan screen never says the
// plan works; it says which GPU is unknown and why, lets the student pick the GPU from a labelled list, and re-plans:
// a CUDA build with a driver step. In English and in Chinese.
import { expect, test, type Page } from '@playwright/test';
import os from 'node:os';
import { zhLeftovers } from '../../testkit/i18n/zhLeftovers.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { onHost } from '../support/onHost.js';

const WORDS = {
  en: {
    start: 'First-time setup',
    next: 'Continue',
    plan: 'See the plan',
    works: 'This works on your machine',
    unknownTitle: 'Not known yet: DL Setup does not know this NVIDIA GPU',
    why: 'DL Setup does not know this NVIDIA GPU (PCI id 10de:2d99',
    picker: 'Your GPU: product name or generation',
    use: 'Plan for this GPU',
    picked: 'Planned for the GPU you picked: ',
    install: 'Install',
    driverUnknown: 'unknown until the GPU is known',
    noClaims: ['not needed', 'nothing needed'],
  },
  'zh-CN': {
    start: '首次配置',
    next: '继续',
    plan: '查看方案',
    works: '这个方案适用于你的电脑',
    unknownTitle: '尚不清楚：DL Setup 不认识这块 NVIDIA GPU',
    why: 'DL Setup 不认识这块 NVIDIA GPU（PCI ID 10de:2d99',
    picker: '你的 GPU：产品名称或架构代际',
    use: '为这块 GPU 规划',
    picked: '已为你选择的 GPU 规划：',
    install: '安装',
    driverUnknown: '确定 GPU 之前未知',
    noClaims: ['不需要'],
  },
} as const;

async function walk(page: Page, words: (typeof WORDS)[keyof typeof WORDS], url: string) {
  await page.goto(url);
  await page.getByRole('button', { name: words.start }).click();
  await page.getByRole('button', { name: words.next }).click({ timeout: 40_000 });
  await page.getByRole('button', { name: words.plan }).click();

  const status = page.getByTestId('plan-status');
  await expect(status).toContainText(words.unknownTitle, { timeout: 20_000 });
  await expect(status).not.toContainText(words.works);
  const unknown = page.getByTestId('plan-gpu-unknown');
  await expect(unknown).toContainText(words.why);
  // The wizard never sends the student to a command-line flag.
  await expect(page.locator('body')).not.toContainText('--gpu');
  await expect(page.locator('body')).not.toContainText('--compute-capability');
  await expect(page.getByRole('button', { name: words.install, exact: true })).toBeDisabled();
  // Whether the GPU needs a driver is unknown too: the driver row makes no claim.
  const driverRow = page.locator('[data-component="driver"]');
  await expect(driverRow).toContainText(words.driverUnknown);
  for (const claim of words.noClaims) await expect(driverRow).not.toContainText(claim);

  // The list is the field's own (a labelled text field with a datalist): typed and chosen with the keyboard.
  const field = page.getByLabel(words.picker);
  await expect(field).toHaveAttribute('list', /.+/);
  await expectNoSeriousA11yViolations(page, 'plan (unknown GPU)');
  // In Chinese, no internal id, bare code, catalog key or English word of the product's own (the machine's words allowed).
  if (words === WORDS['zh-CN']) {
    const names = ['NVIDIA Corporation Device 2d99', ...os.cpus().map((cpu) => cpu.model), os.homedir(), 'English'];
    expect(zhLeftovers(await page.locator('body').innerText(), names)).toEqual([]);
  }
  await field.fill('RTX 4060');
  await field.press('Enter');

  await expect(page.getByTestId('plan-gpu-picked')).toContainText(words.picked, { timeout: 20_000 });
  await expect(page.getByTestId('plan-gpu-picked')).toContainText('RTX 4060');
  await expect(status).toContainText(words.works);
  await expect(status).toContainText(/[(（]cu\d+[)）]/);
  await expect(page.locator('[data-testid="plan-steps"] li[data-kind="driver"]')).toHaveCount(1);
  await expect(page.getByTestId('plan-script')).toContainText(/nvidia-driver-\d+/);
}

for (const locale of ['en', 'zh-CN'] as const) {
  test.describe(`${locale}: an NVIDIA GPU DL Setup does not know`, () => {
    const machine = onHost('unknownNvidia');
    test('is never called "works": the student picks it from the list and gets a CUDA plan with a driver step', async ({ browser }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ locale });
      await walk(await context.newPage(), WORDS[locale], machine.serve.url);
      await context.close();
    });
  });
}
