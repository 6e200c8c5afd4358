// verify --all keeps each run and says what changed per environment since the last one (issue 20): the same eight
// environments on a GT 1030, first on driver 535.104.05 (CUDA 12.2's Linux driver, data/cuda-toolkits.json), then back
// on 470.74. The 535 capture is the GT 1030's own with the two driver lines changed: no GT 1030 capture on 535 exists.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentsReport } from '../../../shared/types/environments.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../../testkit/simulatedHost.js';
import { addedVenvFiles, EIGHT_ENVIRONMENTS, environmentFiles, environmentPrefix } from '../../../testkit/verify/environments.js';
import { captureIo } from '../../cli/testIo.js';
import { verifyCommand } from '../../cli/commands/verifyCommand.js';
import { flagValues, parseArgs } from '../../cli/parseArgs.js';
import { GT1030_FILES, GT1030_XML_470, GT1030_XML_535 } from '../../../testkit/verify/gt1030Host.js';


/** A uv venv detection does not look in: /opt/proj/.venv, torch 2.8.0+cu128 (no sm_61 code), added with --env. */
const addedVenv = () => addedVenvFiles('/opt/proj/.venv', { name: 'proj', python: '3.12.4', dists: EIGHT_ENVIRONMENTS.find((env) => env.name === 'llm-train')!.dists });

let before: SimulatedHost;
let after: SimulatedHost;

beforeAll(async () => {
  const files = { ...GT1030_FILES, ...environmentFiles(EIGHT_ENVIRONMENTS), ...addedVenv() };
  before = await createSimulatedHost({ isolatePath: true, files, tools: { 'nvidia-smi': { stdout: GT1030_XML_535 } } });
  after = await createSimulatedHost({ isolatePath: true, files, tools: { 'nvidia-smi': { stdout: GT1030_XML_470 } } });
  // One machine, two driver states: the history folder is shared.
  after.env.DLSETUP_HOME = before.env.DLSETUP_HOME;
}, 60_000);
afterAll(async () => {
  await before?.cleanup();
  await after?.cleanup();
});

async function verifyAll(host: SimulatedHost, flags: Record<string, unknown>) {
  const io = captureIo();
  const code = await withSimulatedHost(host, () => verifyCommand.run({ flags: { all: true, ...flags }, positionals: [] } as never, io));
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('verify --all history across a driver change', () => {
  it('the first run has nothing to compare with; the re-run on 470.74 names each environment that changed', async () => {
    const first = await verifyAll(before, { lang: 'en', env: '/opt/proj/.venv\0/opt/nothing-here' });
    expect(first.out).toContain('driver 535.104.05');
    expect(first.out).toMatch(/torch-pypi-cu121 +3\.11\.9 +PyTorch +2\.1\.2 +works/);
    // The added venv has its row (kind 'added'), read from its layout; a folder without an environment is said and skipped.
    expect(first.out).toMatch(/proj\/\.venv +3\.12\.4 +PyTorch +2\.8\.0\+cu128 +no kernels for this GPU/);
    expect(first.err).toContain('/opt/nothing-here holds no Python environment');
    expect(first.out).not.toContain('Since the last run');

    const second = await verifyAll(after, { lang: 'en', env: '/opt/proj/.venv' });
    expect(second.out).toContain('driver 470.74');
    expect(second.out).toMatch(/The driver changed since the last run \(\d{4}-\d\d-\d\d \d\d:\d\d\): 535\.104\.05 → 470\.74\. What that means for each environment:/);
    expect(second.out).toContain('  torch-pypi-cu121: works → needs driver ≥ 525.60.13, because of the driver change');
    expect(second.out).toContain('  tf-and-cuda: works → needs driver ≥ 525.60.13, because of the driver change');
    // The cu118 build runs on 470.74 as on 535; CPU, broken and no-kernel rows do not depend on the driver.
    for (const env of ['torch-cu118', 'torch-cpu', 'tf-cpu', 'broken-torch', 'llm-train', 'proj/.venv']) expect(second.out).toMatch(new RegExp(`^ {2}${env}: .+, as before \\(the driver change did not change this\\)$`, 'm'));

    // Without --env the added venv is gone from the list: said so, in Chinese.
    const zh = await verifyAll(after, { lang: 'zh-CN' });
    expect(zh.out).toMatch(/与上次运行（.*，驱动 470\.74）相比：/);
    expect(zh.out).not.toContain('驱动已更换');
    expect(zh.out).toContain('  proj/.venv：没有适用于这块 GPU 的内核 → 不存在');
  });

  it('each run is kept as a schema-checked file whose since.changes the --json answer carries', async () => {
    const json = JSON.parse((await verifyAll(before, { json: true, env: '/opt/proj/.venv' })).out) as EnvironmentsReport;
    expect(json.driver).toBe('535.104.05');
    expect(json.since?.driver).toBe('470.74');
    expect(json.since?.changes).toContainEqual({ path: path.join(environmentPrefix('torch-pypi-cu121'), 'bin', 'python'), name: 'torch-pypi-cu121', from: 'needsDriver', to: 'works', fromFloor: '525.60.13', cause: 'driver' });
    expect(json.environments.find((env) => env.kind === 'added')).toMatchObject({ path: '/opt/proj/.venv/bin/python', python: '3.12.4', verdict: 'noKernels' });
    const kept = readdirSync(path.join(before.env.DLSETUP_HOME)).length;
    expect(kept).toBeGreaterThan(0);
  });
});

describe('--env on the command line', () => {
  it('may be given more than once; every folder is kept in order', () => {
    const { flags } = parseArgs(['--all', '--env', '/opt/proj/.venv', '--env=/srv/envs/a b'], verifyCommand.flags, 0);
    expect(flagValues(flags.env)).toEqual(['/opt/proj/.venv', '/srv/envs/a b']);
    // Other string flags keep the last value as before.
    expect(parseArgs(['--python', '/a', '--python', '/b'], verifyCommand.flags, 0).flags.python).toBe('/b');
  });
});
