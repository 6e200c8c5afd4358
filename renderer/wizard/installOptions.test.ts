import { describe, expect, it } from 'vitest';
import { pytorchPlan } from '../../testkit/renderer/sampleData.js';
import { applyInstallOptions, choiceProblems, planEnvPath, sourcesChoiceOf } from './installOptions.js';
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

  it('applied again (Retry after picking another mirror), the new mirror replaces the old one', () => {
    const first = applyInstallOptions(pytorchPlan(), { ...defaultChoice, pytorchMirror: 'custom', customPytorchUrl: 'http://127.0.0.1:9/whl', proxy: 'http://10.0.0.1:3128' });
    const again = applyInstallOptions(first, { ...defaultChoice, pytorchMirror: 'aliyun' });
    const params = again.steps.find((step) => step.kind === 'framework')!.params;
    expect(params.pytorchMirror).toBe('aliyun');
    expect(params.proxy).toBeUndefined();
    expect(applyInstallOptions(first, defaultChoice)).toEqual(pytorchPlan());
  });

  it('reads the sources a started plan carries back as Choose values (the mirror fix after a reload)', () => {
    const choice = { ...defaultChoice, pypiMirror: 'sjtu', pytorchMirror: 'custom', customPytorchUrl: 'http://127.0.0.1:8080/whl', proxy: 'http://10.0.0.1:3128' };
    const plan = applyInstallOptions(pytorchPlan(), choice);
    expect(sourcesChoiceOf(plan)).toEqual(choice);
    expect(sourcesChoiceOf(pytorchPlan())).toEqual(defaultChoice);
    expect(applyInstallOptions(plan, sourcesChoiceOf(plan))).toEqual(plan);
  });

  it('names what the person must fix before planning', () => {
    expect(choiceProblems(defaultChoice)).toEqual([]);
    const fields = choiceProblems({ ...defaultChoice, location: 'envs/../x', pypiMirror: 'custom', customPypiUrl: 'ftp://x', proxy: 'proxy:3128' }).map((p) => p.field);
    expect(fields).toEqual(['location', 'customPypiUrl', 'proxy']);
    expect(choiceProblems({ ...defaultChoice, pypiMirror: 'custom', customPypiUrl: 'http://127.0.0.1:8080/simple' })).toEqual([]);
  });
});
