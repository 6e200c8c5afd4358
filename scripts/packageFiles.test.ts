// Issue 18: the installer carries no test code. The files `npm run package` puts in the app, computed as electron-builder
// does — its own FileMatcher over electron-builder.yml's `files` — over this tree after a build, checked by the one rule.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import yaml from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { isTestCodePath } from './testCodePaths.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { FileMatcher } = require('app-builder-lib/out/fileMatcher.js') as {
  FileMatcher: new (from: string, to: string, expand: (text: string) => string, patterns: string[]) => { createFilter(): (file: string, stat: { isDirectory(): boolean }) => boolean };
};

interface FileSet { from: string }
interface BuilderConfig {
  files: string[];
  extraResources?: FileSet[];
  linux?: { extraResources?: FileSet[] };
  win?: { extraResources?: FileSet[] };
  mac?: { extraResources?: FileSet[] };
}
const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const FILE = { isDirectory: () => false };
// The filter electron-builder copies the app with; its own defaults (package.json, lockfiles, …) only ever add exclusions.
const filter = new FileMatcher(root, '/', (text) => text, config.files).createFilter();
const ships = (file: string): boolean => filter(path.join(root, file), FILE);

/** Every file on disk under the root, relative, '/'-separated; node_modules is electron-builder's own production-deps copy. */
function treeFiles(dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === '.git' ? [] : treeFiles(relative);
    return entry.isFile() ? [relative] : [];
  });
}

let packaged: string[] = [];

beforeAll(() => {
  // CI and a fresh clone have built in `npm install` (prepare); build only when nothing is there, never under a running suite.
  if (!existsSync(path.join(root, 'dist', 'main', 'electron', 'main.js'))) execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'ignore' });
  const extraResources = [config, config.linux, config.win, config.mac].flatMap((part) => part?.extraResources ?? []).map((set) => set.from);
  packaged = [...treeFiles().filter(ships), ...extraResources];
}, 120_000);

describe("npm run package's file list", () => {
  it('holds the app: the compiled main, the renderer, the data tables and the scripts it runs', () => {
    expect(packaged).toContain('package.json');
    expect(packaged).toContain('dist/main/electron/main.js');
    expect(packaged).toContain('dist/preload/preload.cjs');
    expect(packaged.some((file) => file.startsWith('dist/renderer/'))).toBe(true);
    expect(packaged).toContain('data/gpus.json');
    expect(packaged.some((file) => file.startsWith('main/verify/python/') && file.endsWith('.py'))).toBe(true);
  });

  it('holds the CLI that `dlsetup-desktop --cli -- <command>` runs: its entry and every command module (main/electron/cliMode.ts)', () => {
    const commands = readdirSync(path.join(root, 'main', 'cli', 'commands')).filter((name) => name.endsWith('.ts') && !name.includes('.test.'));
    expect(commands.length).toBeGreaterThan(5);
    for (const file of ['dist/main/cli/main.js', 'dist/main/electron/cliMode.js', ...commands.map((name) => `dist/main/cli/commands/${name.replace(/\.ts$/, '.js')}`)]) expect(packaged).toContain(file);
    // bin/dlsetup.js runs the dist/cli bundle with Node, which the packaged app cannot do (RunAsNode fuse off): npm only.
    expect(packaged.filter((file) => file.startsWith('dist/cli/') || file === 'bin/dlsetup.js')).toEqual([]);
  });

  it('holds no test code: no test kit, test, suite, capture or source map', () => {
    expect(packaged.filter((file) => isTestCodePath(file))).toEqual([]);
  });

  it('would catch a test kit compiled into dist/main, and the rule knows each kind of test code', () => {
    expect(ships('dist/main/install/testkit/wheelIndex.js')).toBe(true);
    expect(isTestCodePath('dist/main/install/testkit/wheelIndex.js')).toBe(true);
    expect(isTestCodePath('/dist/testkit/simulatedHost.js')).toBe(true);
    expect(isTestCodePath('\\dist\\main\\install\\testkit\\fifoGate.js')).toBe(true);
    expect(isTestCodePath('dist/main/install/runner.test.js')).toBe(true);
    expect(isTestCodePath('e2e/support/serve.js')).toBe(true);
    expect(isTestCodePath('fixtures/nvidia-smi-table/x.txt')).toBe(true);
    expect(isTestCodePath('dist/main/install/runner.js')).toBe(false);
    expect(isTestCodePath('dist/main/verify/verify.js')).toBe(false);
  });
});
