// `dlsetup fleet report DIR` with `verify --all --json` files from two machines (issue 20): the reports are the engine's
// own answers on a GT 1030 with eight environments, one machine on driver 470.74, the other on 535.104.05 (the
// 470.74 capture with its driver lines changed).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentsReport } from '../../shared/types/environments.js';
import { createSimulatedHost, withSimulatedHost } from '../../testkit/simulatedHost.js';
import { EIGHT_ENVIRONMENTS, environmentFiles } from '../../testkit/verify/environments.js';
import { fleetCommand } from '../cli/commands/fleetCommand.js';
import { captureIo } from '../cli/testIo.js';
import { verifyAllEnvironments } from '../verify/environments/verifyAllEnvironments.js';
import { GT1030_FILES, GT1030_XML_470, GT1030_XML_535 } from '../../testkit/verify/gt1030Host.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-fleet-envs-'));

async function reportOn(xml: string, host: string): Promise<EnvironmentsReport> {
  const simulated = await createSimulatedHost({ isolatePath: true, files: { ...GT1030_FILES, ...environmentFiles(EIGHT_ENVIRONMENTS) }, tools: { 'nvidia-smi': { stdout: xml } } });
  try {
    return { ...(await withSimulatedHost(simulated, () => verifyAllEnvironments())), host };
  } finally {
    await simulated.cleanup();
  }
}

beforeAll(async () => {
  const write = (file: string, value: unknown) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), JSON.stringify(value));
  };
  const old = await reportOn(GT1030_XML_470, 'lab-01');
  write('lab-01/environments.json', old);
  write('lab-02/environments.json', await reportOn(GT1030_XML_535, 'lab-02'));
  // A terminal escape in an environment's name: refused with the field named, like a verify report's.
  write('lab-03/environments.json', { ...old, host: 'lab-03', environments: [{ ...old.environments[0]!, name: 'x\u001b[2Jy' }] });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function fleet(flags: Record<string, unknown>) {
  const io = captureIo();
  const code = await fleetCommand.run({ flags, positionals: ['report', dir] } as never, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('fleet report: environments × machines', () => {
  it('one row per environment, one column per machine with its driver, each cell the build and its verdict', async () => {
    const { code, out, err } = await fleet({ lang: 'en' });
    expect(code).toBe(0);
    expect(err).toContain(`Skipped ${path.join('lab-03', 'environments.json')}: environments[0].name is not accepted`);
    expect(out).toContain('Environments on each machine');
    expect(out).toMatch(/Environment +lab-01 \(470\.74\) +lab-02 \(535\.104\.05\)/);
    expect(out).toMatch(/torch-pypi-cu121 +PyTorch 2\.1\.2: needs driver ≥ 525\.60\.13 +PyTorch 2\.1\.2: works\n/);
    expect(out).toMatch(/llm-train +PyTorch 2\.8\.0\+cu128: no kernels for this GPU +PyTorch 2\.8\.0\+cu128: no kernels for this GPU\n/);
    expect(out).toMatch(/torch-cu118 +PyTorch 2\.1\.2\+cu118: works +PyTorch 2\.1\.2\+cu118: works\n/);
  });

  it('in Chinese, in --json and in the HTML page', async () => {
    const zh = (await fleet({ lang: 'zh-CN' })).out;
    expect(zh).toContain('每台机器上的环境');
    expect(zh).toMatch(/torch-pypi-cu121 +PyTorch 2\.1\.2: 需要驱动 ≥ 525\.60\.13 +PyTorch 2\.1\.2: 可用\n/);
    const json = JSON.parse((await fleet({ json: true })).out) as { environments: { hosts: { host: string }[]; rows: { environment: string; cells: Record<string, { verdict: string }> }[] } };
    expect(json.environments.hosts.map((host) => host.host)).toEqual(['lab-01', 'lab-02']);
    expect(json.environments.rows.find((row) => row.environment === 'tf-and-cuda')!.cells).toMatchObject({ 'lab-01': { verdict: 'needsDriver' }, 'lab-02': { verdict: 'works' } });
    const html = path.join(dir, 'fleet.html');
    await fleet({ html });
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<h2>Environments on each machine</h2>');
    expect(page).toMatch(/<td>torch-pypi-cu121<\/td><td class="warn">PyTorch 2\.1\.2<br><small>needs driver ≥ 525\.60\.13<\/small><\/td><td>PyTorch 2\.1\.2<br><small>works<\/small><\/td>/);
  });
});
