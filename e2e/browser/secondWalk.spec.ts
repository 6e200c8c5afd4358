// Issue 30, "the second student's walk": seven machines the other flows do not have (e2e/support/walkHosts.ts), each
// walked Welcome → Your machine → Choose → Plan in English and Chinese, and through `dlsetup detect`, `plan`, `install
// --dry-run` and `verify --all` on the same simulated host; the eighth is the CLI's what-ifs for Windows and macOS. The facts each screen must show were written from the captures and data/
// rows first (see each machine's comment in walkHosts.ts and FACTS below); untrue sentences are test.fail with the source.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { zhLeftovers } from '../../testkit/i18n/zhLeftovers.js';
import type { SimulatedHost } from '../../testkit/simulatedHost.js';
import { startServe, type ServeHandle } from '../support/serve.js';
import { walkHost, type WalkHostName } from '../support/walkHosts.js';

type Locale = 'en' | 'zh-CN';
const LOCALES = ['en', 'zh-CN'] as const;
const root = path.resolve(import.meta.dirname, '..', '..');
const LABELS = { en: { start: 'First-time setup', continue: 'Continue', seePlan: 'See the plan' }, 'zh-CN': { start: '首次配置', continue: '继续', seePlan: '查看方案' } } as const;
const KEEP = { en: 'keep', 'zh-CN': '保留' } as const;
const WELCOME = { en: 'Set up your GPU for deep learning', 'zh-CN': '为深度学习配置你的 GPU' } as const;

/** The real `dlsetup` CLI on the same simulated host (exit status kept: a refusal is output too). */
async function cli(host: SimulatedHost, args: string[]): Promise<string> {
  const result = await promisify(execFile)(process.execPath, [path.join(root, 'bin', 'dlsetup.js'), ...args], {
    cwd: root,
    env: { ...process.env, ...host.env, NO_COLOR: '1', LANG: 'C.UTF-8', LC_ALL: '' },
    maxBuffer: 8 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout ?? ''}${error.stderr ?? ''}` }));
  return result.stdout.replace(/[ \t]+/g, ' ');
}

interface Facts {
  /** Language-neutral facts the Machine screen and `dlsetup detect` both show (name, compute capability, driver, CUDA). */
  machine: string[];
  /** The build the plan installs, as the Plan screen's framework row and `dlsetup plan`'s title show it. */
  build: string;
  /** The driver the plan keeps (no driver step), or null where there is no NVIDIA driver. */
  keptDriver: string | null;
  /** Sentences of the plan's reasons, per language, that carry its why (the Plan screen and `dlsetup plan` both). */
  reasons: Record<Locale, string[]>;
  /** What `dlsetup verify --all` must list (environment, build, verdict), when the machine has environments with frameworks. */
  verify?: Record<Locale, string[]>;
  /** Words that must appear nowhere on the Machine screen or in `dlsetup detect` (a value read wrong). */
  never?: string[];
  /** The environment already on the machine the Plan screen and `dlsetup plan` offer instead of installing. */
  reuse?: Record<Locale, string>;
}

/** Written from each machine's capture and data/ rows before the walk ran (sources in walkHosts.ts). */
const FACTS: Record<WalkHostName, Facts> = {
  laptop4070: {
    machine: ['GeForce RTX 4070 Laptop GPU', '8.9', 'Ada Lovelace', '580.173.02', '13.0'],
    build: '2.14.0 (cu130)',
    keptDriver: '580.173.02',
    // data/cuda-toolkits.json: CUDA 13.x runs on 580+; data/distro-pythons.json ubuntu2404: python3.12-venv.
    reasons: { en: ['every CUDA 13.x build runs on driver 580 or newer', 'python3.12-venv'], 'zh-CN': ['所有 CUDA 13.x 构建都能在 580 或更新的驱动上运行', 'python3.12-venv'] },
  },
  rtx3060: {
    machine: ['GeForce RTX 3060', '8.6', 'Ampere', '570.124.04', '12.8', '13.0.88', '9.6.0'],
    build: '2.14.0 (cu126)',
    keptDriver: '570.124.04',
    // data/cuda-toolkits.json: CUDA 13 needs 580 (570 is below), CUDA 12.x runs on 525.60.13+.
    reasons: { en: ['it needs driver 580 or newer', 'every CUDA 12.x build runs on driver 525.60.13 or newer'], 'zh-CN': ['它需要 580 或更新的驱动', '所有 CUDA 12.x 构建都能在 525.60.13 或更新的驱动上运行'] },
  },
  a100Server: {
    // One A100 80GB with MIG enabled, 4 instances (the capture); the real version.json's "11.8.20220929" is not the version.
    machine: ['A100', '8.0', 'Ampere', '535.54.03', '12.2', 'MIG', '11.8.89'],
    build: '2.14.0 (cu126)',
    keptDriver: '535.54.03',
    reasons: { en: ['every CUDA 12.x build runs on driver 525.60.13 or newer'], 'zh-CN': ['所有 CUDA 12.x 构建都能在 525.60.13 或更新的驱动上运行'] },
    // torch 2.1.2+cu118 has sm_80 code and CUDA 11.8 runs on ≥ 450.80.02: it works on 535.54.03.
    verify: { en: ['torch-cu118', '2.1.2+cu118', 'works'], 'zh-CN': ['torch-cu118', '2.1.2+cu118', '可用'] },
    // The same verdict makes it an environment that already satisfies "PyTorch on this GPU": offered before installing a second.
    reuse: { en: 'torch-cu118 (conda environment, Python 3.10.14): PyTorch 2.1.2+cu118 runs on this GPU and driver', 'zh-CN': 'torch-cu118（conda 环境，Python 3.10.14）：PyTorch 2.1.2+cu118 可在这块 GPU 和当前驱动上运行' },
    never: ['20220929'],
  },
  debianRtx3080: {
    machine: ['GeForce RTX 3080', '8.6', 'Ampere', '595.58.03', '13.2', '13.0.88', '11.8.89'],
    build: '2.14.0 (cu130)',
    keptDriver: '595.58.03',
    reasons: { en: ['every CUDA 13.x build runs on driver 580 or newer'], 'zh-CN': ['所有 CUDA 13.x 构建都能在 580 或更新的驱动上运行'] },
  },
  quadroP2000: {
    machine: ['Quadro P2000', '6.1', 'Pascal', '525.125.06', '12.0'],
    build: '2.14.0 (cu126)',
    keptDriver: '525.125.06',
    // data/pytorch.json 2.14: cu130/cu132 list no 6.x; cu126 lists 6.0 (sm_60 code runs on sm_61).
    reasons: { en: ['those builds have no code for sm_61', 'every CUDA 12.x build runs on driver 525.60.13 or newer'], 'zh-CN': ['这些构建没有 sm_61 的代码', '所有 CUDA 12.x 构建都能在 525.60.13 或更新的驱动上运行'] },
  },
  amdNoRocm: {
    machine: ['Radeon RX 6650 XT', 'gfx1032'],
    build: '2.14.0 (cpu)',
    keptDriver: null,
    // data/amd-devices.json 73ef: gfx1032 notListed; data/pytorch.json: no ROCm build for gfx1032.
    reasons: { en: ["No PyTorch ROCm build in DL Setup's data supports gfx1032", 'ROCm does not support gfx1032'], 'zh-CN': ['DL Setup 数据中没有支持 gfx1032 的 PyTorch ROCm 构建', 'ROCm 不支持 gfx1032'] },
  },
  v100sCloud: {
    // Eight V100S on 535.171.04 (CUDA 12.2), Ubuntu 20.04's python3 3.8.10 and pyenv's 3.11.9.
    machine: ['Tesla V100S-PCIE-32GB', '7.0', 'Volta', '535.171.04', '12.2', '3.8.10', '3.11.9'],
    build: '2.14.0 (cu126)',
    keptDriver: '535.171.04',
    // data/pytorch.json 2.14: cu130/cu132 list no 7.0, cu126 does; 2.14 needs Python 3.10-3.15, so pyenv's 3.11, not 3.8.
    reasons: {
      en: ['those builds have no code for sm_70', 'every CUDA 12.x build runs on driver 525.60.13 or newer', 'Python 3.11: the Python already on this machine'],
      'zh-CN': ['这些构建没有 sm_70 的代码', '所有 CUDA 12.x 构建都能在 525.60.13 或更新的驱动上运行', 'Python 3.11：本机已有的 Python'],
    },
    never: ['ubuntu 20.04'],
  },
  l40s: {
    machine: ['L40S', '8.9', 'Ada Lovelace', '595.80', '13.2'],
    build: '2.14.0 (cu130)',
    keptDriver: '595.80',
    reasons: { en: ['every CUDA 13.x build runs on driver 580 or newer'], 'zh-CN': ['所有 CUDA 13.x 构建都能在 580 或更新的驱动上运行'] },
  },
};

/** One simulated machine and, unless only the CLI walks it, one real `dlsetup serve` for a describe block. */
function onWalkHost(name: WalkHostName, options: { serve: boolean } = { serve: true }): { host: SimulatedHost; serve: ServeHandle } {
  const machine: { host?: SimulatedHost; serve?: ServeHandle } = {};
  test.beforeAll(async () => {
    machine.host = await walkHost(name);
    if (options.serve) machine.serve = await startServe(machine.host.env);
  });
  test.afterAll(async () => {
    await machine.serve?.stop();
    await machine.host?.cleanup();
  });
  return machine as { host: SimulatedHost; serve: ServeHandle };
}

/** Words quoted as tools print them (nvidia-smi's field, PyTorch's and CUDA's errors) and names (AMD's gfx targets, NVIDIA's Tensor Cores). */
const QUOTED = ['CUDA Version', 'no kernel image is available for execution on the device', 'CUDA driver version is insufficient', 'gfx', 'Tensor'];

/** What a Chinese reader should not see: internal ids, bare codes, catalog keys, English of the product's own. */
function leftovers(text: string, host: SimulatedHost, names: string[]): string[] {
  const allowed = [...names, ...QUOTED, ...os.cpus().map((cpu) => cpu.model), os.homedir(), host.root, host.binDir, host.env.DLSETUP_HOME, 'English'];
  return zhLeftovers(text, allowed).map((item) => `${item.kind} "${item.text}" in: ${item.line}`);
}

interface Screens {
  page: Page;
  welcomeText: string;
  machineText: string;
  chooseText: string;
  planText: string;
}

/** Welcome → Your machine → Choose → Plan, keeping each screen's text; the page stays on the Plan screen. */
async function walk(browser: Browser, url: string, locale: Locale): Promise<Screens> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(WELCOME[locale]);
  const welcomeText = await page.locator('main').innerText();
  await page.getByRole('button', { name: LABELS[locale].start }).click();
  await expect(page.getByTestId('explain')).toBeVisible({ timeout: 30_000 });
  const machineText = await page.locator('main').innerText();
  await page.getByRole('button', { name: LABELS[locale].continue }).click();
  await expect(page.getByRole('button', { name: LABELS[locale].seePlan })).toBeVisible();
  const chooseText = await page.locator('main').innerText();
  await page.getByRole('button', { name: LABELS[locale].seePlan }).click();
  await expect(page.getByTestId('plan-status')).toBeVisible({ timeout: 20_000 });
  return { page, welcomeText, machineText, chooseText, planText: await page.locator('main').innerText() };
}

/** Where the product says something untrue or leaves a word untranslated today: test.fail until it is fixed. */
const KNOWN_LEFTOVERS: Partial<Record<WalkHostName, string>> = {};

/** Sentences of the Machine screen that are untrue for the machine they are shown on: the claim, and the plan's own evidence. */
const UNTRUE_ON_MACHINE: { host: WalkHostName; what: string; words: Record<Locale, { claim: string; evidence: string }> }[] = [
  {
    // "So for them only the driver matters": data/pytorch.json 2.14 (cu130/cu132 list no 6.x) and this machine's own plan
    // ("Not cu130 or cu132: those builds have no code for sm_61") say the GPU generation decides too.
    host: 'quadroP2000',
    what: 'does not say only the driver matters on a Pascal GPU',
    words: { en: { claim: 'only the driver matters', evidence: 'no code for sm_61' }, 'zh-CN': { claim: '只有驱动重要', evidence: '没有 sm_61 的代码' } },
  },
  {
    // "until ROCm is installed frameworks run on the CPU": data/amd-devices.json 73ef (gfx1032 notListed) and this machine's
    // own plan ("No PyTorch ROCm build in DL Setup's data supports gfx1032") say installing ROCm does not change that.
    host: 'amdNoRocm',
    what: 'does not promise the GPU once ROCm is installed, on a GPU no ROCm build supports',
    words: { en: { claim: 'until ROCm is installed frameworks run on the CPU', evidence: 'supports gfx1032' }, 'zh-CN': { claim: '在装好 ROCm 之前，框架都运行在 CPU 上', evidence: '没有支持 gfx1032' } },
  },
];

for (const name of Object.keys(FACTS) as WalkHostName[]) {
  test.describe(`second walk: ${name}`, () => {
    const machine = onWalkHost(name);
    const facts = FACTS[name];
    for (const locale of LOCALES) {
      test(`${locale}: the Machine and Plan screens and detect/plan/verify say what the sources say`, async ({ browser }) => {
        test.setTimeout(90_000);
        const { page, machineText, planText } = await walk(browser, machine.serve.url, locale);
        for (const fact of facts.machine) expect.soft(machineText, `Machine screen: ${fact}`).toContain(fact);
        for (const wrong of facts.never ?? []) expect.soft(machineText, `Machine screen: not ${wrong}`).not.toContain(wrong);
        await expect(page.getByTestId('plan-status')).toHaveAttribute('data-status', 'ok');
        const [version, build] = facts.build.split(' ') as [string, string];
        await expect(page.getByTestId('plan-status')).toContainText(locale === 'zh-CN' ? `${version}（${build.slice(1, -1)}）` : facts.build);
        await expect(page.locator('[data-component="framework"]')).toContainText(facts.build);
        if (facts.keptDriver) {
          await expect(page.locator('[data-component="driver"]')).toContainText(facts.keptDriver);
          await expect(page.locator('[data-component="driver"]')).toContainText(KEEP[locale]);
        }
        await expect(page.locator('[data-testid="plan-steps"] li[data-kind="driver"]')).toHaveCount(0);
        for (const reason of facts.reasons[locale]) expect.soft(planText, `Plan screen: ${reason}`).toContain(reason);
        if (facts.reuse) expect.soft(planText, 'Plan screen: the environment to reuse').toContain(facts.reuse[locale]);
        else await expect(page.getByTestId('plan-reuse')).toHaveCount(0);

        const detect = await cli(machine.host, ['detect', '--lang', locale]);
        for (const fact of facts.machine) expect.soft(detect, `dlsetup detect: ${fact}`).toContain(fact);
        for (const wrong of facts.never ?? []) expect.soft(detect, `dlsetup detect: not ${wrong}`).not.toContain(wrong);
        const plan = await cli(machine.host, ['plan', '--framework', 'pytorch', '--lang', locale]);
        expect(plan).toContain(`PyTorch ${version} (${build.slice(1, -1)})`);
        for (const reason of facts.reasons[locale]) expect.soft(plan, `dlsetup plan: ${reason}`).toContain(reason);
        if (facts.reuse) expect.soft(plan, 'dlsetup plan: the environment to reuse').toContain(facts.reuse[locale]);
        if (facts.verify) {
          const verify = await cli(machine.host, ['verify', '--all', '--lang', locale]);
          for (const fact of facts.verify[locale]) expect.soft(verify, `dlsetup verify --all: ${fact}`).toContain(fact);
        }
        await page.context().close();
      });
    }

    test('no internal id, catalog key or bare code in either language, and no English of its own in zh-CN', async ({ browser }) => {
      test.setTimeout(90_000);
      // Untranslated or leaked today (issue 30): flag it until the product brackets or translates it.
      test.fail(KNOWN_LEFTOVERS[name] !== undefined, KNOWN_LEFTOVERS[name]);
      const names = [facts.machine[0]!, 'NVIDIA'];
      const found: string[] = [];
      for (const locale of LOCALES) {
        const { page, welcomeText, machineText, chooseText, planText } = await walk(browser, machine.serve.url, locale);
        await page.context().close();
        const planFile = path.join(path.dirname(machine.host.root), `plan-${locale}.json`);
        await writeFile(planFile, await cli(machine.host, ['plan', '--framework', 'pytorch', '--json']));
        const outputs = {
          'Welcome screen': welcomeText,
          'Machine screen': machineText,
          'Choose screen': chooseText,
          'Plan screen': planText,
          'dlsetup detect': await cli(machine.host, ['detect', '--lang', locale]),
          'dlsetup plan': await cli(machine.host, ['plan', '--framework', 'pytorch', '--lang', locale]),
          'dlsetup install --dry-run': await cli(machine.host, ['install', '--plan', planFile, '--dry-run', '--lang', locale]),
          'dlsetup verify --all': await cli(machine.host, ['verify', '--all', '--lang', locale]),
        };
        for (const [where, text] of Object.entries(outputs)) {
          // English text is English by design: only ids, keys and bare codes count there.
          const items = leftovers(text, machine.host, names).filter((item) => locale === 'zh-CN' || !item.startsWith('English word'));
          found.push(...items.map((item) => `${locale} ${where}: ${item}`));
        }
      }
      expect(found).toEqual([]);
    });

    for (const untrue of UNTRUE_ON_MACHINE.filter((entry) => entry.host === name)) {
      for (const locale of LOCALES) {
        test(`${locale}: the plain-words panel ${untrue.what}`, async ({ browser }) => {
          // Found untrue by this walk (the sentence and its source are in UNTRUE_ON_MACHINE), now said truly.
          const { page, machineText, planText } = await walk(browser, machine.serve.url, locale);
          await page.context().close();
          expect(planText).toContain(untrue.words[locale].evidence);
          expect(machineText).not.toContain(untrue.words[locale].claim);
        });
      }
    }
  });
}

/**
 * (8) What-ifs on a machine DL Setup is not running on, through the CLI (the wizard plans only the machine it runs on).
 * Windows: GeForce RTX 3080 on driver 536.40 (fixtures/nvidia-smi-xml/rtx3080_driver536.40_windows.xml), Ampere 8.6;
 * data/cuda-toolkits.json: CUDA 12.x runs on Windows drivers ≥ 528.33, so PyTorch 2.14.0 cu126 keeps 536.40.
 * macOS arm64 (Apple silicon, e.g. fixtures/macos/system_profiler_SPHardwareDataType_mini_m1pro.txt "Apple M1 Pro"): no
 * CUDA; data/pytorch.json's macOS wheel runs on the CPU and the Apple GPU through MPS, no driver, no Toolkit.
 */
test.describe('second walk: what-ifs for Windows and macOS', () => {
  // With a what-if flag nothing but this machine's OS and CPU is read: any host will do, and no serve is needed.
  const machine = onWalkHost('l40s', { serve: false });
  const WINDOWS = ['plan', '--framework', 'pytorch', '--os', 'windows', '--gpu', 'RTX 3080', '--driver', '536.40'];
  const MAC = ['plan', '--framework', 'pytorch', '--os', 'macos', '--arch', 'arm64'];
  const WORDS = {
    en: { windows: 'Planning for Windows (x86_64) with GeForce RTX 3080', keep: 'keep 536.40', floor: '528.33', mac: 'Planning for macOS (arm64)', mps: 'Apple GPU through MPS', noGpu: 'with no GPU', stepAbove: 'the driver step above', newest: 'cu126 needs driver 561.17 or newer', least: 'To use PyTorch 2.14.0 instead, the driver must be 561.17 or newer (its cu126 build; yours is 536.40)', appleGpu: 'with the Apple silicon GPU', r580: 'To use PyTorch 2.14.0 (cu132) instead, the driver must be upgraded to R580' },
    'zh-CN': { windows: '规划目标：Windows（x86_64），GPU 为 GeForce RTX 3080', keep: '保留 536.40', floor: '528.33', mac: '规划目标：macOS（arm64）', mps: '使用 Apple GPU', noGpu: '没有 GPU', stepAbove: '上面的驱动步骤', newest: 'cu126 需要 561.17 或更新的驱动', least: '若要改用 PyTorch 2.14.0，驱动需要 561.17 或更新版本（其 cu126 构建；你的是 536.40）', appleGpu: 'GPU 为 Apple 芯片的 GPU', r580: '若要改用 PyTorch 2.14.0（cu132），需要把驱动升级到 R580' },
  } as const;
  for (const locale of LOCALES) {
    const words = WORDS[locale];
    test(`${locale}: Windows, RTX 3080 on 536.40: PyTorch 2.14.0 (cu126) keeps the driver`, async () => {
      const plan = await cli(machine.host, [...WINDOWS, '--lang', locale]);
      expect(plan).toContain('PyTorch 2.14.0 (cu126)');
      expect(plan).toContain(words.windows);
      expect(plan).toContain(words.keep);
      expect(plan).toContain(words.floor);
      expect(plan).not.toMatch(/nvidia-driver|R580/);
      if (locale === 'zh-CN') expect(leftovers(plan, machine.host, ['GeForce RTX 3080'])).toEqual([]);
    });

    test(`${locale}: Windows with a system Toolkit: no "driver step above" in a plan without one`, async () => {
      // Found untrue by this walk: the warning "the driver step above (or your current driver) provides it" in a plan with no driver step.
      const plan = await cli(machine.host, [...WINDOWS, '--method', 'system', '--lang', locale]);
      expect(plan).toContain('536.40');
      expect(plan).not.toContain(words.stepAbove);
    });

    test(`${locale}: Windows with a system Toolkit: the "to use 2.14.0" alternative is the one its own reason names`, async () => {
      // Found untrue by this walk: "To use PyTorch 2.14.0 (cu132) instead, the driver must be upgraded to R580", while the
      // same plan says 2.14.0's cu126 needs only 561.17 (data/cuda-toolkits.json 12.6 driverWindows 561.17).
      const plan = await cli(machine.host, [...WINDOWS, '--method', 'system', '--lang', locale]);
      expect(plan).toContain(words.newest);
      expect(plan).toContain(words.least);
      expect(plan).not.toContain(words.r580);
    });

    test(`${locale}: macOS arm64: an MPS plan with no driver and no Toolkit`, async () => {
      const plan = await cli(machine.host, [...MAC, '--lang', locale]);
      expect(plan).toContain('PyTorch 2.14.0 (mps)');
      expect(plan).toContain(words.mac);
      expect(plan).toContain(words.mps);
      expect(plan).not.toMatch(/nvidia-driver|cu1\d\d|--index-url/);
      if (locale === 'zh-CN') expect(leftovers(plan, machine.host, [])).toEqual([]);
    });

    test(`${locale}: macOS arm64: the plan does not say the Mac has no GPU while it plans for the Apple GPU`, async () => {
      // Found untrue by this walk: "Planning for macOS (arm64) with no GPU" beside "runs … on the Apple GPU through MPS":
      // every arm64 Mac is Apple silicon with its GPU (fixtures/macos/system_profiler_SPHardwareDataType_mini_m1pro.txt).
      const plan = await cli(machine.host, [...MAC, '--lang', locale]);
      expect(plan).toContain(words.mps);
      expect(plan).toContain(words.appleGpu);
      expect(plan).not.toContain(words.noGpu);
    });
  }
});

/** What `dlsetup install --dry-run` lists for the plan `dlsetup plan --json` printed on the same machine. */
async function plannedDryRun(host: SimulatedHost): Promise<string> {
  const file = path.join(path.dirname(host.root), 'plan.json');
  await writeFile(file, await cli(host, ['plan', '--framework', 'pytorch', '--json']));
  return cli(host, ['install', '--plan', file, '--dry-run']);
}

test.describe('second walk: v100sCloud, the venv starts from the Python the plan names', () => {
  const machine = onWalkHost('v100sCloud', { serve: false });
  test("the venv is made with pyenv's 3.11.9 interpreter, which is not on PATH as python3.11", async () => {
    // Found by this walk: the plan said "the Python already on this machine" and the step ran `python3.11 -m venv`, which
    // only pyenv's shims provide; without them the step fell back to python3 (3.8.10) and stopped.
    const dryRun = await plannedDryRun(machine.host);
    expect(dryRun).toContain(`${path.join(os.homedir(), '.pyenv', 'versions', '3.11.9', 'bin', 'python')} -m venv`);
    expect(dryRun).not.toContain('python3.11 -m venv');
  });
});

test.describe('second walk: a100Server, the plan it prints is the plan it installs', () => {
  const machine = onWalkHost('a100Server', { serve: false });
  test('`plan --json` then `install --plan --dry-run` is not refused for the CUDA 11.8 Toolkit whose version.json says 11.8.20220929', async () => {
    // Issue 30's dead end: the real version.json's SDK version (a build date) reached the plan and install refused it.
    const dryRun = await plannedDryRun(machine.host);
    expect(dryRun).not.toContain('INVALID_ARGUMENT');
    expect(dryRun).toContain('Dry run: 2 steps; nothing will be changed.');
    expect(dryRun).toContain('torch==2.14.0 --index-url https://download.pytorch.org/whl/cu126');
  });
});
