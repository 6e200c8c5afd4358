// The Install screen says which mirror a running download comes from and how fast it measured ("from tuna (measured
// 2.1 MB/s)"). Real: dlsetup serve, a venv made by a real Python, pip ≥ 25.3 resolving from PEP 658 metadata, DL Setup's
// own downloader measuring two loopback servers that carry the same wheel. The wheel is a stand-in, not PyTorch.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { MirrorTable } from '../../shared/types/mirrors.js';
import { overlayDataTable } from '../../testkit/install/dataOverlay.js';
import { markIndexesServingMetadata } from '../../testkit/install/metadataOverlay.js';
import { newPipWheel, saveEnv } from '../../testkit/install/modernPip.js';
import { buildTestWheel, startTestIndex, type TestIndex } from '../../testkit/install/wheelIndex.js';
import { installHost, invoke, type InstallHost } from '../support/installLab.js';
import { startServe, type ServeHandle } from '../support/serve.js';

/** Large enough to be measured on mirrors (DLSETUP_MIRROR_MIN_BYTES below) and to stay on screen ~3 s from the fast one. */
const WHEEL_BYTES = 8_000_000;
/** The plan's own index: slow. The pip ≥ 25.3 wheel the new venv upgrades to comes from it too (1.8 MB, ~2 s). */
const SLOW_BYTES_PER_SECOND = 1_000_000;
/** TUNA's copy of the same files: 256 kB probes measure it ~3× faster, yet the row stays running ~3 s. */
const FAST_BYTES_PER_SECOND = 3_000_000;

test.describe('installing from the fastest measured mirror (RTX 4090, loopback indexes)', () => {
  const lab = {} as { host: InstallHost; serve: ServeHandle; slow: TestIndex; fast: TestIndex; dir: string; skip: string };
  // The overlay sets DLSETUP_DATA_DIR in this worker too; later specs in the same worker must read data/ again.
  const restoreEnv = saveEnv(['DLSETUP_DATA_DIR']);

  test.beforeAll(async () => {
    lab.dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-e2e-mirror-'));
    const wheels = path.join(lab.dir, 'wheels');
    const pipWheel = newPipWheel(path.join(lab.dir, 'pip'));
    lab.skip = pipWheel ? '' : "no pip >= 25.3 wheel on this machine's package index";
    if (!pipWheel) return;
    mkdirSync(wheels);
    copyFileSync(pipWheel, path.join(wheels, path.basename(pipWheel)));
    lab.slow = await startTestIndex(wheels, { coreMetadata: true });
    lab.fast = await startTestIndex(wheels);
    lab.slow.trickleBytesPerSecond = SLOW_BYTES_PER_SECOND;
    lab.fast.trickleBytesPerSecond = FAST_BYTES_PER_SECOND;
    // The serve process reads its tables once, so both are written before it starts: PyTorch's index is the slow
    // loopback one (which publishes metadata), and TUNA's row carries its files on the fast one.
    const overlay = path.join(lab.dir, 'data');
    overlayDataTable<{ indexUrlPattern: string }>(overlay, 'pytorch', (table) => {
      table.indexUrlPattern = `${lab.slow.url}/simple`;
    });
    markIndexesServingMetadata(overlay, [`${lab.slow.url}/simple`], (table: MirrorTable) => {
      for (const row of table.mirrors) delete row.files;
      table.mirrors.find((row) => row.id === 'tuna')!.files = [{ from: `${lab.slow.url}/files/`, to: `${lab.fast.url}/files/`, source: 'test: two loopback copies of the wheel' }];
    });
    lab.host = await installHost('rtx4090');
    lab.serve = await startServe({ ...lab.host.env, DLSETUP_DATA_DIR: overlay, DLSETUP_MIRROR_MIN_BYTES: '100000' });
    const plan = await invoke(lab.serve, 'plan:resolve', { framework: 'pytorch', python: lab.host.python.version });
    // The indexes list the folder on each request: the plan's torch version is served from here on.
    buildTestWheel(wheels, 'torch', plan.framework.version, WHEEL_BYTES);
  });

  test.afterAll(async () => {
    restoreEnv();
    await lab.serve?.stop();
    await lab.slow?.close();
    await lab.fast?.close();
    await lab.host?.cleanup();
    if (lab.dir) rmSync(lab.dir, { recursive: true, force: true });
  });

  test('the running download names the mirror it comes from and its measured speed', async ({ page }) => {
    test.skip(!!lab.skip, lab.skip);
    test.setTimeout(45_000);
    await page.goto(lab.serve.url);
    await page.getByRole('button', { name: 'First-time setup' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Python version').selectOption(lab.host.python.version);
    await page.getByLabel('Install location').fill(`${lab.host.env.DLSETUP_HOME}/envs/mirror`);
    await page.getByRole('button', { name: 'See the plan' }).click();
    await expect(page.getByTestId('plan-status')).toHaveAttribute('data-status', 'ok');
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Installing');

    // The framework row, found as the person finds it: by its progress bar's name (the step's pip command).
    const framework = page.getByTestId('install-step').filter({ has: page.getByRole('progressbar', { name: /^Progress of pip install torch==/ }) });
    await expect(framework.getByText(/^[\d.]+ [kM]?B of 8\.0 MB · .*from tuna \(measured [\d.]+ [kM]B\/s\)$/)).toBeVisible({ timeout: 30_000 });

    await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'succeeded', { timeout: 20_000 });
    // The bytes came from the fast copy; the slow index served only metadata, pip itself and the measuring probes.
    expect(lab.fast.log.filter((entry) => entry.path.endsWith('.whl') && entry.userAgent === 'dlsetup').length).toBeGreaterThan(0);
    expect(lab.slow.log.filter((entry) => /torch-.*\.whl$/.test(entry.path) && entry.userAgent === 'dlsetup')).toEqual([]);
  });
});
