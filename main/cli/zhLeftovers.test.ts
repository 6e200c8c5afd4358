// Issue 30, "an internal id never reaches a sentence": every CLI output a Chinese reader gets on the wizard's simulated
// machines (detect, plan, install --dry-run of a plan made in English, verify --all, diagnose, rollback) is scanned
// for internal ids, codes outside their [CODE] bracket, catalog keys and English words of the product's own sentences;
// the English outputs for the first three.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WIZARD_HOSTS, wizardHost } from '../../e2e/support/wizardHosts.js';
import { zhLeftovers, type Leftover } from '../../testkit/i18n/zhLeftovers.js';
import { withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { environmentFiles, nvidiaWheel, torch } from '../../testkit/verify/environments.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { main } from './main.js';
import { captureIo, pinLocaleEnv } from './testIo.js';

/** The machines: NVIDIA new and old, a toolkit pair, a fresh Debian, several Pythons, an AMD one where the lane has it. */
const HOSTS = (['rtx4090', 'oldDriver', 'gt1030', 'freshDebian', 'severalPythons', 'amdRocm'] as const).filter((name) => name in WIZARD_HOSTS) as (keyof typeof WIZARD_HOSTS)[];

/** cuDNN found three ways: a header (real capture), a library in a Toolkit's lib64 (gt1030's 11.5), a pip package. */
const CUDNN = { '/usr/include/cudnn_version.h': { fixture: 'cudnn/cudnn_version_h_9.6.0.h' }, '/usr/local/cuda-11.5/lib64/libcudnn.so.8.9.7': '' };
const COURSE = environmentFiles([{ name: 'course', python: '3.11.9', dists: [torch('2.1.2+cu118'), nvidiaWheel('nvidia-cudnn-cu11', '8.7.0.84')] }]);

/** What a student pastes: a CUDA build that does not fit the driver. */
const PASTED = 'Traceback (most recent call last):\n  File "train.py", line 3, in <module>\nRuntimeError: CUDA error: no kernel image is available for execution on the device\n';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-zh-scan-'));
  writeFileSync(path.join(tmp, 'pasted.txt'), PASTED);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function dlsetup(host: SimulatedHost, args: string[]): Promise<{ code: number; text: string; stdout: string }> {
  pinLocaleEnv(vi.stubEnv, 'en_US.UTF-8');
  const io = captureIo();
  try {
    const code = await withSimulatedHost(host, () => main(args, io));
    return { code, text: io.stdout() + io.stderr(), stdout: io.stdout() };
  } finally {
    vi.unstubAllEnvs();
  }
}

/** Words the machine itself supplies (GPU, CPU, distribution, paths): data, allowed wherever they appear. */
function machineNames(report: HardwareReport): string[] {
  return [
    report.cpu.model,
    report.os.distro ?? '',
    ...report.gpus.map((gpu) => `${gpu.name} ${gpu.architecture ?? ''} ${gpu.chip ?? ''}`),
    ...report.displayAdapters.map((adapter) => adapter.name),
    ...report.pythons.map((env) => env.path),
    os.homedir(),
    tmp,
    PASTED,
  ];
}

describe.each(HOSTS)('zh-CN outputs on the %s machine', (name) => {
  let host: SimulatedHost;
  const found: { command: string; leftover: Leftover }[] = [];
  beforeAll(async () => {
    host = await wizardHost(name, { files: { ...CUDNN, ...COURSE } });
  }, 60_000);
  afterAll(async () => {
    await host?.cleanup();
  });

  it('says every command in Chinese, with no internal id, bare code, catalog key or English word of its own', async () => {
    const report = JSON.parse((await dlsetup(host, ['detect', '--json'])).stdout) as HardwareReport;
    const names = machineNames(report);
    // Each command in Chinese; the same in English, where only ids, bare codes and keys are out of place.
    const scan = async (args: string[]) => {
      const run = await dlsetup(host, args);
      for (const leftover of zhLeftovers(run.text, names)) found.push({ command: args.join(' '), leftover });
      const english = args.map((arg) => (arg === 'zh-CN' ? 'en' : arg));
      const inEnglish = zhLeftovers((await dlsetup(host, english)).text, names).filter((leftover) => leftover.kind !== 'English word');
      for (const leftover of inEnglish) found.push({ command: english.join(' '), leftover });
      return run;
    };
    await scan(['detect', '--lang', 'zh-CN']);
    for (const request of [['--framework', 'pytorch'], ['--framework', 'tensorflow', '--method', 'system'], ['--framework', 'jax'], ['--framework', 'pytorch', '--method', 'conda']]) {
      await scan(['plan', ...request, '--lang', 'zh-CN']);
      // `plan --json` writes English; the dry run of that file is read in Chinese.
      const json = await dlsetup(host, ['plan', ...request, '--json']);
      const file = path.join(tmp, `${name}-${request.join('')}.json`);
      writeFileSync(file, json.stdout);
      await scan(['install', '--plan', file, '--dry-run', '--lang', 'zh-CN']);
    }
    await scan(['plan', '--framework', 'pytorch', '--os', 'windows', '--gpu', 'RTX 4090', '--driver', '560.94', '--method', 'system', '--lang', 'zh-CN']);
    await scan(['verify', '--all', '--lang', 'zh-CN']);
    await scan(['diagnose', path.join(tmp, 'pasted.txt'), '--lang', 'zh-CN']);
    await scan(['rollback', '--dry-run', '--lang', 'zh-CN']);
    expect(found.map(({ command, leftover }) => `${command}: ${leftover.kind} "${leftover.text}" in: ${leftover.line}`)).toEqual([]);
  }, 120_000);

  it.runIf(name === 'gt1030')("detect says how each cuDNN was found and each Python's kind in words, in both languages (issue 30: \"header\", \"toolkit lib\", \"system\")", async () => {
    const CUDNN_ROW = /^ {2}\d+(\.\d+)+ +\S*cudnn/;
    const rows = (text: string, pattern: RegExp) => text.split('\n').filter((line) => pattern.test(line)).map((line) => line.trim().replace(/ {2,}/g, ' | '));
    const chinese = (await dlsetup(host, ['detect', '--lang', 'zh-CN'])).text;
    expect(rows(chinese, CUDNN_ROW)).toEqual([
      '9.6.0 | /usr/include/cudnn_version.h | 头文件',
      '8.9.7 | /usr/local/cuda-11.5/lib64/libcudnn.so.8.9.7 | CUDA Toolkit 中的库',
      expect.stringMatching(/^8\.7\.0\.84 \| \S+\/nvidia\/cudnn \| \S+\/envs\/course\/bin\/python 中的 pip 包 nvidia-cudnn-cu11$/),
    ]);
    expect(chinese).toMatch(/^ {2}3\.11\.9 +conda 环境 +\//m);
    const english = (await dlsetup(host, ['detect', '--lang', 'en'])).text;
    expect(rows(english, CUDNN_ROW).map((row) => row.split(' | ')[2])).toEqual([
      'header file',
      'library in the CUDA Toolkit',
      expect.stringMatching(/^pip package nvidia-cudnn-cu11 in \S+\/envs\/course\/bin\/python$/),
    ]);
    expect(english).not.toMatch(/toolkit lib|\bheader\b(?! file)/);
  });
});
