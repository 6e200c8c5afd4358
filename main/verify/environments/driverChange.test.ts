// After a driver update, `verify --all` says the driver changed (from → to) and, per environment, whether its verdict
// changed because of it (issue 30). One RTX 3090 (sm_86) with the eight environments, run on 515.105.01, then on
// 525.147.05 (its real capture), then on 535.104.05: the other two are the same capture with its two driver lines
// changed (CUDA 11.7's and 12.2's Linux drivers, data/cuda-toolkits.json), as no RTX 3090 capture on those is kept.
// Expected, from data/cuda-toolkits.json minorVersionCompatibility: a CUDA 12 build needs 525.60.13 or newer on Linux,
// a CUDA 11 build 450.80.02; so on 515 the four CUDA 12 environments need a newer driver and on 525 and 535 they work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../../testkit/simulatedHost.js';
import { EIGHT_ENVIRONMENTS, environmentFiles, torch, type SimulatedEnvironment } from '../../../testkit/verify/environments.js';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { minorCompatibilityFloor } from '../../../testkit/data/liveFacts.js';
import type { EnvironmentsReport } from '../../../shared/types/environments.js';
import { captureIo } from '../../cli/testIo.js';
import { verifyCommand } from '../../cli/commands/verifyCommand.js';

const XML_525 = readFileSync(fixturePath('nvidia-smi-xml/rtx3090_driver525.147.05.xml'), 'utf8');
const onDriver = (driver: string, cuda: string) =>
  XML_525.replace('<driver_version>525.147.05</driver_version>', `<driver_version>${driver}</driver_version>`).replace('<cuda_version>12.0</cuda_version>', `<cuda_version>${cuda}</cuda_version>`);
/** torch-cpu after `pip install torch==2.5.1 --index-url …/cu124` in it: its packages changed, not the driver. */
const REINSTALLED = EIGHT_ENVIRONMENTS.map((env) => (env.name === 'torch-cpu' ? { ...env, dists: [torch('2.5.1+cu124')] } : env));
const RTX3090_FILES = {
  '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n',
  '/sys/bus/pci/devices/0000:01:00.0/class': '0x030000\n',
  '/sys/bus/pci/devices/0000:01:00.0/vendor': '0x10de\n',
  '/sys/bus/pci/devices/0000:01:00.0/device': '0x2204\n',
};

const hosts: SimulatedHost[] = [];
async function hostOn(xml: string, envs: SimulatedEnvironment[] = EIGHT_ENVIRONMENTS): Promise<SimulatedHost> {
  const host = await createSimulatedHost({ isolatePath: true, files: { ...RTX3090_FILES, ...environmentFiles(envs) }, tools: { 'nvidia-smi': { stdout: xml } } });
  // One machine, several driver states: the history folder is shared.
  if (hosts[0]) host.env.DLSETUP_HOME = hosts[0].env.DLSETUP_HOME;
  hosts.push(host);
  return host;
}

let on515: SimulatedHost;
let on525: SimulatedHost;
let on535: SimulatedHost;
let reinstalled: SimulatedHost;
beforeAll(async () => {
  on515 = await hostOn(onDriver('515.105.01', '11.7'));
  on525 = await hostOn(XML_525);
  on535 = await hostOn(onDriver('535.104.05', '12.2'));
  reinstalled = await hostOn(onDriver('570.124.04', '12.8'), REINSTALLED);
}, 60_000);
afterAll(async () => {
  for (const host of hosts) await host.cleanup();
});

async function verifyAll(host: SimulatedHost, flags: Record<string, unknown>) {
  const io = captureIo();
  await withSimulatedHost(host, () => verifyCommand.run({ flags: { all: true, ...flags }, positionals: [] } as never, io));
  return io.stdout();
}

const CUDA12 = ['jax-cuda12', 'llm-train', 'tf-and-cuda', 'torch-pypi-cu121'];
const AS_BEFORE = ['broken-torch', 'tf-cpu', 'torch-cpu', 'torch-cu118'];
const DATE = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d`;

describe('verify --all after a driver update', () => {
  it('says the driver changed and, per environment, what that did: the CUDA 12 builds now work, the rest are as before', async () => {
    const floor = minorCompatibilityFloor(12);
    const first = await verifyAll(on515, { lang: 'en' });
    for (const env of CUDA12) expect(first).toMatch(new RegExp(`^${env} .* needs driver ≥ ${floor.replace(/\./g, '\\.')} `, 'm'));

    const second = await verifyAll(on525, { lang: 'en' });
    expect(second).toMatch(new RegExp(`^The driver changed since the last run \\(${DATE}\\): 515\\.105\\.01 → 525\\.147\\.05\\. What that means for each environment:$`, 'm'));
    for (const env of CUDA12) expect(second).toContain(`  ${env}: needs driver ≥ ${floor} → works, because of the driver change`);
    expect(second).toContain('  torch-cu118: works, as before (the driver change did not change this)');
    expect(second).toContain('  torch-cpu: CPU-only build, as before (the driver change did not change this)');
    expect(second).toContain('  broken-torch: broken install, as before (the driver change did not change this)');
    expect(second).not.toContain('No environment changed');

    const zh = await verifyAll(on535, { lang: 'zh-CN' });
    // The case: 525 → 535 changes no verdict, and each environment is said to be as before.
    expect(zh).toMatch(new RegExp(`^与上次运行（${DATE}）相比，驱动已更换：525\\.147\\.05 → 535\\.104\\.05。对每个环境的影响：$`, 'm'));
    for (const env of [...CUDA12, 'torch-cu118']) expect(zh).toContain(`  ${env}：可用，与之前相同（驱动更换没有改变这一点）`);
    for (const env of AS_BEFORE.filter((name) => name !== 'torch-cu118')) expect(zh).toMatch(new RegExp(`^  ${env}：.+，与之前相同（驱动更换没有改变这一点）$`, 'm'));
    expect(zh).not.toContain('没有环境发生变化');
  });

  it('tells a change of packages from a change of driver, and keeps the cause in --json', async () => {
    const json = JSON.parse(await verifyAll(reinstalled, { json: true })) as EnvironmentsReport;
    expect(json.since?.driver).toBe('535.104.05');
    expect(json.driver).toBe('570.124.04');
    // torch-cpu now holds 2.5.1+cu124: its verdict changed because its packages did.
    expect(json.since?.changes).toEqual([expect.objectContaining({ name: 'torch-cpu', from: 'cpuOnly', to: 'works', cause: 'packages' })]);
    const en = await verifyAll(reinstalled, { lang: 'en' });
    // A second run on the same driver compares with the --json run just kept: nothing changed.
    expect(en).toMatch(new RegExp(`^No environment changed since the last run \\(${DATE}\\)\\.$`, 'm'));
  });
});
