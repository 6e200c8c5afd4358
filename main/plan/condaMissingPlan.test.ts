/*
 * `dlsetup plan --method conda` on a machine without conda says so, with the fix (the sentence of warning.condaMissing,
 * written first in shared/plan/condaPrerequisite.test.ts); with conda at /opt/conda (a place the install's findConda
 * looks) it says nothing, and a what-if plan, for a machine that is not this one, never claims conda is missing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { main } from '../cli/main.js';
import { captureIo } from '../cli/testIo.js';

const UBUNTU = { '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n', '/usr/bin/apt-get': '' };
const MISSING_EN = 'This plan creates a conda environment, but conda is not installed on this machine';
const FIX_EN = 'Install Miniforge, conda-forge’s installer (https://conda-forge.org/download/), and plan again, or choose Python packages (wheels), which need no conda.';
const FIX_ZH = '请先安装 Miniforge（conda-forge 的安装程序：https://conda-forge.org/download/）再重新规划，或改用“Python 包（wheel）”方式，它不需要 conda。';

let host: SimulatedHost | undefined;
afterEach(async () => {
  await host?.cleanup();
  host = undefined;
});

async function plan(withConda: boolean, ...args: string[]) {
  host = await createSimulatedHost({
    isolatePath: true,
    files: UBUNTU,
    ...(withConda ? { executables: { '/opt/conda/bin/conda': { stdout: '{"envs": []}' } } } : {}),
  });
  const io = captureIo();
  const code = await withSimulatedHost(host, () => main(['plan', '--framework', 'pytorch', '--method', 'conda', ...args], io));
  return { code, stdout: io.stdout() };
}

describe('dlsetup plan --method conda on a machine without conda', () => {
  it('lists the missing conda and its fix under the warnings, in English and Chinese; the plan stays ok for fleets', async () => {
    const english = await plan(false, '--lang', 'en');
    expect(english.code).toBe(0);
    expect(english.stdout).toContain(`${MISSING_EN} (not on PATH, not in CONDA_EXE, not in the folders its installers use, such as ~/miniforge3, ~/miniconda3, ~/anaconda3, /opt/conda or, on Windows, %USERPROFILE%\\miniforge3), so the install would stop at that step. ${FIX_EN}`);
    await host!.cleanup();
    const chinese = await plan(false, '--lang', 'zh-CN');
    expect(chinese.stdout).toContain(FIX_ZH);
    await host!.cleanup();
    const json = JSON.parse((await plan(false, '--json')).stdout);
    expect(json).toMatchObject({ status: 'ok', profile: { condaFound: false }, missingPrerequisites: [{ code: 'CONDA_MISSING', alternative: { method: 'wheels' } }] });
  });

  it('says nothing when conda is in /opt/conda, or when the plan is a what-if for another machine', async () => {
    const found = await plan(true, '--json');
    expect(JSON.parse(found.stdout)).toMatchObject({ profile: { condaFound: true } });
    expect(found.stdout).not.toContain('Miniforge');
    await host!.cleanup();
    const whatIf = await plan(false, '--gpu', 'RTX 3060', '--driver', '550.54.15', '--json');
    expect(JSON.parse(whatIf.stdout).profile).not.toHaveProperty('condaFound');
    expect(whatIf.stdout).not.toContain('Miniforge');
  });
});
