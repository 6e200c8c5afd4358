import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNELS, contract, type Channel, type HandlerTable } from '../../shared/ipc/contract.js';
import { CONTROL_CHARS } from '../../shared/schema/patterns.js';
import { cliText } from '../cli/cliText.js';
import { planFromJson } from '../cli/planFromJson.js';
import { readPlanFile } from '../cli/readPlanFile.js';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { hostileText, hostileValue, jsonText, mutated } from '../../testkit/hostileInputs.js';
import { createHandlers } from './handlers.js';
import { dispatch } from './dispatch.js';
import { ProgressHub } from './progressHub.js';
import { recordingHandlers } from '../../testkit/transport/recordingHandlers.js';

/**
 * Fuzzing the contract and the plan reader (issue 15, item 9): thousands of hostile arguments and plan files, each of
 * which must end in `ok` or a listed error code, never INTERNAL, never a throw out of the boundary, never a hang.
 */

const RUN_ID = '20250101-120000-0a1b2c';
const VALID: Record<Channel, unknown> = {
  'app:info': undefined,
  'detect:run': { quick: true, locale: 'en' },
  'plan:resolve': { framework: 'pytorch', frameworkVersion: '2.5', python: '3.12', method: 'wheels', allowDriverChange: true, overrides: { gpu: 'RTX 4090', driver: '550.54.15' }, locale: 'zh-CN' },
  'plan:versions': { framework: 'jax' },
  'plan:export': { plan: examplePlan('v100TensorflowSystem'), format: 'ansible' },
  'install:start': { plan: examplePlan('rtx4090Wheels'), dryRun: true, locale: 'en' },
  'install:cancel': { runId: RUN_ID },
  'install:status': { runId: RUN_ID },
  'install:rollback': { runId: RUN_ID, dryRun: true, locale: 'zh-CN' },
  'verify:run': { python: '/opt/venv/bin/python', framework: 'pytorch', toolkit: true, quick: true, nvcc: 'nvcc', timeoutMs: 60_000, locale: 'en' },
  'verify:history': undefined,
  'verify:environments': { locale: 'zh-CN' },
  'verify:environmentsCheck': { runId: '6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60', locale: 'en', extraEnvironments: ['/opt/proj/.venv'] },
  'verify:environmentsCheckCancel': { runId: '6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60' },
  'verify:environmentsCheckState': undefined,
  'mirror:check': { url: 'https://pypi.org/simple', timeoutMs: 5_000 },
  'mirror:default': { timeoutMs: 3_000 },
  'diagnose:text': { text: 'ImportError: libcudart.so.11.0: cannot open shared object file', locale: 'en' },
};

/** Every string inside `value` (keys too), to check what reached a handler. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsIn(item, out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      stringsIn(item, out);
    }
  }
  return out;
}

/** A channel with an argument an attacker would send: a valid one with one field made hostile, or anything at all. */
const hostileCall = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...CHANNELS).chain((channel) => mutated(VALID[channel]).map((arg) => ({ channel: channel as string, arg }))) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...CHANNELS), hostileValue).map(([channel, arg]) => ({ channel: channel as string, arg })) },
  { weight: 1, arbitrary: fc.tuple(fc.oneof(hostileText, fc.constantFrom('__proto__', 'constructor', 'toString', 'install:start ')), hostileValue).map(([channel, arg]) => ({ channel, arg })) },
);

const counts: Record<string, { tried: number; through: number }> = {};
function count(boundary: string, through: boolean): void {
  const entry = (counts[boundary] ??= { tried: 0, through: 0 });
  entry.tried += 1;
  if (through) entry.through += 1;
}

afterAll(() => {
  // Quoted by the closing note: inputs tried per boundary and how many got through (must be 0).
  for (const [boundary, { tried, through }] of Object.entries(counts)) console.log(`fuzz ${boundary}: ${tried} hostile inputs, ${through} got through`);
});

describe('fuzz: dispatch over every channel', () => {
  it('with the real contract validation and handlers that only record: ok or INVALID_ARGUMENT / UNKNOWN_CHANNEL', async () => {
    await fc.assert(
      fc.asyncProperty(hostileCall, async ({ channel, arg }) => {
        const { handlers, calls } = recordingHandlers();
        const result = await dispatch(handlers, channel, arg);
        const listed = result.ok || result.error.code === 'INVALID_ARGUMENT' || result.error.code === 'UNKNOWN_CHANNEL';
        // What a handler saw passed the schema, so it holds no control character (a pasted log excepted).
        const seen = calls.flatMap((call) => (call.channel === 'diagnose:text' ? [] : stringsIn(call.arg)));
        const through = !listed || (result.ok && calls.length !== 1) || seen.some((text) => CONTROL_CHARS.test(text));
        count('dispatch (recording handlers)', through);
        expect(through, JSON.stringify(result).slice(0, 400)).toBe(false);
        if (!result.ok) expect(result.error.message.length).toBeLessThan(2_000);
        if (calls.length === 1) expect(contract[channel as Channel].validate(calls[0]!.arg).ok).toBe(true);
      }),
      { numRuns: 3_000, timeout: 5_000, seed: 15_009 },
    );
  });

  it('with the real handlers of the side-effect-free channels: never INTERNAL', async () => {
    const real = createHandlers({ transport: 'http', progress: new ProgressHub() });
    const { handlers } = recordingHandlers();
    const table: HandlerTable = { ...handlers, 'app:info': real['app:info'], 'plan:versions': real['plan:versions'], 'plan:export': real['plan:export'] };
    const channels = ['app:info', 'plan:versions', 'plan:export'] as const;
    const exportPlans = (['rtx4090Wheels', 'v100TensorflowSystem', 'cpuOnly'] as const).map((name) => examplePlan(name));
    const call = fc.oneof(
      fc.constantFrom(...channels).chain((channel) => mutated(VALID[channel]).map((arg) => ({ channel, arg }))),
      fc.tuple(fc.constantFrom(...exportPlans), fc.constantFrom('shell', 'ansible', 'dockerfile')).chain(([plan, format]) => mutated({ plan, format }).map((arg) => ({ channel: 'plan:export' as const, arg }))),
    );
    await fc.assert(
      fc.asyncProperty(call, async ({ channel, arg }) => {
        const result = await dispatch(table, channel, arg);
        const through = !result.ok && result.error.code === 'INTERNAL';
        count('dispatch (real app:info, plan:versions, plan:export)', through);
        expect(through, JSON.stringify(result).slice(0, 600)).toBe(false);
      }),
      { numRuns: 600, timeout: 10_000, seed: 15_091 },
    );
  });
});

describe('fuzz: the plan reader', () => {
  const say = cliText();
  const plans = (['rtx4090Wheels', 'v100TensorflowSystem', 'cpuOnly'] as const).map((name) => examplePlan(name));
  /** Plan file text: a real plan with a hostile field, hostile JSON, or not JSON at all. */
  const planText = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...plans).chain((plan) => mutated(plan)).map(jsonText) },
    { weight: 2, arbitrary: hostileValue.map(jsonText) },
    { weight: 1, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 200_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`) },
    { weight: 1, arbitrary: fc.constantFrom(...plans).map((plan) => `\ufeff${JSON.stringify(plan)}`) },
  );
  const outcome = (read: () => unknown) => {
    try {
      read();
      return 'ok';
    } catch (error) {
      return (error as { code?: string }).code ?? `throw ${(error as Error).name}`;
    }
  };

  it('JSON text → Plan (planFromJson): a Plan or INVALID_ARGUMENT', async () => {
    await fc.assert(
      fc.property(planText, (text) => {
        const code = outcome(() => planFromJson(text, 'plan.json', say));
        count('plan reader (JSON text)', code !== 'ok' && code !== 'INVALID_ARGUMENT');
        expect(code).toMatch(/^(ok|INVALID_ARGUMENT)$/);
      }),
      { numRuns: 2_000, seed: 15_092, interruptAfterTimeLimit: 15_000, markInterruptAsFailure: true },
    );
  });

  it('readPlanFile on real files: a Plan, INVALID_ARGUMENT or NOT_FOUND', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-fuzz-plans-'));
    try {
      let index = 0;
      await fc.assert(
        fc.asyncProperty(planText, async (text) => {
          const file = path.join(dir, `plan-${(index += 1)}.json`);
          writeFileSync(file, text);
          let code = 'ok';
          await readPlanFile(file, say).catch((error: unknown) => (code = (error as { code?: string }).code ?? `throw ${(error as Error).name}`));
          count('plan reader (readPlanFile)', !['ok', 'INVALID_ARGUMENT', 'NOT_FOUND'].includes(code));
          expect(code).toMatch(/^(ok|INVALID_ARGUMENT|NOT_FOUND)$/);
        }),
        { numRuns: 300, timeout: 5_000, seed: 15_093 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
