/*
 * A venv plan on Linux installs python3.X-venv from the distribution (issue 30: a JAX plan on Ubuntu 22.04 installed
 * python3.12-venv, which 22.04 does not package). Expected answers come from data/distro-pythons.json's sources first:
 * Ubuntu 22.04 packages 3.10 (main) and 3.11 (universe); Debian 11 3.9, Debian 12 3.11, Debian 13 3.13 (apt-cache captures
 * in data/sources/distro-pythons/); and from the framework tables: JAX 0.11.0 needs Python 3.12 to 3.14, PyTorch 2.14
 * 3.10 to 3.15, TensorFlow 2.21.0 3.10 to 3.13.
 */
import { describe, expect, it } from 'vitest';
import distroPythons from '../../data/distro-pythons.json' with { type: 'json' };
import { shippedData } from '../../testkit/plan/linuxPlan.js';
import { checkSchema } from '../schema/checkSchema.js';
import { planSchema } from '../schema/planSchema.js';
import type { HardwareProfile, Plan, PlanRequest } from '../types/plan.js';
import type { CompatData } from './compatData.js';
import { resolvePlan } from './resolvePlan.js';

const data = { ...shippedData, distroPythons } as unknown as CompatData;

/** A fresh install of the release with an RTX 4090 on driver 580: its default python3, without venv. */
function freshRelease(linuxRepo: string, python: string | null, extra: Partial<HardwareProfile> = {}): HardwareProfile {
  const pythons = python ? { pythonVersion: python, pythonVersions: [python], pythonsWithoutVenv: [python] } : { pythonVersions: [] };
  return { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce RTX 4090', computeCapability: '8.9', driverVersion: '580.65.06', linuxRepo, ...pythons, ...extra };
}

const plan = (profile: HardwareProfile, request: PlanRequest, locale: 'en' | 'zh-CN' = 'en') => resolvePlan(data, profile, request, { locale });
const systemPython = (p: Plan) => p.steps.find((step) => step.kind === 'system-python');
const venvPython = (p: Plan) => p.steps.find((step) => step.kind === 'python-env')?.params;

describe('the distribution Python a plan installs is one its release packages', () => {
  it('Ubuntu 22.04 + JAX 0.11.0 (3.12 to 3.14): no distribution Python fits, so the plan is a conda environment and says why', () => {
    const p = plan(freshRelease('ubuntu2204', '3.10'), { framework: 'jax' });
    expect(p.status).toBe('ok');
    expect(p.framework.version).toBe('0.11.0');
    expect(p.method).toBe('conda');
    expect(p.steps.map((step) => step.params.python ?? null).filter(Boolean)).not.toContain('3.10');
    expect(systemPython(p)).toBeUndefined();
    expect(venvPython(p)).toMatchObject({ manager: 'conda' });
    expect(p.reasons[1]).toBe(
      'Ubuntu 22.04 packages Python 3.10, 3.11 (universe), and JAX 0.11.0 needs Python 3.12 to 3.14: no distribution Python fits, so this plan makes a conda environment, which brings its own Python.',
    );
    expect(checkSchema(planSchema, p)).toEqual({ ok: true, value: p });
  });

  it('names the conda on the machine when there is one, and in Simplified Chinese', () => {
    const p = plan(freshRelease('ubuntu2204', '3.10', { condaFound: true }), { framework: 'jax' }, 'zh-CN');
    expect(p.method).toBe('conda');
    expect(p.missingPrerequisites).toBeUndefined();
    expect(p.reasons[1]).toBe(
      'Ubuntu 22.04 打包的 Python 是 3.10、3.11（universe），而 JAX 0.11.0 需要 Python 3.12 至 3.14：没有合适的发行版 Python，因此本方案用本机已有的 conda 创建一个自带 Python 的 conda 环境。',
    );
  });

  it('with --method wheels asked for, blocks the venv plan and offers the conda one', () => {
    const p = plan(freshRelease('ubuntu2204', '3.10'), { framework: 'jax', method: 'wheels' });
    expect(p.status).toBe('blocked');
    expect(p.steps).toEqual([]);
    expect(p.blockers).toEqual([
      {
        code: 'PYTHON_NOT_PACKAGED',
        message:
          'Ubuntu 22.04 packages Python 3.10, 3.11 (universe), and JAX 0.11.0 needs Python 3.12 to 3.14: no distribution Python fits a virtual environment. Plan with a conda environment instead, which brings its own Python.',
        alternative: { framework: 'jax', method: 'conda' },
      },
    ]);
    expect(checkSchema(planSchema, p)).toEqual({ ok: true, value: p });
  });

  it('Debian 12 + PyTorch: python3.11-venv, the Python bookworm packages (main: no component sentence)', () => {
    const p = plan(freshRelease('debian12', '3.11'), { framework: 'pytorch' });
    expect(p.status).toBe('ok');
    expect(p.python.version).toBe('3.11');
    expect(systemPython(p)).toMatchObject({ params: { python: '3.11' }, title: "Install Python 3.11's venv support from the distribution (python3.11-venv)" });
    expect(p.reasons.join('\n')).not.toMatch(/component/);
  });

  it('Debian 13: python3.13-venv for PyTorch and TensorFlow 2.21.0 (3.10 to 3.13)', () => {
    for (const framework of ['pytorch', 'tensorflow'] as const) {
      const p = plan(freshRelease('debian13', '3.13'), { framework });
      expect(p.status, framework).toBe('ok');
      expect(systemPython(p)?.params, framework).toEqual({ python: '3.13' });
      expect(venvPython(p), framework).toMatchObject({ manager: 'venv', python: '3.13' });
    }
  });

  it('a Python the release does not package is replaced by the newest it packages in range, and a universe one is named', () => {
    // No Python detected: the resolver's default is 3.12, which Ubuntu 22.04 does not package.
    const p = plan(freshRelease('ubuntu2204', null), { framework: 'pytorch' });
    expect(p.status).toBe('ok');
    expect(p.python.version).toBe('3.11');
    expect(systemPython(p)).toMatchObject({ params: { python: '3.11' }, title: "Install Python 3.11's venv support from the distribution (python3.11-venv)" });
    expect(venvPython(p)).toMatchObject({ manager: 'venv', python: '3.11' });
    expect(p.steps.find((step) => step.kind === 'python-env')?.title).toContain('Python 3.11');
    expect(p.reasons).toContain('Python 3.11: the newest Python Ubuntu 22.04 packages inside the supported range 3.10 to 3.15 (Ubuntu 22.04 packages 3.10, 3.11 (universe), not 3.12).');
    expect(p.reasons).toContain(
      "Python 3.11 comes from Ubuntu 22.04's universe component, not main: installing python3.11-venv needs universe in apt's sources (a standard install has it).",
    );
    expect(p.reasons.join('\n')).not.toMatch(/Python 3\.12/);
    expect(checkSchema(planSchema, p)).toEqual({ ok: true, value: p });
  });

  it('Ubuntu 20.04 (python3.8 only on the machine) + TensorFlow 2.16 (3.9 to 3.12): python3.9-venv from universe, not 3.12', () => {
    const p = plan(freshRelease('ubuntu2004', '3.8', { gpuVendor: 'none', gpuName: undefined, computeCapability: undefined, driverVersion: null }), {
      framework: 'tensorflow',
      frameworkVersion: '2.16',
    });
    expect(p.status).toBe('ok');
    expect(systemPython(p)?.params).toEqual({ python: '3.9' });
    expect(p.reasons).toContain("Python 3.9 comes from Ubuntu 20.04's universe component, not main: installing python3.9-venv needs universe in apt's sources (a standard install has it).");
  });

  it('a Python the person asked for and the release lacks is a blocker that offers the packaged one, or conda', () => {
    const asked = plan(freshRelease('ubuntu2204', '3.10'), { framework: 'pytorch', python: '3.12' });
    expect(asked.blockers).toEqual([
      {
        code: 'PYTHON_NOT_PACKAGED',
        message:
          'Ubuntu 22.04 does not package Python 3.12 (it packages 3.10, 3.11 (universe)), so DL Setup cannot install python3.12-venv from it. Plan with Python 3.11, which it packages, or with a conda environment, which brings its own Python.',
        alternative: { framework: 'pytorch', python: '3.11' },
      },
    ]);
    const none = plan(freshRelease('debian11', '3.9'), { framework: 'jax', python: '3.13' }, 'zh-CN');
    expect(none.blockers).toEqual([
      {
        code: 'PYTHON_NOT_PACKAGED',
        message: 'Debian 11 没有打包 Python 3.13（它打包的是 3.9），因此 DL Setup 无法从发行版安装 python3.13-venv。请改用 conda 环境重新规划，它自带 Python 3.13。',
        alternative: { framework: 'jax', python: '3.13', method: 'conda' },
      },
    ]);
  });

  it('changes nothing where no distribution Python is installed, or the release is not in the table', () => {
    const withVenv = freshRelease('ubuntu2204', '3.10', { pythonsWithoutVenv: [] });
    expect(plan(withVenv, { framework: 'pytorch' })).toEqual(resolvePlan(shippedData, withVenv, { framework: 'pytorch' }));
    const unlisted = freshRelease('ubuntu2504', null);
    expect(plan(unlisted, { framework: 'jax' })).toEqual(resolvePlan(shippedData, unlisted, { framework: 'jax' }));
    const conda = freshRelease('ubuntu2204', null);
    expect(plan(conda, { framework: 'jax', method: 'conda' })).toEqual(resolvePlan(shippedData, conda, { framework: 'jax', method: 'conda' }));
  });
});
