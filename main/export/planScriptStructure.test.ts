import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { HOSTILE_STRINGS } from '../../shared/quote/hostileStrings.js';
import type { Plan } from '../../shared/types/plan.js';
import { planToShellScript } from '../../renderer/wizard/planScript.js';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { shellShape } from '../../testkit/export/shellShape.js';
import { stringLeaves, withLeaf } from '../../testkit/export/stringLeaves.js';

/**
 * The wizard's "copy as shell script" (renderer/wizard/planScript.ts), which people paste into a terminal: hostile
 * strings in every string field of real plans give either INVALID_ARGUMENT or exactly the benign script's commands.
 * (Here rather than beside it because the renderer may not import the shell-parser kit in main/.)
 */

/** The V100 system plan, with its own environment folder and a driver step that names its packages (the apt branch). */
function systemPlan(): Plan {
  const plan = examplePlan('v100TensorflowSystem');
  for (const step of plan.steps) {
    if (step.kind === 'python-env') step.params.path = '/home/me/dlsetup-env';
    if (step.kind === 'driver') step.params.packages = ['nvidia-driver-580'];
  }
  return plan;
}

const PLANS = { v100System: systemPlan(), rtx4090Wheels: examplePlan('rtx4090Wheels') };
/** Fields every string goes into (in the plan with every step); the others get a rotating share. */
const EVERY_STRING = ['v100System:framework.name', 'v100System:framework.version', 'v100System:python.version', 'v100System:method', 'v100System:steps.0.title'];
const PER_FIELD = 6;
/** The shells whose own parsers read every script; one that is missing is named and skipped (CI has both). */
const SHELLS = ['bash', 'dash'].filter((shell) => spawnSync(shell, ['-c', 'true']).status === 0);
for (const shell of ['bash', 'dash']) if (!SHELLS.includes(shell)) console.log(`${shell} is missing: its reading of the scripts is skipped`);
const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-planscript-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(Object.entries(PLANS))('plan script of the %s plan', (name, plan) => {
  test('every hostile field: INVALID_ARGUMENT or the benign commands; bash and dash read every script', () => {
    const expected = shellShape(planToShellScript(plan));
    const leaves = stringLeaves(plan);
    const problems: string[] = [];
    const scripts = new Set<string>();
    let refused = 0;
    let same = 0;
    leaves.forEach((leaf, index) => {
      const strings = EVERY_STRING.includes(`${name}:${leaf.join('.')}`) ? HOSTILE_STRINGS : Array.from({ length: PER_FIELD }, (_, j) => HOSTILE_STRINGS[(index * PER_FIELD + j) % HOSTILE_STRINGS.length]!);
      for (const text of strings) {
        const label = `${leaf.join('.')} = ${JSON.stringify(text).slice(0, 60)}`;
        let script: string;
        try {
          script = planToShellScript(withLeaf(plan, leaf, text));
        } catch (error) {
          if ((error as { code?: string }).code === 'INVALID_ARGUMENT') refused += 1;
          else problems.push(`${label}: ${String(error).slice(0, 120)}`);
          continue;
        }
        let shape: unknown;
        try {
          shape = shellShape(script);
        } catch (error) {
          shape = String(error);
        }
        if (JSON.stringify(shape) === JSON.stringify(expected)) same += 1;
        else problems.push(`${label}: another structure`);
        scripts.add(script);
      }
    });
    expect(problems).toEqual([]);
    const files = [...scripts].map((script, index) => {
      const file = path.join(dir, `${name}-${index}.sh`);
      writeFileSync(file, script);
      return file;
    });
    // The shells' own parsers, one process each: every script is read (never run) as the body of a function.
    const readAll = 'for f; do command eval "parse_only() {\n$(cat "$f")\n}" || echo "rejected: $f"; done';
    for (const shell of SHELLS) expect(spawnSync(shell, ['-c', readAll, shell, ...files], { encoding: 'utf8' }).stdout, shell).toBe('');
    // The same reading of a broken script says so, so a reader that accepts everything would show here.
    writeFileSync(path.join(dir, 'broken.sh'), 'echo "unclosed\n');
    expect(spawnSync(SHELLS[0] ?? 'sh', ['-c', readAll, 'sh', path.join(dir, 'broken.sh')], { encoding: 'utf8' }).stdout).toContain('rejected');
    console.log(`plan script ${name}: ${refused + same} hostile plans (${leaves.length} fields, ${HOSTILE_STRINGS.length} strings), ${refused} refused, ${same} same commands, 0 different`);
  });
});
