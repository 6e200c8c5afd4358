import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SYSTEM_PYTHON } from '../../testkit/debianTorch.js';
import { samplePassingRtx4090Report } from '../../testkit/verify/sampleReport.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import type { ServeHandle } from '../support/serve.js';
import { onHost } from '../support/onHost.js';

// Verify as a proof (issue 17): verdict first, human check names, a chart with units, the right advice on a machine
// without a GPU, next steps; screenshots of pass (a labelled sample), fail and CPU-only, in both languages, two sizes.
const screenshots = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');
test.describe.configure({ timeout: 120_000 });
const SIZES = [{ width: 1280, height: 800 }, { width: 1024, height: 640 }];
const LANGS = ['en', 'zh-CN'] as const;
type Lang = (typeof LANGS)[number];
const REVERIFY: Record<Lang, string> = { en: 'Re-verify this machine', 'zh-CN': '重新验证这台电脑' };
/** Raw check ids and "see <id>" pointers must not reach the reader. */
const RAW_IDS = /matmul-fp32|gpu-available|kernel-launch|conv2d-forward|see gpu-|32 \(CPU\)/;

/**
 * Debian's /usr/bin/python3 with its CPU-only PyTorch is the host's python3 (linked by path: python3 on this PATH may
 * be a pyenv shim): the real check script runs; sysfs and nvidia-smi are the simulated host's.
 */
/** The host with this machine's real Python (Debian's CPU torch) as its python3. */
const onHostWithPython = (name: Parameters<typeof onHost>[0]) => onHost(name, (host) => symlink(SYSTEM_PYTHON, path.join(host.binDir, 'python3')));

async function openVerify(browser: Browser, serve: ServeHandle, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ locale: lang, viewport: SIZES[0] });
  const page = await context.newPage();
  await page.goto(serve.url);
  await page.getByRole('button', { name: REVERIFY[lang] }).click();
  await expect(page.getByTestId('verify-verdict')).toBeVisible({ timeout: 90_000 });
  return page;
}

/** Every status badge sits on one line (zh badges used to wrap into two stacked characters). */
async function expectBadgesOnOneLine(page: Page) {
  const heights = await page.locator('.checks .tag').evaluateAll((tags) => tags.map((tag) => {
    const style = getComputedStyle(tag);
    return tag.getBoundingClientRect().height / parseFloat(style.lineHeight === 'normal' ? String(parseFloat(style.fontSize) * 1.3) : style.lineHeight);
  }));
  expect(heights.length).toBeGreaterThan(0);
  for (const lines of heights) expect(lines).toBeLessThan(1.9);
}

async function shoot(page: Page, name: string, lang: Lang) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectBadgesOnOneLine(page);
    await page.screenshot({ path: path.join(screenshots, `verify-${name}${lang === 'en' ? '' : '-zh-CN'}-${size.width}x${size.height}.png`), fullPage: true });
  }
}

test.describe('Verify on a machine with no NVIDIA GPU and a CPU-only PyTorch', () => {
  const machine = onHostWithPython('noGpu');

  test('a passing CPU verdict, human check names, tips not measured with the reason (en)', async ({ browser }) => {
    const page = await openVerify(browser, machine.serve, 'en');
    const verdict = page.getByTestId('verify-verdict');
    await expect(verdict).toHaveAttribute('data-tone', 'cpu');
    await expect(verdict).toHaveText(/^PyTorch works on the CPU: fp32 matmul [\d.]+ GFLOP\/s\. This machine has no NVIDIA GPU, so there is no GPU to verify\.$/);
    await expect(page.getByTestId('verify-summary')).toHaveText(/^\d+ passed, 0 failed, \d+ skipped$/);
    const gpuRow = page.locator('[data-check="gpu-available"]');
    await expect(gpuRow.getByRole('rowheader')).toHaveText('GPU availableThe framework sees the GPU through the driver.');
    await expect(gpuRow).toContainText('This machine has no NVIDIA GPU, so PyTorch');
    await expect(page.locator('[data-check="kernel-launch"]')).toContainText('Not run: there is no usable GPU.');
    await expect(page.getByTestId('cpu-only-note')).toHaveText(/^Measured on the CPU: fp32 matrix multiply \(\d+×\d+\) at [\d.]+ GFLOP\/s\./);
    await expect(page.getByTestId('precision-chart')).toHaveCount(0);
    await expect(page.locator('[data-tip="tf32"]')).toHaveText('TF32 for fp32 matmuls: not measured — there is no usable GPU to time it on.');
    await expect(page.locator('[data-tip="pinned-copy"]')).toContainText('not measured');
    const text = await page.locator('main, body').first().innerText();
    expect(text).not.toMatch(RAW_IDS);
    expect(text).not.toContain('Install a CUDA build');
    for (const name of ['Back to the plan', 'Troubleshoot', 'Download a copy (JSON)', 'Download a copy (HTML)']) await expect(page.getByRole('button', { name })).toBeVisible();
    await expect(page.getByText('Open a saved report…')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'verify (CPU-only)');
    await shoot(page, 'cpu-only', 'en');
    await page.getByRole('button', { name: 'Back to the plan' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/plan/i);
    await page.context().close();
  });

  test('the same in Chinese', async ({ browser }) => {
    const page = await openVerify(browser, machine.serve, 'zh-CN');
    await expect(page.getByTestId('verify-verdict')).toHaveText(/^PyTorch 在 CPU 上工作正常：fp32 矩阵乘法 [\d.]+ GFLOP\/s。这台电脑没有 NVIDIA GPU/);
    await expect(page.locator('[data-check="gpu-available"]')).toContainText('这台电脑没有 NVIDIA GPU，所以 PyTorch');
    await expect(page.locator('[data-tip="tf32"]')).toHaveText('用 TF32 执行 fp32 矩阵乘法：未测量——没有可用的 GPU 来测量。');
    expect(RAW_IDS.exec(await page.locator('body').innerText())?.[0]).toBeUndefined();
    await expectNoSeriousA11yViolations(page, 'verify (CPU-only, zh-CN)');
    await shoot(page, 'cpu-only', 'zh-CN');
    await page.context().close();
  });

  for (const lang of LANGS) {
    test(`a sample passing report opened from a file is labelled as a sample, verdict first with the spec share (${lang})`, async ({ browser }) => {
      const page = await openVerify(browser, machine.serve, lang);
      await page.locator('input[type=file]').setInputFiles({ name: 'rtx4090-sample.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(samplePassingRtx4090Report())) });
      const verdict = page.getByTestId('verify-verdict');
      await expect(verdict).toHaveAttribute('data-tone', 'pass');
      if (lang === 'en') {
        await expect(page.getByTestId('verify-sample')).toContainText('Sample report, not measured on this machine');
        await expect(verdict).toHaveText('Your NVIDIA GeForce RTX 4090 works: bf16 matmul 151 TFLOP/s = 91 % of spec; cuDNN convolution matches the CPU.');
        await expect(page.locator('[data-precision="bf16"]')).toHaveText('bf16151 of 165 TFLOP/s (91 %)');
        await expect(page.locator('[data-precision="tf32"]')).toHaveText('tf3274.3 of 82.6 TFLOP/s (90 %)');
        await expect(page.locator('[data-tip="bf16-autocast"]')).toHaveText("bf16 autocast made a training step 2.2× faster here: with torch.autocast('cuda', dtype=torch.bfloat16): ...");
        await expect(page.locator('[data-tip="pinned-copy"]')).toContainText('Pinned host memory made copies to the GPU 2.0× faster here:');
        await expect(page.locator('[data-check="conv2d-forward"] th')).toHaveText('Convolution (forward)A cuDNN convolution gives the same result as the CPU.');
      } else {
        await expect(page.getByTestId('verify-sample')).toContainText('示例报告，并非在这台电脑上测得');
        await expect(verdict).toHaveText('你的 NVIDIA GeForce RTX 4090 工作正常：bf16 矩阵乘法 151 TFLOP/s，达到规格的 91 %；cuDNN 卷积结果与 CPU 一致。');
        await expect(page.locator('[data-precision="bf16"]')).toHaveText('bf16151 / 165 TFLOP/s（91 %）');
      }
      expect(RAW_IDS.exec(await page.locator('body').innerText())?.[0]).toBeUndefined();
      await expectNoSeriousA11yViolations(page, `verify (sample pass, ${lang})`);
      await shoot(page, 'pass-sample', lang);
      await page.context().close();
    });
  }
});

test.describe('Verify on an RTX 4090 machine whose PyTorch is a CPU-only build', () => {
  const machine = onHostWithPython('rtx4090');

  for (const lang of LANGS) {
    test(`a failing verdict names the check and says to install a CUDA build; Welcome then says the last run found a problem (${lang})`, async ({ browser }) => {
      const page = await openVerify(browser, machine.serve, lang);
      const verdict = page.getByTestId('verify-verdict');
      await expect(verdict).toHaveAttribute('data-tone', 'fail');
      if (lang === 'en') {
        await expect(verdict).toContainText('Verify found a problem: this setup does not work yet.');
        await expect(verdict).toContainText('GPU available: This PyTorch build (');
        await expect(verdict).toContainText('Install a CUDA build of PyTorch to use the GPU.');
      } else {
        await expect(verdict).toContainText('验证发现一个问题：这套环境还不能正常工作。');
        await expect(verdict).toContainText('GPU 可用');
      }
      expect(RAW_IDS.exec(await page.locator('body').innerText())?.[0]).toBeUndefined();
      await expectNoSeriousA11yViolations(page, `verify (fail, ${lang})`);
      await shoot(page, 'fail', lang);
      await page.goto(machine.serve.url);
      const hint = page.getByTestId('reverify-hint');
      await expect(hint).toHaveText(lang === 'en'
        ? 'The last verification on this machine found a problem. Verify again after fixing it, or open Troubleshoot.'
        : '这台电脑上一次验证发现了问题。修复后请重新验证，或打开“排查报错”。');
      await page.context().close();
    });
  }
});
