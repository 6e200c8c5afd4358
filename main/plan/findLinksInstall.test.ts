/*
 * A JAX release before the PyPI CUDA plugins installs from JAX's find-links page all the way down: the plan, the printed
 * pip line, the framework step's pip argv (with and without a PyPI mirror) and the exported scripts (issue 16).
 */
import { describe, expect, it } from 'vitest';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import { buildExportModel } from '../export/exportModel.js';
import { planStepParams } from '../install/planStepParams.js';
import { frameworkStep, pipInstallArgv } from '../install/steps/frameworkStep.js';
import { formatPlan } from './formatPlan.js';
import { loadCompatData } from './loadCompatData.js';

// jax-ml/jax docs/installation.md @ jax-v0.4.20 (e22b8bbc) L84: 'pip install --upgrade "jax[cuda12_pip]" -f
// https://storage.googleapis.com/jax-releases/jax_cuda_releases.html'.
const FIND_LINKS = 'https://storage.googleapis.com/jax-releases/jax_cuda_releases.html';
const plan = resolvePlan(
  loadCompatData(),
  { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce RTX 3090', computeCapability: '8.6', driverVersion: '550.54.14' },
  { framework: 'jax', frameworkVersion: '0.4.20' },
);
const frameworkStepOf = () => plan.steps.find((s) => s.kind === 'framework')!;

function argv(overrides: Parameters<typeof planStepParams>[2] = {}): string[] {
  const params = frameworkStep.parse({ ...planStepParams(plan, frameworkStepOf(), overrides), envPath: '/opt/env' });
  return pipInstallArgv('/opt/env/bin/python', params, true);
}

describe('jax 0.4.20 on an RTX 3090: the CUDA jaxlib comes from the find-links page', () => {
  it('prints the pip line with -f', () => {
    expect(plan.framework.findLinks).toBe(FIND_LINKS);
    expect(formatPlan(plan, { color: false })).toContain(`jax[cuda12_pip]==0.4.20 -f ${FIND_LINKS}`);
  });

  it('runs pip with --find-links, and keeps it when a PyPI mirror replaces PyPI', () => {
    const plain = argv();
    expect(plain.slice(-3)).toEqual(['--find-links', FIND_LINKS, 'jax[cuda12_pip]==0.4.20']);
    expect(plain).not.toContain('--index-url');
    const mirrored = argv({ pypiMirror: 'tuna' });
    expect(mirrored).toEqual(expect.arrayContaining(['--index-url', 'https://pypi.tuna.tsinghua.edu.cn/simple', '--find-links', FIND_LINKS]));
  });

  it('exports the find-links page to the shell, Ansible and Dockerfile model', () => {
    expect(buildExportModel(plan).framework.findLinks).toEqual([FIND_LINKS]);
  });
});
