import { readFileSync } from 'node:fs';
import { fixturePath } from '../fixturePath.js';

/**
 * Real index data for the index client's tests (issue 32): file names, sha256 hashes and (where the index gave them)
 * sizes of real releases, read from excerpts of public uv.lock files in fixtures/pypi-index/ (where each came from:
 * fixtures/SOURCES.md, section "pypi-index/"). Nothing here is written by hand: every file entry is a `wheels` or
 * `sdist` entry of a capture, and each version's Requires-Dist is derived from that package's `dependencies` (and
 * `[package.optional-dependencies]`) in the same capture, each pinned to the version the lock resolved.
 */

export interface IndexProjectFile {
  filename: string;
  /** Where the real index serves it (the capture's `url`). */
  url?: string;
  sha256: string;
  /** Bytes, where the capture has it: uv records sizes from PyPI's JSON pages; download.pytorch.org gives none. */
  size?: number;
  requiresPython?: string;
  /** PEP 700 upload-time, where the capture has it. */
  uploadTime?: string;
}

export interface IndexProject {
  name: string;
  files: IndexProjectFile[];
  /** Version → PEP 508 requirement lines (derived from the lock: see deriveRequiresDist). */
  requiresDist: Record<string, string[]>;
}

/** One excerpt of a public uv.lock under fixtures/pypi-index/. */
export interface IndexCapture {
  /** File name under fixtures/pypi-index/. */
  file: string;
  repository: string;
  commit: string;
  path: string;
  /** What it covers, in a few words. */
  covers: string;
}

export const INDEX_CAPTURES: readonly IndexCapture[] = [
  {
    file: 'torch-2.7.0+cu126_closure_nari-labs-dia_uv.lock.toml',
    repository: 'nari-labs/dia',
    commit: '7bb86bbb495751596061ea69abc2afe1ef7cc017',
    path: 'uv.lock',
    covers: 'torch 2.7.0+cu126 from download.pytorch.org/whl/cu126 (cp310–cp313t, manylinux_2_28_x86_64 and win_amd64) and the PyPI packages it resolved to (nvidia-*-cu12 12.6, triton 3.3.0, filelock, sympy…)',
  },
  {
    file: 'torch-2.6.0_pypi_closure_nari-labs-dia_uv.lock.toml',
    repository: 'nari-labs/dia',
    commit: '9322196c0821a5390e50a80e0b84f2e586481d27',
    path: 'uv.lock',
    covers: 'plain torch 2.6.0 from PyPI (manylinux1_x86_64, manylinux_2_28_aarch64, win_amd64, macosx arm64; cp310–cp313) and its closure (nvidia-*-cu12 12.4, triton 3.2.0…)',
  },
  {
    file: 'jax-0.7.2_cuda12_closure_stanford-crfm-levanter_uv.lock.toml',
    repository: 'stanford-crfm/levanter',
    commit: '9263f81e8b453241332c2c0b2d2001bfb2d2241c',
    path: 'uv.lock',
    covers: 'jax, jaxlib, jax-cuda12-plugin and jax-cuda12-pjrt 0.7.2 from PyPI (manylinux_2_27) and the closure of jax[cuda12,tpu] (nvidia-*-cu12 12.8/12.9, nvshmem, numpy, scipy…)',
  },
];

export const PYPI_SIMPLE = 'https://pypi.org/simple';
export const PYTORCH_CU126 = 'https://download.pytorch.org/whl/cu126';

/** One `[[package]]` of a capture, as this kit reads it. */
export interface LockedPackage {
  name: string;
  version: string;
  /** The `source = { registry = ... }` it was locked from. */
  registry: string;
  files: IndexProjectFile[];
  requiresDist: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// A TOML subset: what uv.lock uses (tables, arrays of tables, basic strings, integers, booleans, arrays, inline tables).

type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
interface TomlTable {
  [key: string]: TomlValue;
}

class TomlReader {
  private pos = 0;
  constructor(private readonly text: string) {}

  read(): TomlTable {
    const root: TomlTable = {};
    let target = root;
    for (;;) {
      this.skipBlank(true);
      if (this.pos >= this.text.length) return root;
      if (this.text[this.pos] === '[') {
        target = this.header(root);
        continue;
      }
      const key = this.key();
      this.skipBlank(false);
      this.expect('=');
      if (key in target) this.fail(`duplicate key ${key}`);
      target[key] = this.value();
      this.endOfLine();
    }
  }

  private header(root: TomlTable): TomlTable {
    const array = this.text.startsWith('[[', this.pos);
    this.pos += array ? 2 : 1;
    const parts: string[] = [];
    for (;;) {
      this.skipBlank(false);
      parts.push(this.key());
      this.skipBlank(false);
      if (this.text[this.pos] === '.') {
        this.pos += 1;
        continue;
      }
      break;
    }
    this.expect(array ? ']]' : ']');
    this.endOfLine();
    let table = root;
    for (const [index, part] of parts.entries()) {
      const last = index === parts.length - 1;
      const existing = table[part];
      if (last && array) {
        if (existing === undefined) table[part] = [];
        const list = table[part];
        if (!Array.isArray(list)) this.fail(`${part} is not an array of tables`);
        const entry: TomlTable = {};
        list.push(entry);
        return entry;
      }
      if (existing === undefined) table[part] = {};
      const next = table[part];
      if (Array.isArray(next)) {
        const tail = next[next.length - 1];
        if (!isTable(tail)) this.fail(`${part} has no table to extend`);
        table = tail;
      } else if (isTable(next)) table = next;
      else this.fail(`${part} is not a table`);
    }
    return table;
  }

  private key(): string {
    if (this.text[this.pos] === '"') return this.basicString();
    const match = /^[A-Za-z0-9_-]+/.exec(this.text.slice(this.pos, this.pos + 200));
    if (!match) this.fail('expected a key');
    this.pos += match[0].length;
    return match[0];
  }

  private value(): TomlValue {
    this.skipBlank(false);
    const c = this.text[this.pos];
    if (c === '"') return this.basicString();
    if (c === "'") {
      const end = this.text.indexOf("'", this.pos + 1);
      if (end < 0) this.fail('unterminated literal string');
      const value = this.text.slice(this.pos + 1, end);
      this.pos = end + 1;
      return value;
    }
    if (c === '[') return this.array();
    if (c === '{') return this.inlineTable();
    const match = /^(true|false|[+-]?\d[\d_]*)/.exec(this.text.slice(this.pos, this.pos + 40));
    if (!match) this.fail('expected a value');
    this.pos += match[0].length;
    if (match[0] === 'true') return true;
    if (match[0] === 'false') return false;
    return Number(match[0].replaceAll('_', ''));
  }

  private basicString(): string {
    this.pos += 1;
    let out = '';
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined || c === '\n') this.fail('unterminated string');
      this.pos += 1;
      if (c === '"') return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.text[this.pos];
      this.pos += 1;
      const simple: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };
      if (e !== undefined && e in simple) out += simple[e];
      else if (e === 'u' || e === 'U') {
        const width = e === 'u' ? 4 : 8;
        const hex = this.text.slice(this.pos, this.pos + width);
        if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== width) this.fail('bad unicode escape');
        out += String.fromCodePoint(parseInt(hex, 16));
        this.pos += width;
      } else this.fail(`bad escape \\${e}`);
    }
  }

  private array(): TomlValue[] {
    this.pos += 1;
    const out: TomlValue[] = [];
    for (;;) {
      this.skipBlank(true);
      if (this.text[this.pos] === ']') {
        this.pos += 1;
        return out;
      }
      out.push(this.value());
      this.skipBlank(true);
      if (this.text[this.pos] === ',') this.pos += 1;
      else if (this.text[this.pos] !== ']') this.fail('expected , or ] in an array');
    }
  }

  private inlineTable(): TomlTable {
    this.pos += 1;
    const out: TomlTable = {};
    for (;;) {
      this.skipBlank(false);
      if (this.text[this.pos] === '}') {
        this.pos += 1;
        return out;
      }
      const key = this.key();
      this.skipBlank(false);
      this.expect('=');
      if (key in out) this.fail(`duplicate key ${key}`);
      out[key] = this.value();
      this.skipBlank(false);
      if (this.text[this.pos] === ',') this.pos += 1;
      else if (this.text[this.pos] !== '}') this.fail('expected , or } in an inline table');
    }
  }

  /** Spaces and tabs; with `newlines`, also line ends and comments. */
  private skipBlank(newlines: boolean): void {
    for (;;) {
      const c = this.text[this.pos];
      if (c === ' ' || c === '\t') this.pos += 1;
      else if (newlines && (c === '\n' || c === '\r')) this.pos += 1;
      else if (newlines && c === '#') {
        const end = this.text.indexOf('\n', this.pos);
        this.pos = end < 0 ? this.text.length : end;
      } else return;
    }
  }

  private endOfLine(): void {
    this.skipBlank(false);
    if (this.text[this.pos] === '#') {
      const end = this.text.indexOf('\n', this.pos);
      this.pos = end < 0 ? this.text.length : end;
    }
    if (this.pos >= this.text.length) return;
    if (this.text[this.pos] === '\r') this.pos += 1;
    if (this.text[this.pos] !== '\n') this.fail('expected the end of the line');
    this.pos += 1;
  }

  private expect(token: string): void {
    if (!this.text.startsWith(token, this.pos)) this.fail(`expected ${token}`);
    this.pos += token.length;
  }

  private fail(message: string): never {
    const line = this.text.slice(0, this.pos).split('\n').length;
    throw new Error(`uv.lock capture, line ${line}: ${message}`);
  }
}

function isTable(value: TomlValue | undefined): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(table: TomlTable, key: string, where: string): string {
  const value = table[key];
  if (typeof value !== 'string') throw new Error(`${where}: ${key} is not a string`);
  return value;
}

function optionalStr(table: TomlTable, key: string): string | undefined {
  const value = table[key];
  return typeof value === 'string' ? value : undefined;
}

// ---------------------------------------------------------------------------------------------------------------

/** PEP 503 normalized project name. */
export function normalizeProjectName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** The version a wheel or sdist file name carries (`torch-2.7.0+cu126-cp312-…whl` → `2.7.0+cu126`). */
export function fileVersion(filename: string): string {
  if (filename.endsWith('.whl')) {
    const parts = filename.slice(0, -4).split('-');
    if (parts.length < 5) throw new Error(`not a wheel name: ${filename}`);
    return parts[1];
  }
  const stem = filename.replace(/\.(tar\.gz|zip|tar\.bz2|tgz)$/, '');
  if (stem === filename) throw new Error(`not a distribution file name: ${filename}`);
  return stem.slice(stem.lastIndexOf('-') + 1);
}

interface ParsedVersion {
  release: number[];
  pre: [number, number] | null;
  post: number | null;
  dev: number | null;
  local: (string | number)[];
}

function parseVersion(version: string): ParsedVersion {
  const match = /^v?(\d+(?:\.\d+)*)(?:[-_.]?(a|alpha|b|beta|rc|c|pre|preview)[-_.]?(\d*))?(?:[-_.]?(?:post|rev|r)[-_.]?(\d*))?(?:[-_.]?dev[-_.]?(\d*))?(?:\+([A-Za-z0-9.]+))?$/i.exec(
    version.trim(),
  );
  if (!match) throw new Error(`not a PEP 440 version: ${version}`);
  const preKind = match[2]?.toLowerCase();
  const preRank = preKind === undefined ? null : preKind.startsWith('a') ? 0 : preKind.startsWith('b') ? 1 : 2;
  return {
    release: match[1].split('.').map(Number),
    pre: preRank === null ? null : [preRank, Number(match[3] || 0)],
    post: match[4] === undefined ? null : Number(match[4] || 0),
    dev: match[5] === undefined ? null : Number(match[5] || 0),
    local: match[6] ? match[6].toLowerCase().split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : [],
  };
}

/** PEP 440 ordering (release, pre, post, dev, then local labels): negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  const length = Math.max(x.release.length, y.release.length);
  for (let i = 0; i < length; i += 1) {
    const d = (x.release[i] ?? 0) - (y.release[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  // A dev release of a final (1.0.dev1) sorts before its pre-releases; a final after them.
  const preKey = (v: ParsedVersion): [number, number] => (v.pre ? v.pre : v.dev !== null && v.post === null ? [-1, 0] : [3, 0]);
  const [px, py] = [preKey(x), preKey(y)];
  if (px[0] !== py[0]) return Math.sign(px[0] - py[0]);
  if (px[1] !== py[1]) return Math.sign(px[1] - py[1]);
  const postKey = (v: ParsedVersion) => (v.post === null ? -1 : v.post);
  if (postKey(x) !== postKey(y)) return Math.sign(postKey(x) - postKey(y));
  const devKey = (v: ParsedVersion) => (v.dev === null ? Infinity : v.dev);
  if (devKey(x) !== devKey(y)) return devKey(x) < devKey(y) ? -1 : 1;
  for (let i = 0; i < Math.max(x.local.length, y.local.length); i += 1) {
    const [l, r] = [x.local[i], y.local[i]];
    if (l === undefined) return -1;
    if (r === undefined) return 1;
    if (typeof l === 'number' && typeof r === 'number') {
      if (l !== r) return Math.sign(l - r);
    } else if (typeof l === 'number') return 1;
    else if (typeof r === 'number') return -1;
    else if (l !== r) return l < r ? -1 : 1;
  }
  return 0;
}

function fileEntry(entry: TomlValue, where: string): IndexProjectFile {
  if (!isTable(entry)) throw new Error(`${where}: a file entry is not a table`);
  const url = str(entry, 'url', where);
  const hash = str(entry, 'hash', where);
  if (!/^sha256:[0-9a-f]{64}$/.test(hash)) throw new Error(`${where}: not a sha256 hash: ${hash}`);
  const file: IndexProjectFile = {
    filename: decodeURIComponent(new URL(url).pathname.split('/').pop() ?? ''),
    url,
    sha256: hash.slice('sha256:'.length),
  };
  const size = entry.size;
  if (size !== undefined) {
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size <= 0) throw new Error(`${where}: bad size`);
    file.size = size;
  }
  // uv wrote `upload_time` before it settled on `upload-time`.
  const uploadTime = optionalStr(entry, 'upload-time') ?? optionalStr(entry, 'upload_time');
  if (uploadTime !== undefined) file.uploadTime = uploadTime;
  return file;
}

/** uv's conflict markers (`extra == 'extra-8-levanter-gpu'`) name the locking project's extras, not the package's. */
const CONFLICT_MARKER = /^extra == 'extra-\d+-[a-z0-9-]+'$/;

/**
 * Requires-Dist derived from one locked package: each `dependencies` entry becomes `name==<locked version>` with the
 * entry's marker, each `[package.optional-dependencies]` group's entries the same with `extra == '<group>'` added.
 * The locked version is the one the entry names, else the only version of that name in the capture.
 */
function deriveRequiresDist(pkg: TomlTable, versionsByName: Map<string, string[]>, where: string): string[] {
  const lines: string[] = [];
  const one = (dep: TomlValue, group: string | null) => {
    if (!isTable(dep)) throw new Error(`${where}: a dependency is not a table`);
    const name = str(dep, 'name', where);
    let version = optionalStr(dep, 'version');
    if (version === undefined) {
      const versions = versionsByName.get(normalizeProjectName(name)) ?? [];
      if (versions.length !== 1) throw new Error(`${where}: dependency ${name} has ${versions.length} locked versions in the capture`);
      version = versions[0];
    }
    const extras = dep.extra;
    const extraPart = Array.isArray(extras) && extras.length > 0 ? `[${extras.map(String).join(',')}]` : '';
    let marker = optionalStr(dep, 'marker');
    if (marker !== undefined && marker.includes("'extra-")) {
      if (!CONFLICT_MARKER.test(marker)) throw new Error(`${where}: a conflict marker this kit cannot drop: ${marker}`);
      marker = undefined;
    }
    if (group !== null) marker = marker === undefined ? `extra == '${group}'` : `(${marker}) and extra == '${group}'`;
    lines.push(`${name}${extraPart}==${version}${marker === undefined ? '' : `; ${marker}`}`);
  };
  const dependencies = pkg.dependencies;
  if (Array.isArray(dependencies)) for (const dep of dependencies) one(dep, null);
  const optional = pkg['optional-dependencies'];
  if (isTable(optional)) {
    for (const [group, deps] of Object.entries(optional)) {
      if (!Array.isArray(deps)) throw new Error(`${where}: optional group ${group} is not an array`);
      for (const dep of deps) one(dep, group);
    }
  }
  return lines;
}

/** Every `[[package]]` of a uv.lock text (or excerpt) from a registry, with its files and derived Requires-Dist. */
export function parseUvLock(text: string, where = 'uv.lock'): LockedPackage[] {
  const root = new TomlReader(text).read();
  const packages = root.package;
  if (!Array.isArray(packages)) throw new Error(`${where}: no [[package]] tables`);
  const tables = packages.filter(isTable);
  const versionsByName = new Map<string, string[]>();
  for (const pkg of tables) {
    const key = normalizeProjectName(str(pkg, 'name', where));
    versionsByName.set(key, [...(versionsByName.get(key) ?? []), str(pkg, 'version', where)]);
  }
  const out: LockedPackage[] = [];
  for (const pkg of tables) {
    const name = str(pkg, 'name', where);
    const version = str(pkg, 'version', where);
    const at = `${where}: ${name} ${version}`;
    const source = pkg.source;
    const registry = isTable(source) ? optionalStr(source, 'registry') : undefined;
    if (registry === undefined) continue; // the locking project itself, git or path sources: no index serves them
    const files: IndexProjectFile[] = [];
    if (pkg.sdist !== undefined) files.push(fileEntry(pkg.sdist, at));
    const wheels = pkg.wheels;
    if (Array.isArray(wheels)) for (const wheel of wheels) files.push(fileEntry(wheel, at));
    for (const file of files) {
      if (normalizeVersionText(fileVersion(file.filename)) !== normalizeVersionText(version)) {
        throw new Error(`${at}: file ${file.filename} names another version`);
      }
    }
    out.push({ name, version, registry, files, requiresDist: deriveRequiresDist(pkg, versionsByName, at) });
  }
  return out;
}

function normalizeVersionText(version: string): string {
  return version.toLowerCase().replace(/_/g, '-');
}

const parsed = new Map<string, LockedPackage[]>();

/** The packages of one capture under fixtures/pypi-index/ (parsed once, copied per call). */
export function readCapture(file: string): LockedPackage[] {
  let packages = parsed.get(file);
  if (!packages) {
    packages = parseUvLock(readFileSync(fixturePath('pypi-index', file), 'utf8'), file);
    parsed.set(file, packages);
  }
  return structuredClone(packages);
}

/**
 * Merges packages into index projects keyed by normalized name: files are joined by file name (the same name with
 * another hash or size is an error: two captures that disagree), Requires-Dist kept per version (captures that derive
 * different lines for one version are an error too).
 */
export function mergeIntoProjects(packages: Iterable<LockedPackage>, into = new Map<string, IndexProject>()): Map<string, IndexProject> {
  for (const pkg of packages) {
    const key = normalizeProjectName(pkg.name);
    let project = into.get(key);
    if (!project) {
      project = { name: pkg.name, files: [], requiresDist: {} };
      into.set(key, project);
    }
    for (const file of pkg.files) {
      const existing = project.files.find((f) => f.filename === file.filename);
      if (!existing) project.files.push({ ...file });
      else if (existing.sha256 !== file.sha256 || (existing.size !== undefined && file.size !== undefined && existing.size !== file.size)) {
        throw new Error(`${pkg.name}: captures disagree on ${file.filename}`);
      } else if (existing.size === undefined && file.size !== undefined) existing.size = file.size;
    }
    const before = project.requiresDist[pkg.version];
    if (before && JSON.stringify([...before].sort()) !== JSON.stringify([...pkg.requiresDist].sort())) {
      throw new Error(`${pkg.name} ${pkg.version}: captures derive different Requires-Dist`);
    }
    project.requiresDist[pkg.version] = [...pkg.requiresDist];
  }
  for (const project of into.values()) {
    project.files.sort((a, b) => compareVersions(fileVersion(a.filename), fileVersion(b.filename)) || (a.filename < b.filename ? -1 : 1));
  }
  return into;
}

function projectsFrom(filter: (pkg: LockedPackage) => boolean): Map<string, IndexProject> {
  return mergeIntoProjects(INDEX_CAPTURES.flatMap((capture) => readCapture(capture.file)).filter(filter));
}

/** Every captured project, all captures and registries merged into one index (a mirror that carries them all). */
export function realIndexProjects(): Map<string, IndexProject> {
  return projectsFrom(() => true);
}

/** What the captures locked from https://pypi.org/simple (torch 2.6.0 without a local version, nvidia-*-cu12, jax…). */
export function pypiProjects(): Map<string, IndexProject> {
  return projectsFrom((pkg) => pkg.registry === PYPI_SIMPLE);
}

/** What the captures locked from https://download.pytorch.org/whl/cu126 (torch 2.7.0+cu126 only). */
export function pytorchCu126Projects(): Map<string, IndexProject> {
  return projectsFrom((pkg) => pkg.registry === PYTORCH_CU126);
}
