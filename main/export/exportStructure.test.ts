import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Plan } from '../../shared/types/plan.js';
import { HOSTILE_STRINGS } from '../../shared/quote/hostileStrings.js';
import { planStepParams } from '../install/planStepParams.js';
import { envBlockBody, envVarsStep } from '../install/steps/envVarsStep.js';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { EXPORT_FORMATS, exportPlan, type ExportFormat, type ExportResult } from './exportPlan.js';
import { dockerfileShape, hasPyYaml, pyYamlShapes, yamlShape } from '../../testkit/export/documentShapes.js';
import { shellShape, shellShapeByParagraphs } from '../../testkit/export/shellShape.js';
import { stringLeaves, withLeaf, type Leaf } from '../../testkit/export/stringLeaves.js';
import { writeExportFiles } from './writeExportFiles.js';

/**
 * Issue 15's structural test: hostile strings in every string field of real plans, exported in every format. Each
 * export is refused with INVALID_ARGUMENT, or has exactly the benign export's structure as real parsers read it (shell
 * commands from mvdan.cc/sh, plays and tasks from js-yaml and PyYAML, instructions from dockerfile-ast), and bash -n
 * and dash -n accept every shell script. The env-vars step's own block (/etc/profile.d or the venv's activate) too.
 */

const named = (leaf: Leaf, plan: Plan) => leaf.map((key, index) => (index === 1 && leaf[0] === 'steps' ? plan.steps[key as number]!.kind : key)).join('.');

/**
 * Fields the issue names (and CUDA_HOME) get every string, in the plan with every step; every other field a rotating
 * share, so each string meets many fields. (Fields that only reach the plan's summary take the same path as gpu.name.)
 */
const EVERY_STRING = ['v100TensorflowSystem:framework.name', 'v100TensorflowSystem:gpu.name', 'v100TensorflowSystem:steps.env-vars.params.CUDA_HOME'];
const PER_FIELD = 3;
/** The attacks of the table, which every field gets on top of its share: the next line, a substitution, a quote, a template. */
const CORE = ['\ntouch /tmp/dlsetup-pwned', 'x\r\nRUN touch /tmp/dlsetup-pwned', 'x\u2028- evil: 1', '$(touch /tmp/dlsetup-pwned)', "'; touch /tmp/dlsetup-pwned; '", "{{ lookup('pipe', 'touch /tmp/dlsetup-pwned') }}"];

const PLANS = { v100TensorflowSystem: examplePlan('v100TensorflowSystem'), rtx4090Wheels: examplePlan('rtx4090Wheels') };

interface Outcome {
  refused: number;
  same: number;
  texts: Map<string, string>;
}

/** The one file whose structure each format is judged by, plus every YAML file of the role. */
function structure(format: ExportFormat, result: ExportResult): unknown {
  const files = result.files.filter((file) => !file.path.endsWith('.py'));
  if (format === 'shell') return shellShapeByParagraphs(files.find((file) => file.path === 'install.sh')!.content);
  if (format === 'dockerfile') return dockerfileShape(files.find((file) => file.path === 'Dockerfile')!.content);
  return Object.fromEntries(files.map((file) => [file.path, yamlShape(file.content)]));
}

/** The shells whose own parsers read every script; one that is missing is named and skipped (CI has both). */
const SHELLS = ['bash', 'dash'].filter((shell) => spawnSync(shell, ['-c', 'true']).status === 0);
for (const shell of ['bash', 'dash']) if (!SHELLS.includes(shell)) console.log(`${shell} is missing: its reading of the scripts is skipped`);
const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-structure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(Object.entries(PLANS))('hostile strings in every field of the %s plan', (planName, plan) => {
  const leaves = stringLeaves(plan);
  const cases = leaves.flatMap((leaf, index) => {
    const all = EVERY_STRING.includes(`${planName}:${named(leaf, plan)}`);
    const strings = all ? HOSTILE_STRINGS : [...CORE, ...Array.from({ length: PER_FIELD }, (_, j) => HOSTILE_STRINGS[(index * PER_FIELD + j) % HOSTILE_STRINGS.length]!)];
    return strings.map((text) => ({ leaf, text }));
  });
  const outcomes = new Map<ExportFormat, Outcome>();

  test.each(EXPORT_FORMATS.map((format) => [format]))('%s: refused with INVALID_ARGUMENT, or exactly the benign structure', (format) => {
    const benign = exportPlan(plan, format);
    const expected = structure(format, benign);
    const outcome: Outcome = { refused: 0, same: 0, texts: new Map() };
    const seen = new Map<string, unknown>([[JSON.stringify(benign.files), expected]]);
    // Every way through is listed, not just the first, so one run shows each field that still lets code through.
    const problems: string[] = [];
    for (const { leaf, text } of cases) {
      const label = `${named(leaf, plan)} = ${JSON.stringify(text).slice(0, 60)}`;
      let result: ExportResult;
      try {
        result = exportPlan(withLeaf(plan, leaf, text), format);
      } catch (error) {
        if ((error as { code?: string }).code === 'INVALID_ARGUMENT') outcome.refused += 1;
        else problems.push(`${label}: ${String(error).slice(0, 120)}`);
        continue;
      }
      const key = JSON.stringify(result.files);
      if (!seen.has(key)) {
        try {
          seen.set(key, structure(format, result));
        } catch (error) {
          seen.set(key, `not parsed: ${String(error).slice(0, 120)}`);
        }
      }
      if (JSON.stringify(seen.get(key)) !== JSON.stringify(expected)) problems.push(`${label}: another structure`);
      else outcome.same += 1;
      if (format !== 'dockerfile') outcome.texts.set(key, label);
    }
    expect(problems).toEqual([]);
    outcomes.set(format, outcome);
    console.log(`${planName} ${format}: ${cases.length} hostile plans (${leaves.length} fields; ${HOSTILE_STRINGS.length} strings, each in at least one field), ${outcome.refused} refused, ${outcome.same} same structure (${seen.size - 1} distinct outputs parsed), 0 different`);
  });

  test('bash -n and dash -n accept every hostile shell script; PyYAML reads every hostile role as the benign one', () => {
    const shell = outcomes.get('shell');
    const ansible = outcomes.get('ansible');
    if (!shell || !ansible) throw new Error('the format tests above must run first');
    const scripts = [...shell.texts.keys()].map((key, index) => {
      const file = path.join(dir, `${planName}-${index}.sh`);
      writeFileSync(file, (JSON.parse(key) as { path: string; content: string }[]).find((f) => f.path === 'install.sh')!.content);
      return file;
    });
    // The shell's own parser, one process for all scripts: each is read (never run) as the body of a function.
    const readAll = 'for f; do command eval "parse_only() {\n$(cat "$f")\n}" || echo "rejected: $f"; done';
    for (const checker of SHELLS) {
      const result = spawnSync(checker, ['-c', readAll, checker, ...scripts], { encoding: 'utf8' });
      expect(result.stdout + result.stderr, checker).toBe('');
    }
    // The same check on the benign script, so a reader that accepts everything would show here.
    const broken = path.join(dir, `${planName}-broken.sh`);
    writeFileSync(broken, 'echo "unclosed\n');
    expect(spawnSync(SHELLS[0] ?? 'sh', ['-c', readAll, 'sh', broken], { encoding: 'utf8' }).stdout).toContain('rejected');
    if (!hasPyYaml) return console.log('python3 with PyYAML is missing: the PyYAML reading is skipped (CI installs it with Ansible)');
    const roles = [JSON.stringify(exportPlan(plan, 'ansible').files), ...ansible.texts.keys()].map((key) => (JSON.parse(key) as { path: string; content: string }[]).filter((file) => file.path.endsWith('.yml')));
    const shapes = pyYamlShapes(roles.flatMap((files) => files.map((file) => file.content)));
    const perRole = roles[0]!.length;
    for (let index = 1; index < roles.length; index += 1) {
      expect(shapes.slice(index * perRole, (index + 1) * perRole), [...ansible.texts.values()][index - 1]).toEqual(shapes.slice(0, perRole));
    }
  });

  test('the env-vars step\'s own block (what dlsetup install writes) keeps its structure for every hostile field', () => {
    const envStep = plan.steps.find((step) => step.kind === 'env-vars');
    if (!envStep) return;
    const index = plan.steps.indexOf(envStep);
    const read = (candidate: Plan) => envVarsStep.parse(planStepParams(candidate, candidate.steps[index]!));
    const expected = shellShape(envBlockBody(read(plan)));
    let refused = 0;
    let same = 0;
    for (const { leaf, text } of cases.filter(({ leaf }) => leaf[0] === 'steps')) {
      let body: string;
      try {
        body = envBlockBody(read(withLeaf(plan, leaf, text)));
      } catch (error) {
        expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
        refused += 1;
        continue;
      }
      expect(shellShape(body), `${named(leaf, plan)} = ${JSON.stringify(text).slice(0, 60)}`).toEqual(expected);
      same += 1;
    }
    console.log(`${planName} env-vars block: ${refused + same} hostile step fields, ${refused} refused, ${same} same structure`);
  });
});

describe('the benign exports still pass the linters', () => {
  const hasShellcheck = spawnSync('shellcheck', ['--version']).status === 0;
  const hasAnsibleLint = spawnSync('ansible-lint', ['--version']).status === 0;

  test.skipIf(!hasShellcheck)('shellcheck', async () => {
    for (const [name, plan] of Object.entries(PLANS)) {
      const out = path.join(dir, `lint-${name}-shell`);
      await writeExportFiles(out, exportPlan(plan, 'shell').files);
      const result = spawnSync('shellcheck', ['--shell=sh', path.join(out, 'install.sh')], { encoding: 'utf8' });
      expect(result.stdout, name).toBe('');
    }
  });
  if (!hasShellcheck) console.log('shellcheck is missing: skipped (CI installs it)');

  test.skipIf(!hasAnsibleLint)('ansible-lint', async () => {
    const out = path.join(dir, 'lint-ansible');
    await writeExportFiles(out, exportPlan(PLANS.v100TensorflowSystem, 'ansible').files);
    const result = spawnSync('ansible-lint', ['--nocolor'], { cwd: out, encoding: 'utf8', env: { ...process.env, HOME: dir, NO_COLOR: '1' }, timeout: 120_000 });
    expect(result.stdout + result.stderr).not.toMatch(/violation|Failed/);
    expect(result.status).toBe(0);
  }, 120_000);
  if (!hasAnsibleLint) console.log('ansible-lint is missing: skipped (CI installs it)');
});
