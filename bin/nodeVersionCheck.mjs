// Plain JavaScript that any Node since 12 parses: it must run before the CLI's own code, which an old Node cannot load.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import satisfies from 'semver/functions/satisfies.js';

const LOCALE_VARIABLES = ['LC_ALL', 'LC_MESSAGES', 'LANG'];

/** The language of the sentence: --lang as written, else the first set of LC_ALL, LC_MESSAGES, LANG (as main/cli/cliLocale.ts). */
export function startLocale(argv, env) {
  let tag;
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === '--') break;
    if (argv[index] === '--lang') tag = argv[index + 1];
    else if (argv[index].startsWith('--lang=')) tag = argv[index].slice('--lang='.length);
  }
  if (tag === undefined) tag = LOCALE_VARIABLES.map((name) => (env[name] || '').trim()).find((value) => value);
  return tag && tag.trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/** DL Setup's package folder, found by walking up from here as main/appPaths.ts does (a test copy of bin/ sits below it). */
function packageRootFolder() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'dlsetup') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * The sentence to print when this Node is older than package.json's `engines.node` allows, or null when it is new
 * enough. The sentence is the catalog's (locales/<lang>/cli.json `node.tooOld`), so it reads like every other.
 */
export function nodeTooOld(nodeVersion, locale, root = packageRootFolder()) {
  // Without its package.json the install is broken; the CLI says so itself when it starts.
  if (!root) return null;
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const range = manifest.engines && manifest.engines.node;
  if (!range || satisfies(nodeVersion, range)) return null;
  const catalog = JSON.parse(readFileSync(path.join(root, 'locales', locale, 'cli.json'), 'utf8'));
  const values = { node: nodeVersion, needed: range };
  return catalog['node.tooOld'].replace(/\{\{(\w+)\}\}/g, (whole, name) => (name in values ? values[name] : whole));
}
