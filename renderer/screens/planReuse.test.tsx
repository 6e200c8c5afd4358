// Issue 30: an environment already on the machine that satisfies the plan is offered on the Plan screen, with how to use
// it, and choosing it goes to Verify with that interpreter instead of installing.
import { describe, expect, it } from 'vitest';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import type { Plan } from '../../shared/types/plan.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';
import { nvidiaProfile } from '../../testkit/plan/nvidiaProfile.js';
import { renderScreen, visibleText } from '../../testkit/renderer/renderScreen.js';
import { initialWizardState, wizardReducer } from '../wizard/wizardState.js';
import { PlanScreen } from './PlanScreen.js';
import { verifyRequestOf } from './VerifyScreen.js';

const PYTHON = '/home/student/miniconda3/envs/llm train/bin/python';
// A GT 1030 (6.1) on 470.74 with a conda env holding torch 2.1.2+cu118, as main/verify/environments/planWithReuse.test.ts finds it.
const base = resolvePlan(shippedData, nvidiaProfile('NVIDIA GeForce GT 1030', '470.74', 'linux', { computeCapability: '6.1' }), { framework: 'pytorch' });
const plan: Plan = { ...base, reuse: [{ name: 'llm train', path: PYTHON, kind: 'conda', python: '3.10.14', version: '2.1.2+cu118', variant: 'cu118' }] };
const state = { ...initialWizardState, screen: 'plan' as const, plan: { status: 'ready' as const, value: plan } };

describe('Plan screen: an environment that already works is offered', () => {
  it.each([
    ['en', 'Already on this machine', 'llm train (conda environment, Python 3.10.14): PyTorch 2.1.2+cu118 runs on this GPU and driver', 'Use this one: prove it on the GPU'],
    ['zh-CN', '本机已有可用的环境', 'llm train（conda 环境，Python 3.10.14）：PyTorch 2.1.2+cu118 可在这块 GPU 和当前驱动上运行', '就用这个：在 GPU 上验证它'],
  ] as const)('%s', (locale, heading, row, button) => {
    const text = visibleText(renderScreen(<PlanScreen state={state} dispatch={() => undefined} />, locale));
    expect(text).toContain(heading);
    expect(text).toContain(row);
    expect(text).toContain(button);
    // The path with a space is one shell word.
    expect(text).toContain("conda activate '/home/student/miniconda3/envs/llm train'");
  });

  it('no panel when nothing already satisfies the plan', () => {
    const text = visibleText(renderScreen(<PlanScreen state={{ ...state, plan: { status: 'ready', value: base } }} dispatch={() => undefined} />, 'en'));
    expect(text).not.toContain('Already on this machine');
  });

  it('choosing it goes to Verify with that interpreter, and an install afterwards forgets it', () => {
    const chosen = wizardReducer(state, { type: 'reuse-environment', python: PYTHON });
    expect(chosen.screen).toBe('verify');
    expect(verifyRequestOf(chosen, true)).toEqual({ python: PYTHON, framework: 'pytorch', quick: true });
    const installed = wizardReducer(chosen, { type: 'install-started', runId: 'r1', plan });
    expect(installed.reusePython).toBeNull();
  });
});
