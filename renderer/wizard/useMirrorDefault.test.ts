import { describe, expect, it } from 'vitest';
import type { MirrorDefault } from '../../shared/types/mirrors.js';
import { defaultSourcesFor } from './useMirrorDefault.js';
import { initialWizardState, wizardReducer, type WizardAction } from './wizardState.js';

const measured: MirrorDefault = {
  pypiMirror: 'tuna',
  pytorchMirror: 'official',
  reason: 'fastest',
  measured: [{ id: 'tuna', reachable: true, ms: 38 }, { id: 'aliyun', reachable: true, ms: 120 }],
  timeoutMs: 3000,
};
const run = (...actions: WizardAction[]) => actions.reduce(wizardReducer, initialWizardState);

describe('the language\'s default package sources', () => {
  it('is the measured mirror in Chinese, the official index in English or before the measurement', () => {
    expect(defaultSourcesFor('zh-CN', { status: 'ready', value: measured })).toEqual({ pypiMirror: 'tuna', pytorchMirror: 'official' });
    expect(defaultSourcesFor('en', { status: 'ready', value: measured })).toEqual({ pypiMirror: 'official', pytorchMirror: 'official' });
    expect(defaultSourcesFor('zh-CN', { status: 'loading' })).toEqual({ pypiMirror: 'official', pytorchMirror: 'official' });
  });

  it('applies until the person picks, and never replaces their pick', () => {
    const defaulted = run({ type: 'default-sources', patch: { pypiMirror: 'tuna' } });
    expect(defaulted.choice.pypiMirror).toBe('tuna');
    const picked = run({ type: 'pick-sources', patch: { pypiMirror: 'ustc' } }, { type: 'default-sources', patch: { pypiMirror: 'tuna' } });
    expect(picked.choice.pypiMirror).toBe('ustc');
    // The Choose screen's mirror fields count as a pick too; its other fields do not.
    expect(run({ type: 'choose', patch: { python: '3.12' } }).sourcesPicked).toBe(false);
    expect(run({ type: 'choose', patch: { pytorchMirror: 'aliyun' } }).sourcesPicked).toBe(true);
  });

  it('changing the source on the Plan screen keeps the plan', () => {
    const plan = { status: 'loading' } as const;
    const state = run({ type: 'load', key: 'plan', load: plan }, { type: 'pick-sources', patch: { pypiMirror: 'aliyun', pytorchMirror: 'aliyun' } });
    expect(state.plan).toBe(plan);
    expect(state.choice).toMatchObject({ pypiMirror: 'aliyun', pytorchMirror: 'aliyun' });
  });
});
