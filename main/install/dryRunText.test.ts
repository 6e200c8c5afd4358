import { describe, expect, test } from 'vitest';
import { CONTROL_CHARS } from '../../shared/quote/controlChars.js';
import { HOSTILE_STRINGS } from '../../shared/quote/hostileStrings.js';
import type { Plan } from '../../shared/types/plan.js';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { formatDryRun } from './formatDryRun.js';

/** What a person reads before saying yes: a hostile plan may not add lines, fake commands or terminal escapes to it. */

const plan = examplePlan('v100TensorflowSystem');
const overrides = { envRoot: '/home/student/envs' };
const benign = formatDryRun(plan, overrides).split('\n');
const commandLines = (lines: string[]) => lines.filter((line) => /^\s*(\[root\]\s*)?\$ /.test(line)).length;

function withText(at: (copy: Plan) => void): Plan {
  const copy = structuredClone(plan);
  at(copy);
  return copy;
}

describe(`dlsetup install --dry-run with ${HOSTILE_STRINGS.length} hostile strings in step titles and params`, () => {
  test('the text keeps its lines: no added line, no fake command, no control character', () => {
    const places: [string, (copy: Plan, text: string) => void][] = [
      ['a step title', (copy, text) => (copy.steps[0]!.title = text)],
      ['the env-vars CUDA_HOME', (copy, text) => (copy.steps.find((step) => step.kind === 'env-vars')!.params.CUDA_HOME = text)],
      ['the python-env name', (copy, text) => (copy.steps.find((step) => step.kind === 'python-env')!.params.name = text)],
      ['the framework packages', (copy, text) => (copy.steps.find((step) => step.kind === 'framework')!.params.packages = [text])],
      ['a blocker', (copy, text) => Object.assign(copy, { status: 'blocked', blockers: [{ code: 'X', message: text }] })],
    ];
    let fed = 0;
    for (const [where, put] of places) {
      for (const text of HOSTILE_STRINGS) {
        const lines = formatDryRun(withText((copy) => put(copy, text)), overrides).split('\n');
        const label = `${where} = ${JSON.stringify(text).slice(0, 60)}`;
        // A refused step shows one "cannot run" line instead of its commands, so never more lines than the benign plan.
        expect(lines.length, label).toBeLessThanOrEqual(where === 'a blocker' ? benign.length + 1 : benign.length);
        expect(commandLines(lines), label).toBeLessThanOrEqual(commandLines(benign));
        expect(lines.join('\n'), label).not.toMatch(new RegExp(CONTROL_CHARS.source.replace('\\u0000-\\u001f', '\\u0000-\\u0009\\u000b-\\u001f')));
        fed += 1;
      }
    }
    console.log(`dry run: ${fed} hostile plans, none longer than ${benign.length} lines (+1 for a blocker) with no control character`);
  });
});
