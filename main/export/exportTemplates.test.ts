import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, describe, expect, test } from 'vitest';
import { packageRoot } from '../appPaths.js';
import { yamlScalar } from '../../shared/quote/yaml.js';
import { NOUVEAU_BLACKLIST } from '../install/steps/driverStep.js';
import { exportPlan } from './exportPlan.js';
import { exportTemplate, exportTemplatesDir } from './exportTemplates.js';
import { examplePlan } from '../../testkit/export/examplePlans.js';

/** The shipped templates as files: the linters read them as they are, and the exports carry them unchanged. */

const roleDir = path.join(exportTemplatesDir, 'ansible', 'roles', 'dlsetup');
const helpersFile = path.join(exportTemplatesDir, 'shell', 'helpers.sh');
const home = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-templates-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Every file under `dir`, '/'-separated and relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

// Debian packages `ansible-lint` and `shellcheck` (CI installs them); without them these tests say why and skip.
const hasAnsibleLint = spawnSync('ansible-lint', ['--version']).status === 0;
const hasShellcheck = spawnSync('shellcheck', ['--version']).status === 0;
if (!hasAnsibleLint) console.log('ansible-lint is missing: the lint of templates/ansible/roles/dlsetup is skipped (CI installs it)');
if (!hasShellcheck) console.log('shellcheck is missing: the lint of templates/shell/helpers.sh is skipped (CI installs it)');

describe('the shipped templates pass their linters', () => {
  test.skipIf(!hasAnsibleLint)('ansible-lint reads the role folder as it is', () => {
    const result = spawnSync('ansible-lint', ['--nocolor', roleDir], { encoding: 'utf8', env: { ...process.env, HOME: home, NO_COLOR: '1' }, timeout: 120_000 });
    expect(result.stdout + result.stderr).not.toMatch(/violation|Failed/);
    expect(result.stdout + result.stderr).toContain('Passed');
    expect(result.status).toBe(0);
  }, 120_000);

  test.skipIf(!hasShellcheck)('shellcheck reads helpers.sh as it is', () => {
    const result = spawnSync('shellcheck', ['--shell=sh', helpersFile], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('the exports carry the templates unchanged', () => {
  test('the full plan\'s role is exactly the template role, every template file included', () => {
    // Every step kind an export carries: the full system plan, and a fresh Debian's venv support before it.
    const full = examplePlan('v100TensorflowSystem');
    const withSystemPython = { ...full, steps: [{ id: 'system-python', kind: 'system-python' as const, title: 'Install python3.10-venv', elevated: true, params: { python: '3.10' } }, ...full.steps] };
    const role = Object.fromEntries(
      exportPlan(withSystemPython, 'ansible')
        .files.filter((file) => file.path.startsWith('roles/dlsetup/') && !file.path.startsWith('roles/dlsetup/files/') && file.path !== 'roles/dlsetup/vars/main.yml')
        .map((file) => [file.path.slice('roles/dlsetup/'.length), file.content]),
    );
    // vars/main.yml is written from the installer's catalog (its failure words), not from a template.
    expect(Object.keys(role).sort()).toEqual(filesUnder(roleDir));
    for (const [file, content] of Object.entries(role)) expect(content, file).toBe(exportTemplate(`ansible/roles/dlsetup/${file}`));
  });

  test('a plan without system steps leaves their task files and their imports out', () => {
    const files = exportPlan(examplePlan('rtx4090Wheels'), 'ansible').files;
    const tasks = files.filter((file) => file.path.startsWith('roles/dlsetup/tasks/')).map((file) => file.path.split('/').pop());
    expect(tasks).toEqual(['main.yml', 'python_env.yml', 'framework.yml', 'verify.yml', 'failure.yml']);
    const imports = [...files.find((file) => file.path === 'roles/dlsetup/tasks/main.yml')!.content.matchAll(/import_tasks: (\S+)/g)].map((match) => match[1]);
    expect(imports).toEqual(['python_env.yml', 'framework.yml', 'verify.yml', 'failure.yml']);
  });

  test('install.sh carries helpers.sh after its header, line for line', () => {
    const script = exportPlan(examplePlan('rtx4090Wheels'), 'shell').files.find((file) => file.path === 'install.sh')!.content;
    const template = exportTemplate('shell/helpers.sh');
    const body = template.slice(template.indexOf('\n\n') + 2);
    expect(body.startsWith('log() {')).toBe(true);
    expect(script).toContain(`\n\n${body}\n`);
  });

  test('the role blacklists nouveau in the file the install engine writes and `dlsetup rollback` removes', () => {
    expect(exportTemplate('ansible/roles/dlsetup/tasks/driver.yml')).toContain(`    dest: ${yamlScalar(NOUVEAU_BLACKLIST)}\n`);
  });
});

describe('packaging', () => {
  test('electron-builder.yml ships every template (files patterns read with electron-builder\'s own minimatch)', () => {
    const config = yaml.load(readFileSync(path.join(packageRoot, 'electron-builder.yml'), 'utf8')) as { files: string[]; asarUnpack: string[] };
    const { minimatch } = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'))('minimatch') as { minimatch: (file: string, pattern: string, options: { dot: boolean }) => boolean };
    // The last pattern that matches decides, as in electron-builder's file set; '!' patterns exclude.
    const ships = (file: string) => config.files.reduce((shipped, pattern) => (minimatch(file, pattern.replace(/^!/, ''), { dot: true }) ? !pattern.startsWith('!') : shipped), false);
    const templates = filesUnder(exportTemplatesDir).map((file) => `main/export/templates/${file}`);
    expect(templates.length).toBeGreaterThan(10);
    expect(templates.filter((file) => !ships(file))).toEqual([]);
  });
});
