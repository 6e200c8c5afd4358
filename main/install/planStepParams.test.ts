import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../shared/types/plan.js';
import { pythonEnvPath } from './planStepParams.js';

const envStep = (name: string): PlanStep => ({ id: 'python-env', kind: 'python-env', title: 'Create the environment', elevated: false, params: { manager: 'venv', name } });

describe('pythonEnvPath', () => {
  it('puts the environment under the root by its name, and never lets a name climb out of the root', () => {
    expect(pythonEnvPath(envStep('dlsetup-pytorch-2.14'), { envRoot: '/srv/envs' })).toBe('/srv/envs/dlsetup-pytorch-2.14');
    for (const name of ['..', '.', '-rf', '.hidden']) expect(pythonEnvPath(envStep(name), { envRoot: '/srv/envs' }), name).toBe('/srv/envs/dlsetup-env');
  });
});
