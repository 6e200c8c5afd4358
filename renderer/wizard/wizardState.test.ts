import { describe, expect, it } from 'vitest';
import { verifyReport } from '../../testkit/renderer/sampleData.js';
import { initialWizardState, planRequestOf, reverifyHint, wizardReducer, type WizardState } from './wizardState.js';

function run(...actions: Parameters<typeof wizardReducer>[1][]): WizardState {
  return actions.reduce(wizardReducer, initialWizardState);
}

describe('wizard state machine', () => {
  it('walks forward and back through the screens', () => {
    const state = run({ type: 'go', screen: 'machine' }, { type: 'go', screen: 'choose' }, { type: 'back' });
    expect(state.screen).toBe('machine');
    expect(run({ type: 'back' }).screen).toBe('welcome');
  });

  it('a changed choice makes the resolved plan stale', () => {
    const planned = run({ type: 'load', key: 'plan', load: { status: 'loading' } });
    const changed = wizardReducer(planned, { type: 'choose', patch: { framework: 'jax' } });
    expect(changed.plan.status).toBe('idle');
    expect(planRequestOf(changed.choice)).toEqual({ framework: 'jax', method: 'wheels' });
  });

  it('accepting a blocker alternative takes its version and asks for a new plan', () => {
    const state = run(
      { type: 'choose', patch: { framework: 'tensorflow', frameworkVersion: '2.16' } },
      { type: 'accept-alternative', request: { framework: 'tensorflow', frameworkVersion: '2.10', python: '3.10', method: 'system' } },
    );
    expect(planRequestOf(state.choice)).toEqual({ framework: 'tensorflow', frameworkVersion: '2.10', python: '3.10', method: 'system' });
    expect(state.plan.status).toBe('idle');
  });

  it('"Keep my driver" asks the resolver for no driver change, and an alternative that needs one turns it off', () => {
    const kept = run({ type: 'choose', patch: { keepDriver: true } });
    expect(planRequestOf(kept.choice)).toEqual({ framework: 'pytorch', method: 'wheels', allowDriverChange: false });
    const allowed = wizardReducer(kept, { type: 'accept-alternative', request: { framework: 'pytorch', allowDriverChange: true } });
    expect(planRequestOf(allowed.choice)).toEqual({ framework: 'pytorch', method: 'wheels' });
  });

  it('"Allow a driver upgrade" asks the resolver for the newest build, and the two driver boxes exclude each other', () => {
    const upgrade = run({ type: 'choose', patch: { upgradeDriver: true, keepDriver: false } });
    expect(planRequestOf(upgrade.choice)).toEqual({ framework: 'pytorch', method: 'wheels', allowDriverChange: true });
    const kept = wizardReducer(upgrade, { type: 'choose', patch: { keepDriver: true, upgradeDriver: false } });
    expect(planRequestOf(kept.choice)).toEqual({ framework: 'pytorch', method: 'wheels', allowDriverChange: false });
  });

  it('starting an install shows the Install screen for that run and forgets an old verification', () => {
    const state = run(
      { type: 'go', screen: 'plan' },
      { type: 'load', key: 'verify', load: { status: 'ready', value: { report: verifyReport(), comparison: null, saved: { jsonPath: '/r.json', htmlPath: '/r.html' } } } },
      { type: 'install-started', runId: 'run-1', plan: null },
    );
    expect(state).toMatchObject({ screen: 'install', runId: 'run-1', verify: { status: 'idle' } });
    expect(wizardReducer(state, { type: 'back' }).screen).toBe('plan');
  });

  it('an undone install forgets its environment, so Verify does not look for it', () => {
    const installed = run({ type: 'install-started', runId: 'r1', plan: null }, { type: 'install-succeeded', envPath: '/home/me/.dlsetup/envs/torch' });
    expect(installed.envPath).toBe('/home/me/.dlsetup/envs/torch');
    const undone = wizardReducer(installed, { type: 'install-undone', runId: 'r1' });
    expect(undone.envPath).toBeNull();
    expect(undone.undoneRunId).toBe('r1');
    expect(undone.verify.status).toBe('idle');
  });

  it('suggests re-verifying when a report exists, and says so when the driver changed since', () => {
    expect(reverifyHint(null)).toBe('none');
    expect(reverifyHint({ latest: null, currentDriver: '535.86.05', driverChanged: false })).toBe('none');
    expect(reverifyHint({ latest: verifyReport(), currentDriver: '535.86.05', driverChanged: false })).toBe('previous');
    expect(reverifyHint({ latest: verifyReport(), currentDriver: '550.54.15', driverChanged: true })).toBe('driver-changed');
  });
});
