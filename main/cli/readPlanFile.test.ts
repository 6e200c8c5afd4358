import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../shared/types/plan.js';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { cliText } from './cliText.js';
import { readPlanFile } from './readPlanFile.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-read-plan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let files = 0;
/** What `dlsetup install --plan FILE` / `export --plan FILE` get from a file holding `text`: the plan, or the error's code and sentence. */
async function read(text: string, locale?: 'zh-CN') {
  const file = path.join(tmp, `plan-${(files += 1)}.json`);
  writeFileSync(file, text);
  try {
    return { plan: await readPlanFile(file, cliText(locale), locale) };
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message, file };
  }
}

function hostile(change: (plan: Plan) => void): string {
  const plan = structuredClone(examplePlan('v100TensorflowSystem'));
  change(plan);
  return JSON.stringify(plan);
}

describe('readPlanFile: a plan file is checked field by field', () => {
  it('real plans from the resolver read back as they were written', async () => {
    for (const name of ['rtx4090Wheels', 'v100TensorflowSystem', 'cpuOnly'] as const) {
      expect(await read(JSON.stringify(examplePlan(name), null, 2))).toEqual({ plan: examplePlan(name) });
    }
  });

  it('refuses the attack rows of issue 15, naming the file and the field', async () => {
    const rows: [string, string][] = [
      ['steps[0].params.CUDA_HOME', hostile((p) => (p.steps = [{ id: 'env-vars', kind: 'env-vars', title: 'x', elevated: true, params: { scope: 'system', CUDA_HOME: '/usr/local/cuda-12.9;touch /tmp/x' } }]))],
      ['steps[0].params.cudaHome', hostile((p) => (p.steps = [{ id: 'env-vars', kind: 'env-vars', title: 'x', elevated: true, params: { scope: 'system', cudaHome: '/usr/local/cuda-12.9;touch /tmp/x' } }]))],
      ['steps[0].params.ubuntuPackage', hostile((p) => (p.steps[0]!.params.ubuntuPackage = '-oDPkg::Pre-Invoke::=touch /tmp/x'))],
      ['steps[1].kind', hostile((p) => (p.steps[1]!.kind = 'shell' as Plan['steps'][number]['kind']))],
      ['framework.name', hostile((p) => (p.framework.name = 'tensorflow\nRUN id' as Plan['framework']['name']))],
      ['gpu.name', hostile((p) => (p.gpu!.name = 'V100\n- hosts: all'))],
      ['python.version', hostile((p) => (p.python.version = '3.10\n'))],
      ['method', hostile((p) => (p.method = 'system\r' as Plan['method']))],
      ['steps[0]', hostile((p) => (p.steps[0] = null as never))],
      ['steps[0].title', hostile((p) => (p.steps[0]!.title = 'Driver\u2029next'))],
    ];
    for (const [field, text] of rows) {
      const result = await read(text);
      expect(result, field).toEqual({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(`${field} is not accepted`), file: expect.any(String) });
      expect(result.message, field).toContain(result.file);
    }
  });

  it('says it in Chinese for a Chinese CLI', async () => {
    const result = await read(hostile((p) => (p.python.version = '3.10\n')), 'zh-CN');
    expect(result.message).toMatch(/不是 DL Setup 计划文件.*python\.version 不被接受：它含有控制字符 U\+000A/);
  });

  it('JSON that is not a plan at all keeps the short sentence', async () => {
    for (const text of ['[]', '{}', 'null', '"plan"', '{"status":"ok"}', '{not json']) {
      expect(await read(text), text).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/is not a DL Setup plan \(make one with dlsetup plan --json\)\.$/) });
    }
  });
});
