// Every framework's spec against the places it names outside TypeScript: its verify adapter, its data table, its words.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATA_TABLE_SCHEMAS } from '../../shared/data/dataTableSchemas.js';
import { DOWNLOAD_COMPONENTS } from '../../shared/types/downloadEstimate.js';
import { frameworkBuilds } from '../../shared/plan/frameworkBuilds.js';
import { FRAMEWORK_NAMES } from '../../shared/plan/frameworkNames.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';
import { ALL_FRAMEWORK_SPECS, FRAMEWORK_IDS, FRAMEWORK_SPECS } from '../../shared/frameworks/registry.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const catalog = (lang: string, ns: string) => JSON.parse(read(`locales/${lang}/${ns}.json`)) as Record<string, string>;

describe('the framework registry', () => {
  it('lists PyTorch, TensorFlow, JAX and PaddlePaddle, each under its own id, in the cards order', () => {
    expect(FRAMEWORK_IDS).toEqual(['pytorch', 'tensorflow', 'jax', 'paddlepaddle']);
    for (const id of FRAMEWORK_IDS) expect(FRAMEWORK_SPECS[id].id).toBe(id);
    expect(FRAMEWORK_NAMES).toEqual({ pytorch: 'PyTorch', tensorflow: 'TensorFlow', jax: 'JAX', paddlepaddle: 'PaddlePaddle' });
  });

  it.each(ALL_FRAMEWORK_SPECS)('$label: its verify adapter exists, answers to its flag and is one dlsetup_check.py runs', (spec) => {
    const adapter = read(`main/verify/python/${spec.verify.adapterModule}.py`);
    const fields = /^\s+name, display, package, modules = "([^"]+)", "([^"]+)", "([^"]+)", \(([^)]*)\)/m.exec(adapter);
    expect(fields?.slice(1, 3)).toEqual([spec.verify.flag, spec.label]);
    // The adapter's `package` is what it looks up; when the import name differs (paddlepaddle installs paddle) it declares the distributions.
    if (fields?.[3] !== spec.primaryPackage) {
      expect(fields?.[3]).toBe(spec.importName);
      expect(adapter).toMatch(new RegExp(`"${spec.primaryPackage}"`));
    }
    // The exports (shell, Ansible, Docker) pass the plan's framework id as --framework, so the flag is the id.
    expect(spec.verify.flag).toBe(spec.id);
    expect(fields?.[4]).toContain(`"${spec.importName}"`);
    expect(read('main/verify/python/dlsetup_check.py')).toMatch(new RegExp(`^from ${spec.verify.adapterModule} import \\w+Adapter$`, 'm'));
  });

  it.each(ALL_FRAMEWORK_SPECS)('$label: its data table is checked by the one schema of data/$dataTable.json', (spec) => {
    expect(DATA_TABLE_SCHEMAS[spec.dataTable as keyof typeof DATA_TABLE_SCHEMAS]).toBe(spec.tableSchema);
  });

  it.each(ALL_FRAMEWORK_SPECS)('$label: its pip package is one of its distributions, and the cards and download rows name it in both languages', (spec) => {
    expect(spec.distributions).toContain(spec.primaryPackage);
    for (const lang of ['en', 'zh-CN']) {
      expect(catalog(lang, 'wizard')[`choose.frameworks.${spec.id}.name`], lang).toBeTruthy();
      for (const component of Object.values(spec.downloads)) {
        expect(DOWNLOAD_COMPONENTS.includes(component as never) || component.endsWith('-rocm-wheels'), component).toBe(true);
        expect(catalog(lang, 'planSummary')[`download.component.${component}`], `${lang} ${component}`).toBeTruthy();
      }
    }
  });

  it.each(ALL_FRAMEWORK_SPECS)('$label: Linux x86_64 has builds of it, each naming it and installing one of its pip distributions', (spec) => {
    const groups = frameworkBuilds(shippedData, spec.id as (typeof FRAMEWORK_IDS)[number], { os: 'linux', arch: 'x86_64' });
    expect(groups.length).toBeGreaterThanOrEqual(5);
    for (const build of groups.flat()) {
      expect(build.framework).toBe(spec.id);
      expect(build.packages[0]).toMatch(new RegExp(`^(${spec.distributions.join('|')})(\\[[\\w-]+\\])?==`));
    }
  });
});
