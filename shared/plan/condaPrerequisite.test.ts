/*
 * A conda plan on a machine without conda (issue: the rule lived only in the wizard). The install's python-env step runs
 * the conda findConda finds (PATH, CONDA_EXE, ~/miniforge3, ~/miniconda3, ~/anaconda3, /opt/conda); without one it stops
 * with pythonEnv.condaMissing. The plan says so first, with the fix: Miniforge (https://conda-forge.org/download/) or wheels.
 */
import { describe, expect, it } from 'vitest';
import { linuxPlan, shippedData } from '../../testkit/plan/linuxPlan.js';
import { checkSchema } from '../schema/checkSchema.js';
import { planSchema } from '../schema/planSchema.js';
import { resolvePlan } from './resolvePlan.js';

const EN =
  'This plan creates a conda environment, but conda is not installed on this machine (not on PATH, not in CONDA_EXE, not in the folders its installers use, such as ~/miniforge3, ~/miniconda3, ~/anaconda3, /opt/conda or, on Windows, %USERPROFILE%\\miniforge3), so the install would stop at that step. Install Miniforge, conda-forge’s installer (https://conda-forge.org/download/), and plan again, or choose Python packages (wheels), which need no conda.';
const ZH =
  '此方案要创建 conda 环境，但这台电脑上没有安装 conda（PATH、CONDA_EXE 以及安装程序常用的文件夹中都没有，例如 ~/miniforge3、~/miniconda3、~/anaconda3、/opt/conda，Windows 上的 %USERPROFILE%\\miniforge3），安装会在这一步停下。请先安装 Miniforge（conda-forge 的安装程序：https://conda-forge.org/download/）再重新规划，或改用“Python 包（wheel）”方式，它不需要 conda。';

const conda = { framework: 'pytorch', method: 'conda' } as const;

describe('a conda plan says when this machine has no conda', () => {
  it('warns, with the fix, and names wheels as the request that needs no conda', () => {
    const p = linuxPlan('GeForce GTX 1080 Ti', '580.65.06', conda, { condaFound: false });
    expect(p.status).toBe('ok');
    expect(p.warnings).toContain(EN);
    expect(p.missingPrerequisites).toEqual([{ code: 'CONDA_MISSING', message: EN, alternative: { ...conda, method: 'wheels' } }]);
    // `dlsetup install --plan` and exports take it back as it is.
    expect(checkSchema(planSchema, p)).toEqual({ ok: true, value: p });
  });

  it('says it in Simplified Chinese too, on a CPU plan as well', () => {
    const profile = { os: 'linux', arch: 'x86_64', gpuVendor: 'none', driverVersion: null, condaFound: false } as const;
    const p = resolvePlan(shippedData, profile, conda, { locale: 'zh-CN' });
    expect(p.status).toBe('ok');
    expect(p.warnings).toContain(ZH);
    expect(p.missingPrerequisites?.[0]?.message).toBe(ZH);
  });

  it('says nothing with conda found, for other methods, or when the machine is unknown (what-if plans)', () => {
    for (const p of [
      linuxPlan('GeForce GTX 1080 Ti', '580.65.06', conda, { condaFound: true }),
      linuxPlan('GeForce GTX 1080 Ti', '580.65.06', { framework: 'pytorch', method: 'wheels' }, { condaFound: false }),
      linuxPlan('GeForce GTX 1080 Ti', '580.65.06', conda),
    ]) {
      expect(p.missingPrerequisites).toBeUndefined();
      expect(p.warnings.join('\n')).not.toContain('Miniforge');
    }
  });
});
