/*
 * The environment a plan creates is named after the version pip installs in it (issue 30): TensorFlow's 2.15.0 release row
 * installs 2.15.1, its newest patch (data/tensorflow.json: "version": "2.15.0", "latestPatch": "2.15.1"), so the venv is
 * dlsetup-tensorflow-2.15.1, never …-2.15.0.
 */
import { describe, expect, it } from 'vitest';
import tensorflow from '../../data/tensorflow.json' with { type: 'json' };
import { linuxPlan } from '../../testkit/plan/linuxPlan.js';

describe('the environment name', () => {
  it('names the version pip installs, not the release row it came from', () => {
    const row = tensorflow.releases.find((release) => release.version === '2.15.0')!;
    expect(row.latestPatch).toBe('2.15.1');
    for (const method of ['wheels', 'conda'] as const) {
      const plan = linuxPlan('GeForce RTX 3090', '550.54.14', { framework: 'tensorflow', frameworkVersion: '2.15', method });
      expect(plan.status, method).toBe('ok');
      const env = plan.steps.find((step) => step.kind === 'python-env')!;
      const pip = plan.steps.find((step) => step.kind === 'framework')!;
      expect(pip.params.packages, method).toEqual([expect.stringMatching(/^tensorflow(\[and-cuda\])?==2\.15\.1$/)]);
      expect(env.params.name, method).toBe('dlsetup-tensorflow-2.15.1');
      expect(env.title, method).toContain('dlsetup-tensorflow-2.15.1');
    }
  });

  it('names a PyTorch environment after its exact version too (2.12 installs 2.12.1)', () => {
    const plan = linuxPlan('GeForce RTX 3090', '580.65.06', { framework: 'pytorch', frameworkVersion: '2.12' });
    expect(plan.framework.version).toBe('2.12.1');
    expect(plan.steps.find((step) => step.kind === 'python-env')!.params.name).toBe('dlsetup-pytorch-2.12.1');
  });
});
