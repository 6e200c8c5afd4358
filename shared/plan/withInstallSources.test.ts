import { describe, expect, it } from 'vitest';
import type { Plan } from '../types/plan.js';
import { withInstallSources } from './withInstallSources.js';

const plan = {
  steps: [
    { id: 'env', kind: 'python-env', title: 'env', elevated: false, params: { manager: 'venv', name: 'torch' } },
    { id: 'fw', kind: 'framework', title: 'torch', elevated: false, params: { packages: ['torch==2.5.1'], pypiMirror: 'aliyun', proxy: 'http://proxy:3128' } },
    { id: 'vars', kind: 'env-vars', title: 'vars', elevated: false, params: { scope: 'user' } },
  ],
} as unknown as Plan;

describe('withInstallSources', () => {
  it('sets what is given, removes what is null, keeps what is not mentioned, and leaves other steps alone', () => {
    const next = withInstallSources(plan, { envPath: '/data/envs/torch', pypiMirror: 'tuna', proxy: null });
    expect(next.steps[0]?.params).toEqual({ manager: 'venv', name: 'torch', path: '/data/envs/torch' });
    expect(next.steps[1]?.params).toEqual({ packages: ['torch==2.5.1'], pypiMirror: 'tuna' });
    expect(next.steps[2]).toBe(plan.steps[2]);
    // The plan it was given is not changed (the wizard keeps it for Retry).
    expect(plan.steps[1]?.params).toEqual({ packages: ['torch==2.5.1'], pypiMirror: 'aliyun', proxy: 'http://proxy:3128' });
  });

  it('with nothing given, is the same plan', () => {
    expect(withInstallSources(plan, {})).toEqual(plan);
  });
});
