import { execFileSync } from 'node:child_process';
import { cp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hasDebianTorch, SYSTEM_PYTHON } from '../../testkit/debianTorch.js';
import type { SimulatedHost } from '../../testkit/simulatedHost.js';
import { GT1030_XML_470, GT1030_XML_535 } from '../../testkit/verify/gt1030Host.js';
import { EIGHT_ENVIRONMENTS, environmentFiles } from '../../testkit/verify/environments.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { startServe, type ServeHandle } from '../support/serve.js';
import { wizardHost } from '../support/wizardHosts.js';

// "All environments on this machine", re-verified after a driver update (issue 20): the GT 1030 host's last run was
// `dlsetup verify --all` on 470.74 (the real CLI); the driver is now 535.104.05 and the wizard runs the quick check in
// each environment. The host's python3 is Debian's real one with its CPU-only torch (its egg-info copied into the host
// so the row lists it): its check really runs, for seconds, first; the three conda environments' interpreters are not
// on this machine, so their checks really fail to start Python.
const screenshots = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const DEBIAN_TORCH_INFO = '/usr/lib/python3/dist-packages/torch-1.13.0a0+gitunknown.egg-info';
const ENVS = EIGHT_ENVIRONMENTS.filter((env) => ['torch-pypi-cu121', 'torch-cu118', 'llm-train'].includes(env.name));
const TEXT = {
  en: {
    link: 'All environments on this machine',
    run: 'Run the quick check in each environment',
    waiting: 'waiting',
    checking: 'checking…',
    running: /Quick check: [0-3] of 4 environments done…/,
    cpuBuildFailed: 'failed: gpu-available: This PyTorch build (1.13.0a0) has no CUDA support',
    noInterpreter: /failed: python-runs: The Python interpreter ".*llm-train\/bin\/python" does not exist/,
    since: /The driver changed since the last run \(\d{4}-\d\d-\d\d \d\d:\d\d\): 470\.74 → 535\.104\.05\. What that means for each environment:/,
    change: 'torch-pypi-cu121: needs driver ≥ 525.60.13 → works, because of the driver change',
    asBefore: /^\S+: .+, as before \(the driver change did not change this\)$/,
    summary: /^4 environments read in \d+ ms; the quick check ran in 4 of them\.$/,
  },
  'zh-CN': {
    link: '这台电脑上的所有环境',
    run: '在每个环境中运行快速检查',
    waiting: '等待中',
    checking: '检查中…',
    running: /快速检查：已完成 [0-3] \/ 4 个环境…/,
    cpuBuildFailed: '失败：gpu-available：',
    noInterpreter: /失败：python-runs：Python 解释器“.*llm-train\/bin\/python”不存在/,
    since: /与上次运行（\d{4}-\d\d-\d\d \d\d:\d\d）相比，驱动已更换：470\.74 → 535\.104\.05。对每个环境的影响：/,
    change: 'torch-pypi-cu121：需要驱动 ≥ 525.60.13 → 可用，原因是驱动更换',
    asBefore: /^\S+：.+，与之前相同（驱动更换没有改变这一点）$/,
    summary: /^已读取 4 个环境，用时 \d+ 毫秒；其中 4 个运行了快速检查。$/,
  },
} as const;

test.describe.configure({ timeout: 60_000 });
test.skip(!hasDebianTorch, "needs Debian's python3-torch (the real quick check)");

const machine: { host?: SimulatedHost; serve?: ServeHandle } = {};
test.beforeAll(async () => {
  machine.host = await wizardHost('gt1030', { files: environmentFiles(ENVS) });
  await symlink(SYSTEM_PYTHON, path.join(machine.host.binDir, 'python3'));
  await cp(DEBIAN_TORCH_INFO, path.join(machine.host.root, DEBIAN_TORCH_INFO), { recursive: true });
  machine.serve = await startServe(machine.host.env);
});
test.afterAll(async () => {
  await machine.serve?.stop();
  await machine.host?.cleanup();
});

/** The driver the host's nvidia-smi reports: a new file (new inode), so detection's run cache sees another driver. */
async function driver(host: SimulatedHost, xml: string) {
  const output = path.join(host.binDir, '..', `nvidia-smi-${xml === GT1030_XML_470 ? '470' : '535'}.xml`);
  await writeFile(output, xml);
  const script = path.join(host.binDir, 'nvidia-smi');
  await writeFile(`${script}.new`, `#!/bin/sh\nexec cat '${output}'\n`, { mode: 0o755 });
  await rename(`${script}.new`, script);
}

/** Last week: `dlsetup verify --all` on driver 470.74 kept the only run in history. Now the driver is 535.104.05. */
async function lastRunOn470(host: SimulatedHost) {
  await rm(path.join(host.env.DLSETUP_HOME, 'reports'), { recursive: true, force: true });
  await driver(host, GT1030_XML_470);
  try {
    execFileSync(process.execPath, [path.resolve(import.meta.dirname, '..', '..', 'bin', 'dlsetup.js'), 'verify', '--all'], { env: { ...process.env, ...host.env }, stdio: 'ignore' });
  } catch {
    // Exit 1: some environment does not work, as expected; the run is kept all the same.
  }
  await driver(host, GT1030_XML_535);
}

for (const lang of ['en', 'zh-CN'] as const) {
  test(`after a driver update: the quick check in each row, live, then what changed since the last run (${lang})`, async ({ browser }) => {
    const say = TEXT[lang];
    await lastRunOn470(machine.host!);
    const page = await (await browser.newContext({ locale: lang, viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(machine.serve!.url);
    await page.getByRole('button', { name: say.link }).click();
    const view = page.getByTestId('all-environments');
    const row = (name: string) => view.locator(`tr[data-environment="${name}"]`);
    const python3 = view.locator('tbody tr').filter({ hasText: '1.13.0a0+gitunknown' });
    await expect(view.locator('tbody tr')).toHaveCount(4, { timeout: 30_000 });
    // Opening the view already compares with the kept run (nothing is kept by looking).
    await expect(page.getByTestId('environments-since')).toContainText(say.change);

    const run = view.getByRole('button', { name: say.run });
    await run.click();
    // One check at a time on the one GPU: Debian's Python first, for seconds, the other three waiting behind it.
    await expect(run).toBeDisabled();
    await expect(python3).toContainText(say.checking);
    await expect(row('llm-train')).toContainText(say.waiting);
    await expect(view.getByRole('status')).toHaveText(say.running);
    // Each row's own outcome, then the button is back and the status is quiet.
    await expect(python3).toContainText(say.cpuBuildFailed, { timeout: 30_000 });
    await expect(row('llm-train')).toContainText(say.noInterpreter);
    await expect(view.locator('td[data-check]')).toHaveCount(4);
    await expect(run).toBeEnabled();
    await expect(view.getByRole('status')).toHaveText('');
    await expect(view.locator('p.muted').last()).toHaveText(say.summary);

    // The run is kept and compared with the 470.74 one: the driver change said, the environment it fixed, the rest as before.
    const since = page.getByTestId('environments-since');
    await expect(since).toContainText(say.since);
    const items = since.getByRole('listitem');
    await expect(items).toHaveCount(4);
    await expect(items.filter({ hasText: 'torch-pypi-cu121' })).toHaveText(say.change);
    await expect(items.filter({ hasNotText: 'torch-pypi-cu121' })).toHaveText([say.asBefore, say.asBefore, say.asBefore]);
    await expectNoSeriousA11yViolations(page, `all environments after the quick check (${lang})`);
    await view.screenshot({ path: path.join(screenshots, `all-environments-check${lang === 'en' ? '' : '-zh-CN'}.png`) });
  });
}

// A reload during the run loses nothing: the view asks the engine for the run going and follows it (not BUSY); Cancel
// there kills Debian's Python mid-check, every row not checked says "not run", and the cancelled run is not kept.
test('reloaded mid-run, the view shows the run live; Cancel stops it and keeps nothing (en)', async ({ browser }) => {
  await lastRunOn470(machine.host!);
  const reports = path.join(machine.host!.env.DLSETUP_HOME, 'reports');
  const keptBefore = await readdir(reports);
  const page = await (await browser.newContext({ locale: 'en', viewport: { width: 1280, height: 800 } })).newPage();
  const open = async () => {
    await page.getByRole('button', { name: TEXT.en.link }).click();
    const view = page.getByTestId('all-environments');
    await expect(view.locator('tbody tr')).toHaveCount(4, { timeout: 30_000 });
    return view;
  };
  await page.goto(machine.serve!.url);
  await (await open()).getByRole('button', { name: TEXT.en.run }).click();
  await expect(page.getByTestId('all-environments').locator('tbody tr').filter({ hasText: '1.13.0a0+gitunknown' })).toContainText(TEXT.en.checking);

  await page.reload();
  const view = await open();
  const python3 = view.locator('tbody tr').filter({ hasText: '1.13.0a0+gitunknown' });
  await expect(python3).toContainText(TEXT.en.checking);
  await expect(view.locator('tr[data-environment="llm-train"]')).toContainText(TEXT.en.waiting);
  await expect(view.getByRole('status')).toHaveText(TEXT.en.running);
  await expect(view.getByRole('button', { name: TEXT.en.run })).toBeDisabled();

  await view.getByRole('button', { name: 'Cancel the check' }).click();
  await expect(view.getByRole('status')).toHaveText('Quick check cancelled: 0 of 4 environments checked; the others were not run. A cancelled run is not kept in history.');
  await expect(view.locator('td[data-check="not-run"]')).toHaveCount(4);
  await expect(python3).toContainText('not run');
  await expect(view.getByRole('button', { name: TEXT.en.run })).toBeEnabled();
  await expect(view.getByRole('button', { name: 'Cancel the check' })).toHaveCount(0);
  expect(await readdir(reports)).toEqual(keptBefore);
  // Debian's Python was killed, not left to finish: no check process of this host's interpreter is running.
  expect(execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })).not.toContain(path.join(machine.host!.binDir, 'python3'));
  await expectNoSeriousA11yViolations(page, 'all environments, quick check cancelled (en)');
});
