import { describe, expect, it } from 'vitest';
import type { Plan } from '../../shared/types/plan.js';
import { applyInstallOptions } from '../../renderer/wizard/installOptions.js';
import { CUSTOM_MIRROR, PYPI_MIRRORS, PYTORCH_MIRRORS } from '../../renderer/wizard/mirrorPresets.js';
import { planToShellScript } from '../../renderer/wizard/planScript.js';
import { defaultChoice, type Choice } from '../../renderer/wizard/wizardState.js';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { frameworkStep, pipInstallArgv } from './steps/frameworkStep.js';

/**
 * The wizard's "copy as shell script" and the install engine must send pip to the same places for every package
 * source a person can pick on the Choose screen: both follow shared/mirrors/pipIndexes.ts.
 */
const SOURCE_FLAGS = new Set(['--index-url', '--extra-index-url', '--find-links']);

function sourceFlags(words: readonly string[]): string[][] {
  return words.flatMap((word, at) => (SOURCE_FLAGS.has(word) ? [[word, words[at + 1]!]] : []));
}

function scriptSources(plan: Plan): string[][] {
  const line = planToShellScript(plan).split('\n').find((candidate) => candidate.includes(' -m pip install '));
  return sourceFlags(line!.split(' ').map((word) => word.replace(/^'|'$/g, '')));
}

function engineSources(plan: Plan): string[][] {
  const params = frameworkStep.parse(plan.steps.find((step) => step.kind === 'framework')!.params);
  return sourceFlags(pipInstallArgv('/home/me/env/bin/python', params, false));
}

const CUSTOM_PYPI = 'https://pypi.lab.example/simple/';
const CUSTOM_PYTORCH = 'https://wheels.lab.example/whl/';
const PYPI_CHOICES = [...PYPI_MIRRORS.map((mirror) => mirror.id), CUSTOM_MIRROR];
const PYTORCH_CHOICES = [...PYTORCH_MIRRORS.map((mirror) => mirror.id), CUSTOM_MIRROR];

function chosen(plan: Plan, pypiMirror: string, pytorchMirror: string): Plan {
  const choice: Choice = { ...defaultChoice, framework: plan.framework.name, location: '/home/me/env', pypiMirror, pytorchMirror, customPypiUrl: CUSTOM_PYPI, customPytorchUrl: CUSTOM_PYTORCH };
  return applyInstallOptions(plan, choice);
}

describe('the wizard\'s plan script and the install engine agree on where pip looks', () => {
  it('has every kind of source to compare: the official index, each mirror, a URL mirror and a find-links mirror', () => {
    expect(PYPI_CHOICES).toEqual(['official', 'tuna', 'aliyun', 'ustc', 'sjtu', 'custom']);
    expect(PYTORCH_CHOICES).toEqual(['official', 'aliyun', 'custom']);
  });

  for (const pypi of PYPI_CHOICES) {
    for (const pytorch of PYTORCH_CHOICES) {
      it(`PyTorch from its CUDA index with PyPI ${pypi} and PyTorch ${pytorch}`, () => {
        const plan = chosen(examplePlan('rtx4090Wheels'), pypi, pytorch);
        expect(scriptSources(plan)).toEqual(engineSources(plan));
      });
    }
    it(`TensorFlow from PyPI ${pypi}`, () => {
      const plan = chosen(examplePlan('v100TensorflowSystem'), pypi, 'official');
      expect(scriptSources(plan)).toEqual(engineSources(plan));
    });
  }

  it('reads what a person would check: Aliyun\'s flat PyTorch page for the plan\'s variant, the custom index with the variant kept', () => {
    const plan = examplePlan('rtx4090Wheels');
    const variant = /\/whl\/([^/]+)$/.exec(plan.framework.indexUrl!)![1];
    expect(scriptSources(chosen(plan, 'official', 'aliyun'))).toEqual([['--find-links', `https://mirrors.aliyun.com/pytorch-wheels/${variant}/`]]);
    expect(scriptSources(chosen(plan, 'tuna', 'custom'))).toEqual([
      ['--index-url', `https://wheels.lab.example/whl/${variant}`],
      ['--extra-index-url', 'https://pypi.tuna.tsinghua.edu.cn/simple'],
    ]);
  });
});
