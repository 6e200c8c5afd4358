import { describe, expect, test } from 'vitest';
import { HOSTILE_STRINGS } from '../../shared/quote/hostileStrings.js';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { exportAnsible } from './exportAnsible.js';
import { exportDockerfile } from './exportDockerfile.js';
import { buildExportModel, type ExportModel } from './exportModel.js';
import type { ExportFile } from './exportPlan.js';
import { exportShell } from './exportShell.js';
import { dockerfileShape, yamlShape } from '../../testkit/export/documentShapes.js';
import { shellShapeByParagraphs } from '../../testkit/export/shellShape.js';
import { stringLeaves, withLeaf, type Leaf } from '../../testkit/export/stringLeaves.js';
import { loadVerifyAssets } from './verifyAssets.js';

/**
 * The generators on their own, without the plan checks in buildExportModel: hostile strings in every string the
 * ExportModel hands them (except the plan it was read from, and the flags in the engine's own argv, which are its
 * words, not data) give INVALID_ARGUMENT or exactly the structure of the benign export.
 */

/** The engine's own flags in an argv (--yes, --index-url…) and the plan the model was read from are not data. */
const notData = (at: Leaf, text: string) => (at[0] === 'plan' && at.length > 0) || (text.startsWith('-') && typeof at.at(-1) === 'number');

const assets = loadVerifyAssets();
const GENERATORS: [string, (model: ExportModel) => ExportFile[], (files: ExportFile[]) => unknown][] = [
  ['shell', (model) => exportShell(model, assets), (files) => shellShapeByParagraphs(files.find((file) => file.path === 'install.sh')!.content)],
  ['ansible', (model) => exportAnsible(model, assets), (files) => Object.fromEntries(files.filter((file) => file.path.endsWith('.yml')).map((file) => [file.path, yamlShape(file.content)]))],
  ['dockerfile', (model) => exportDockerfile(model, assets), (files) => dockerfileShape(files.find((file) => file.path === 'Dockerfile')!.content)],
];
const PER_FIELD = 16;

describe.each(GENERATORS)('the %s generator fed a hostile export model', (format, generate, shapeOf) => {
  test.each([['v100TensorflowSystem'], ['rtx4090Wheels']] as const)('%s: INVALID_ARGUMENT or the benign structure', (planName) => {
    const model = buildExportModel(examplePlan(planName));
    const expected = shapeOf(generate(model));
    const leaves = stringLeaves(model, notData);
    const problems: string[] = [];
    let refused = 0;
    let same = 0;
    leaves.forEach((leaf, index) => {
      for (let j = 0; j < PER_FIELD; j += 1) {
        const text = HOSTILE_STRINGS[(index * PER_FIELD + j) % HOSTILE_STRINGS.length]!;
        const label = `${leaf.join('.')} = ${JSON.stringify(text).slice(0, 60)}`;
        let shape: unknown;
        try {
          shape = shapeOf(generate(withLeaf(model, leaf, text)));
        } catch (error) {
          if ((error as { code?: string }).code === 'INVALID_ARGUMENT') refused += 1;
          else problems.push(`${label}: ${String(error).slice(0, 120)}`);
          continue;
        }
        if (JSON.stringify(shape) === JSON.stringify(expected)) same += 1;
        else problems.push(`${label}: another structure`);
      }
    });
    expect(problems).toEqual([]);
    console.log(`${format} generator, ${planName} model: ${refused + same} hostile models (${leaves.length} fields × ${PER_FIELD} strings), ${refused} refused, ${same} same structure`);
  });
});
