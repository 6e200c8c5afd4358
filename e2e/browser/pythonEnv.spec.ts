import { expect, test, type Page } from '@playwright/test';
import type { SimulatedHost } from '../../testkit/simulatedHost.js';
import { startServe, type ServeHandle } from '../support/serve.js';
import { missingChannels, wizardHost } from '../support/wizardHosts.js';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

// A fresh Debian 12: python3 is 3.11.2 without ensurepip (python3.11-venv not installed). The plan must add the
// system-python step (locales/*/plan.json step.systemPython) before creating the venv, in the reader's language.
test.describe('fresh Debian 12 without python3-venv', () => {
  const machine: { host?: SimulatedHost; serve?: ServeHandle } = {};
  test.beforeAll(async () => {
    machine.host = await wizardHost('freshDebian');
    machine.serve = await startServe(machine.host.env);
  });
  test.afterAll(async () => {
    await machine.serve?.stop();
    await machine.host?.cleanup();
  });

  const cases = [
    {
      locale: 'en',
      start: 'First-time setup',
      next: 'Continue',
      plan: 'See the plan',
      step: "Install Python 3.11's venv support from the distribution (python3.11-venv)",
      venv: 'Create Python 3.11 virtual environment',
      admin: '[admin]',
    },
    { locale: 'zh-CN', start: '首次配置', next: '继续', plan: '查看方案', step: '从发行版安装 Python 3.11 的 venv 支持（python3.11-venv）', venv: '创建 Python 3.11 虚拟环境', admin: '[管理员]' },
  ] as const;

  for (const c of cases) {
    test(`the plan installs python3.11-venv before the environment (${c.locale})`, async ({ browser }) => {
      const context = await browser.newContext({ locale: c.locale });
      const page = await context.newPage();
      await page.goto(machine.serve!.url);
      await page.getByRole('button', { name: c.start }).click();
      await page.getByRole('button', { name: c.next }).click();
      await page.getByRole('button', { name: c.plan }).click();
      const missing = await missingChannels(machine.serve!, { 'plan:resolve': { framework: 'pytorch' } });
      test.fixme(missing.length > 0, `needs ${missing.join(', ')}`);
      await expect(heading(page)).toBeVisible();
      const steps = page.getByTestId('plan-steps').locator('li');
      // Root installs the distribution's package, so the step says it asks for the administrator password.
      await expect(steps.filter({ hasText: c.step })).toHaveCount(1);
      await expect(steps.filter({ hasText: c.step })).toContainText(c.admin);
      // The environment is made after it, from that same Python.
      const texts = await steps.allTextContents();
      const systemAt = texts.findIndex((text) => text.includes(c.step));
      const venvAt = texts.findIndex((text) => text.includes(c.venv));
      expect(systemAt).toBeGreaterThanOrEqual(0);
      expect(venvAt).toBeGreaterThan(systemAt);
      await context.close();
    });
  }
});
