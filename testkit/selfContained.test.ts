// A plain clone passes its tests with nothing beside it (issue 18): no tracked file may read from the folder that once
// sat beside the checkout, nor build a path above the repository root. The captures live in fixtures/, the design in
// docs/design.md, the facts file in data/sources/.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../main/appPaths.js';
import { fixturesDir } from './fixturePath.js';

const SELF = 'testkit/selfContained.test.ts';
/** What the outside folder held; the repository's own shared/ is pure TypeScript and has none of these. */
const OUTSIDE_ENTRIES = ['fixtures', 'reference', 'hooks', 'DESIGN.md'];
const SKIPPED_DIRS = new Set(['.git', 'node_modules', 'dist', 'release', 'test-results', 'playwright-report', '.bench']);

/** Tracked and not-ignored files, relative to the repository root; a walk where git or .git is missing (a tarball). */
function repositoryFiles(): string[] {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: packageRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return [...new Set(listed.split('\0').filter(Boolean))].filter((file) => existsSync(path.join(packageRoot, file)));
  } catch {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(path.join(packageRoot, dir), { withFileTypes: true })) {
        const relative = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!SKIPPED_DIRS.has(entry.name)) walk(relative);
        } else if (entry.isFile()) files.push(relative);
      }
    };
    walk('');
    return files;
  }
}

const inside = (target: string): boolean => {
  const relative = path.relative(packageRoot, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** Each line of `text` (the file `file`, relative to the root) that reads outside the repository, as "file:line: why". */
function outsideReads(file: string, text: string): string[] {
  const dir = path.join(packageRoot, path.dirname(file));
  const depth = path.dirname(file) === '.' ? 0 : path.dirname(file).split('/').length;
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    const why = new Set<string>();
    // A relative path such as ../shared/…: fine when it lands on the repository's own shared/ (an import from main/).
    for (const match of line.matchAll(/((?:\.\.[/\\])+)shared(?:[/\\]([\w.-]+))?/g)) {
      const target = path.resolve(dir, match[1] as string, 'shared');
      if (!inside(target)) why.add(`${match[0]} is outside the repository`);
      else if (match[2] && OUTSIDE_ENTRIES.includes(match[2])) why.add(`${match[0]} names what lived beside the checkout`);
    }
    // The outside folder's entries named without ../ (a source string, a comment): the repository's shared/ has none.
    for (const match of line.matchAll(/(?<![\w./-])shared\/(fixtures|reference|hooks|DESIGN\.md)\b/g)) {
      why.add(`${match[0]} names what lived beside the checkout (now fixtures/, data/sources/, docs/design.md)`);
    }
    // Paths built from segments: up and into a sibling named shared, or up from the repository root.
    if (/['"]\.\.['"]\s*,\s*['"]shared['"]/.test(line)) why.add("a path built as '..', 'shared'");
    if (/\b(?:root|packageRoot|repoRoot|projectRoot)\s*,\s*['"]\.\.['"]/.test(line)) why.add('a path built above the repository root');
    for (const match of line.matchAll(/(?:import\.meta\.dirname|dirname\(fileURLToPath\(import\.meta\.url\)\)|__dirname)((?:\s*,\s*['"]\.\.['"])+)/g)) {
      const ups = (match[1] as string).split(',').length - 1;
      if (ups > depth) why.add(`${ups} levels up from a file ${depth} deep`);
    }
    if (/\/work\/shared\b/.test(line)) why.add('an absolute path to the folder beside the checkout');
    for (const reason of why) problems.push(`${file}:${index + 1}: ${reason}`);
  });
  return problems;
}

describe('the repository is self-contained', () => {
  it('recognises reads outside the repository, and leaves imports of its own shared/ alone', () => {
    expect(outsideReads('bench/x.mjs', "const FACTS = path.join(root, '..', 'shared', 'reference', 'facts.json');")).toHaveLength(2);
    expect(outsideReads('testkit/x.ts', "path.resolve(packageRoot, '..', 'other')")).toHaveLength(1);
    expect(outsideReads('README.md', 'captures in `../shared/fixtures`')).toHaveLength(1);
    expect(outsideReads('docs/testing.md', 'captures in `../shared/fixtures`')).toHaveLength(1);
    expect(outsideReads('data/gpus.json', '"source": "the real capture shared/fixtures/nvcc/x.txt"')).toHaveLength(1);
    expect(outsideReads('e2e/support/x.ts', "path.resolve(import.meta.dirname, '..', '..', '..', 'y')")).toHaveLength(1);
    expect(outsideReads('e2e/support/x.ts', "path.resolve(import.meta.dirname, '..', '..')")).toEqual([]);
    expect(outsideReads('main/plan/x.ts', "import { resolvePlan } from '../../shared/plan/resolvePlan.js';")).toEqual([]);
    expect(outsideReads('main/tsconfig.json', '"include": ["./**/*.ts", "../shared/**/*.ts"]')).toEqual([]);
    expect(outsideReads('main/x.ts', 'cannot open shared object file; shared/ipc/contract.ts')).toEqual([]);
  });

  it('no tracked file reads from the folder beside the checkout or above the root', () => {
    const problems: string[] = [];
    for (const file of repositoryFiles()) {
      if (file === SELF) continue;
      const bytes = readFileSync(path.join(packageRoot, file));
      if (bytes.includes(0)) continue; // binary: images, icons
      problems.push(...outsideReads(file, bytes.toString('utf8')));
    }
    expect(problems).toEqual([]);
  });

  it('every capture in fixtures/ has its source line in fixtures/SOURCES.md, and every line names a capture', () => {
    const captures = readdirSync(fixturesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((folder) => readdirSync(path.join(fixturesDir, folder.name)).map((file) => `${folder.name}/${file}`))
      .sort();
    const listed = [...readFileSync(path.join(fixturesDir, 'SOURCES.md'), 'utf8').matchAll(/^- `([^`]+)` \|/gm)].map((match) => match[1] as string).sort();
    expect(captures.length).toBeGreaterThan(100);
    expect(listed).toEqual(captures);
  });

  it('every `docs/design.md §N` reference names a section of docs/design.md', () => {
    const sections = new Set([...readFileSync(path.join(packageRoot, 'docs', 'design.md'), 'utf8').matchAll(/^## (\d+)\./gm)].map((match) => match[1]));
    const dangling: string[] = [];
    for (const file of repositoryFiles()) {
      if (!/\.(?:[cm]?[jt]sx?|md|json|ya?ml|sh|py)$/.test(file)) continue;
      const text = readFileSync(path.join(packageRoot, file), 'utf8');
      for (const match of text.matchAll(/docs\/design\.md ((?:§\d+(?:,\s*)?)+)/g)) {
        for (const [, section] of (match[1] as string).matchAll(/§(\d+)/g)) if (!sections.has(section)) dangling.push(`${file}: §${section}`);
      }
    }
    expect(sections.size).toBeGreaterThan(0);
    expect(dangling).toEqual([]);
  });
});
