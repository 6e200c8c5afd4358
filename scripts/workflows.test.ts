import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { PLATFORM_TESTS } from './platformTests.mjs';

// The GitHub workflows cannot run here; what can be proven here is that GitHub will accept them and that every
// script and test they name exists.
const root = path.resolve(import.meta.dirname, '..');
const workflowsDir = path.join(root, '.github', 'workflows');
const workflowFiles = readdirSync(workflowsDir).filter((name) => name.endsWith('.yml'));
const validator = path.join(root, 'node_modules', '@action-validator', 'cli', 'cli.mjs');
const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const load = (name: string) => yaml.load(readFileSync(path.join(workflowsDir, name), 'utf8')) as any;

function validate(file: string) {
  return spawnSync(process.execPath, [validator, file], { encoding: 'utf8' });
}

describe('GitHub workflows', () => {
  it('has the CI and release workflows', () => {
    expect(workflowFiles.sort()).toEqual(['ci.yml', 'release.yml']);
  });

  for (const name of workflowFiles) {
    it(`${name} passes action-validator (GitHub's workflow schema)`, () => {
      const result = validate(path.join(workflowsDir, name));
      expect(result.stdout + result.stderr).toBe('');
      expect(result.status).toBe(0);
    });
  }

  it('the validator refuses a broken workflow (the check can fail)', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dlsetup-workflow-')), 'broken.yml');
    writeFileSync(file, 'on: push\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    stepz: []\n');
    expect(validate(file).status).not.toBe(0);
  });

  it('every `npm run` a workflow calls is a script in package.json', () => {
    const called = workflowFiles.flatMap((name) => [...readFileSync(path.join(workflowsDir, name), 'utf8').matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!));
    expect(called.length).toBeGreaterThan(5);
    for (const script of called) expect(Object.keys(scripts), `npm run ${script}`).toContain(script);
  });

  it('CI runs on push and pull request on Linux, Windows and macOS with Node 22, every lane of npm test included', () => {
    const ci = load('ci.yml');
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['push', 'pull_request', 'workflow_call']));
    expect(ci.jobs.test.strategy.matrix.os).toEqual(['ubuntu-24.04', 'windows-2022', 'macos-14']);
    const steps: { run?: string; with?: Record<string, unknown> }[] = ci.jobs.test.steps;
    expect(steps.find((step) => step.with?.['node-version'])?.with).toMatchObject({ 'node-version': 22, cache: 'npm' });
    const runs = steps.map((step) => step.run ?? '').join('\n');
    for (const lane of ['typecheck', 'lint', 'test:unit', 'test:integration', 'test:browser', 'test:platform', 'package:dir', 'check:unpacked']) expect(runs).toContain(`npm run ${lane}`);
    expect(runs).toContain('xvfb-run -a npm run check:unpacked');
  });

  it('the release reuses the CI workflow instead of copying its steps, and publishes SHA256SUMS', () => {
    const release = load('release.yml');
    expect(release.jobs.ci.uses).toBe('./.github/workflows/ci.yml');
    expect(release.jobs.installers.needs).toBe('ci');
    const text = readFileSync(path.join(workflowsDir, 'release.yml'), 'utf8');
    expect(text).not.toContain('npm run test:unit');
    expect(text).toMatch(/sha256sum .*> SHA256SUMS/);
  });
});

describe('the platform-only tests', () => {
  it('each exists and names an OS that a CI job runs on', () => {
    const oses = { linux: 'ubuntu-24.04', win32: 'windows-2022', darwin: 'macos-14' } as const;
    const matrix: string[] = load('ci.yml').jobs.test.strategy.matrix.os;
    for (const test of PLATFORM_TESTS) {
      expect(existsSync(path.join(root, test.file)), test.file).toBe(true);
      expect(matrix).toContain(oses[test.os as keyof typeof oses]);
    }
  });
});
