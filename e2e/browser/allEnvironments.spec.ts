import { expect, test, type Browser } from '@playwright/test';
import type { SimulatedHost } from '../../testkit/simulatedHost.js';
import { addedVenvFiles, EIGHT_ENVIRONMENTS, environmentFiles } from '../../testkit/verify/environments.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { startServe, type ServeHandle } from '../support/serve.js';
import { wizardHost } from '../support/wizardHosts.js';

// "All environments on this machine" (issue 20) on the GT 1030 host (sm_61, driver 470.74) with eight environments.
test.describe.configure({ timeout: 120_000 });
const TEXT = {
  en: { addLabel: 'Add an environment folder', add: 'Add', invalid: 'Give an absolute path without control characters, at most 1024 characters.', link: 'All environments on this machine', needsDriver: 'needs driver ≥ 525.60.13', noKernels: 'no kernels for this GPU', action: 'plan: keep PyTorch 2.1.2+cu121, update the driver' },
  'zh-CN': { addLabel: '添加环境文件夹', add: '添加', invalid: '请输入不含控制字符的绝对路径，最多 1024 个字符。', link: '这台电脑上的所有环境', needsDriver: '需要驱动 ≥ 525.60.13', noKernels: '没有适用于这块 GPU 的内核', action: '方案：保留 PyTorch 2.1.2+cu121，更新驱动' },
} as const;

const machine: { host?: SimulatedHost; serve?: ServeHandle } = {};
test.beforeAll(async () => {
  // Plus a uv project's .venv detection does not find (torch 2.8.0+cu128: no sm_61 code), for "Add an environment folder".
  const llmTrain = EIGHT_ENVIRONMENTS.find((env) => env.name === 'llm-train')!;
  machine.host = await wizardHost('gt1030', { files: { ...environmentFiles(EIGHT_ENVIRONMENTS), ...addedVenvFiles('/opt/proj/.venv', { ...llmTrain, name: 'proj' }) } });
  machine.serve = await startServe(machine.host.env);
});
test.afterAll(async () => {
  await machine.serve?.stop();
  await machine.host?.cleanup();
});

/** Welcome → "All environments on this machine", once the table lists every simulated environment. */
async function openAllEnvironments(browser: Browser, lang: keyof typeof TEXT) {
  const page = await (await browser.newContext({ locale: lang })).newPage();
  await page.goto(machine.serve!.url);
  await page.getByRole('button', { name: TEXT[lang].link }).click();
  const table = page.getByTestId('all-environments');
  await expect(table.locator('tbody tr')).toHaveCount(EIGHT_ENVIRONMENTS.length, { timeout: 60_000 });
  return { page, table };
}

for (const lang of ['en', 'zh-CN'] as const) {
  test(`the table of environments and verdicts, and the action opens the plan prefilled (${lang})`, async ({ browser }) => {
    const say = TEXT[lang];
    const { page, table } = await openAllEnvironments(browser, lang);
    await expect(table.locator('tr[data-environment="torch-pypi-cu121"]')).toContainText(say.needsDriver);
    await expect(table.locator('tr[data-environment="llm-train"]')).toContainText(say.noKernels);
    await expect(table.locator('tr[data-environment="torch-cu118"]')).toHaveAttribute('data-verdict', 'works');
    await expectNoSeriousA11yViolations(page, `all environments (${lang})`);
    await table.locator('tr[data-environment="torch-pypi-cu121"]').getByRole('button', { name: say.action }).click();
    // The plan screen resolves the very build with the driver it needs.
    await expect(page.getByText('2.1.2+cu121').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/525\.60\.13|580/).first()).toBeVisible();
  });
}

for (const lang of ['en', 'zh-CN'] as const) {
  test(`Add an environment folder: a relative path is refused, the venv's folder adds its row (${lang})`, async ({ browser }) => {
    const say = TEXT[lang];
    const { page, table } = await openAllEnvironments(browser, lang);
    const folder = table.getByLabel(say.addLabel);
    await folder.fill('proj/.venv');
    await table.getByRole('button', { name: say.add, exact: true }).click();
    await expect(table.getByRole('alert')).toHaveText(say.invalid);
    await folder.fill('/opt/proj/.venv');
    await table.getByRole('button', { name: say.add, exact: true }).click();
    await expect(table.locator('tr[data-environment="proj/.venv"]')).toContainText(say.noKernels, { timeout: 60_000 });
    await expect(table.locator('tbody tr')).toHaveCount(EIGHT_ENVIRONMENTS.length + 1);
    await expectNoSeriousA11yViolations(page, `all environments with an added folder (${lang})`);
  });
}
