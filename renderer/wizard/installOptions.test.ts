import { describe, expect, it } from 'vitest';
import { pytorchPlan } from '../testing/sampleData.js';
import { applyInstallOptions, choiceProblems, planEnvPath } from './installOptions.js';
import { defaultChoice } from './wizardState.js';

describe('install options written into the plan', () => {
  it('leaves the plan alone with the defaults (official sources, the plan folder)', () => {
    expect(applyInstallOptions(pytorchPlan(), defaultChoice)).toEqual(pytorchPlan());
  });

  it('puts location, China mirrors and proxy where the install steps read them', () => {
    const plan = applyInstallOptions(pytorchPlan(), { ...defaultChoice, location: '/data/envs/torch', pypiMirror: 'sjtu', pytorchMirror: 'aliyun', proxy: 'http://10.0.0.1:3128' });
    expect(planEnvPath(plan)).toBe('/data/envs/torch');
    expect(plan.steps.find((step) => step.kind === 'framework')!.params).toMatchObject({
      pypiMirror: 'https://mirror.sjtu.edu.cn/pypi/web/simple',
      pytorchMirror: 'aliyun',
      proxy: 'http://10.0.0.1:3128',
    });
  });

  it('uses the custom URLs, and no PyTorch mirror for other frameworks', () => {
    const plan = applyInstallOptions(pytorchPlan(), { ...defaultChoice, framework: 'jax', pypiMirror: 'custom', customPypiUrl: 'https://pypi.example.edu/simple', pytorchMirror: 'aliyun' });
    const params = plan.steps.find((step) => step.kind === 'framework')!.params;
    expect(params.pypiMirror).toBe('https://pypi.example.edu/simple');
    expect(params.pytorchMirror).toBeUndefined();
  });

  it('names what the person must fix before planning', () => {
    expect(choiceProblems(defaultChoice)).toEqual([]);
    const fields = choiceProblems({ ...defaultChoice, location: 'envs/../x', pypiMirror: 'custom', customPypiUrl: 'ftp://x', proxy: 'proxy:3128' }).map((p) => p.field);
    expect(fields).toEqual(['location', 'customPypiUrl', 'proxy']);
    expect(choiceProblems({ ...defaultChoice, pypiMirror: 'custom', customPypiUrl: 'http://127.0.0.1:8080/simple' })).toEqual([]);
  });
});
