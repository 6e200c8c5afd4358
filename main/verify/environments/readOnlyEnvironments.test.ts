import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentsReport } from '../../../shared/types/environments.js';
import type { HardwareReport } from '../../../shared/types/hardware.js';
import { buildInstalledCli } from '../../../testkit/buildInstalledCli.js';

/*
 * Issue 27 items 3, 7 and 8: `dlsetup detect` and `dlsetup verify --all` run as the installed CLI, as a process, on a
 * simulated host (DLSETUP_SYSROOT) whose environments are hostile data: interpreters that leave a marker when started,
 * a RECORD hard-linked 200 times at 16 MB, a FIFO and a 1 GB sparse METADATA, link loops, a Version with escapes.
 */

let cliDir: string;
let tmp: string;
/** The host being built or run: the trapped interpreters' and the hostile files' live apart, so each proof stands alone. */
let root: string;
let trapRoot: string;
let attackRoot: string;
let markers: string;
const HOME = '/home/ana';
const ESC = '\u001b';

/** A file of the simulated host (a host path under the root). */
function put(hostPath: string, content: string | Buffer, mode = 0o644): string {
  const file = path.join(root, hostPath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  chmodSync(file, mode);
  return file;
}

/** An interpreter that leaves a marker when it is started, and answers detection's question as a real one would. */
function trapPython(prefix: string, name: string): string {
  const marker = path.join(markers, name);
  const answer = JSON.stringify({ version: '3.11.4', prefix, site: [], venv: true });
  return put(`${prefix}/bin/python`, `#!/bin/sh\necho started >> '${marker}'\nprintf '%s\\n' '${answer}'\n`, 0o755);
}

/** The environments a trap is laid in: every way detection finds one, none with a layout readable from disk. */
const TRAPS: Record<string, string> = {
  condaListed: '/data/envs/listed',
  condaPrefix: '/data/envs/active',
  virtualEnv: '/srv/venvs/project',
  pyenv: `${HOME}/.pyenv/versions/3.11.4`,
  minicondaBase: `${HOME}/miniconda3`,
  minicondaEnv: `${HOME}/miniconda3/envs/train`,
};
/** Another user's environment: conda lists it, its layout is unreadable, its interpreter is owned by uid 65534. */
const OTHER_USER = '/data/envs/bob';

/** Environments with readable layouts and hostile files. */
const BIG = '/data/envs/big';
const FIFO_ENV = '/data/envs/fifo';
const SPARSE = '/data/envs/sparse';
const LOOP = '/data/envs/loop';
const ESCAPED = '/data/envs/escaped';
const SITE = 'lib/python3.11/site-packages';
const RECORD_BYTES = 16 * 1024 * 1024 - 1;
const HARD_LINKS = 200;

function venv(prefix: string): void {
  put(`${prefix}/pyvenv.cfg`, 'home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.11.4\n');
  put(`${prefix}/bin/python`, '#!/bin/sh\nexit 3\n', 0o755);
  mkdirSync(path.join(root, prefix, SITE), { recursive: true });
}

/** The user's own conda on the host's PATH: it prints the list, the prefixes it names are data. */
function condaListing(host: string, listed: string[]): void {
  mkdirSync(path.join(host, 'bin'), { recursive: true });
  writeFileSync(path.join(host, 'bin', 'conda'), `#!/bin/sh\nprintf '%s\\n' '${JSON.stringify({ envs: listed })}'\n`);
  chmodSync(path.join(host, 'bin', 'conda'), 0o755);
}

function buildTrapHost(): void {
  root = trapRoot;
  for (const [name, prefix] of Object.entries(TRAPS)) trapPython(prefix, name);
  const bob = trapPython(OTHER_USER, 'otherUser');
  chownSync(bob, 65534, 65534);
  chownSync(path.dirname(bob), 65534, 65534);
  condaListing(path.dirname(trapRoot), [TRAPS.condaListed!, OTHER_USER, `${HOME}/miniconda3`]);
}

function buildAttackHost(): void {
  root = attackRoot;

  // 200 distributions a verdict reads, each RECORD a hard link of one 16 MB file (just under the old 16 MiB cap).
  venv(BIG);
  const line = 'nvidia/cudnn/lib/libcudnn.so.9,sha256=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA,123456\n';
  const record = put('/data/record-16mb', Buffer.alloc(RECORD_BYTES, line));
  for (let n = 0; n < HARD_LINKS; n++) {
    const info = `${BIG}/${SITE}/nvidia_cudnn_cu${n + 1}-9.1.0.70.dist-info`;
    put(`${info}/METADATA`, `Metadata-Version: 2.1\nName: nvidia-cudnn-cu${n + 1}\nVersion: 9.1.0.70\n`);
    linkSync(record, path.join(root, info, 'RECORD'));
  }
  // A FIFO as METADATA: a reader that opens it blocking waits for a writer forever.
  venv(FIFO_ENV);
  mkdirSync(path.join(root, FIFO_ENV, SITE, 'torch-2.5.1.dist-info'), { recursive: true });
  expect(spawnSync('mkfifo', [path.join(root, FIFO_ENV, SITE, 'torch-2.5.1.dist-info', 'METADATA')]).status).toBe(0);
  put(`${FIFO_ENV}/${SITE}/torch-2.5.1.dist-info/RECORD`, 'torch/__init__.py,,\n');
  // A 1 GB sparse METADATA (no disk used): a reader without a cap reads a gigabyte of zeros.
  venv(SPARSE);
  const sparse = put(`${SPARSE}/${SITE}/tensorflow-2.15.0.dist-info/METADATA`, 'Metadata-Version: 2.1\nName: tensorflow\nVersion: 2.15.0\n');
  truncateSync(sparse, 1024 * 1024 * 1024);
  put(`${SPARSE}/${SITE}/tensorflow-2.15.0.dist-info/RECORD`, 'tensorflow/__init__.py,,\n');
  // Link loops: a METADATA that links to itself, a RECORD that links to its folder, a site dir entry linking to '.'.
  venv(LOOP);
  mkdirSync(path.join(root, LOOP, SITE, 'jax-0.4.30.dist-info'), { recursive: true });
  symlinkSync('METADATA', path.join(root, LOOP, SITE, 'jax-0.4.30.dist-info', 'METADATA'));
  symlinkSync('.', path.join(root, LOOP, SITE, 'jax-0.4.30.dist-info', 'RECORD'));
  symlinkSync('.', path.join(root, LOOP, SITE, 'torch-2.5.1.dist-info'));
  // A Version with an OSC title sequence appended: parsed as 2.1.2+cu118 it would "work" on this GPU-less host.
  venv(ESCAPED);
  put(`${ESCAPED}/${SITE}/torch-2.1.2+cu118.dist-info/METADATA`, `Metadata-Version: 2.1\nName: torch\nVersion: 2.1.2+cu118${ESC}]0;pwned${ESC}\\\n`);
  put(`${ESCAPED}/${SITE}/torch-2.1.2+cu118.dist-info/RECORD`, 'torch/__init__.py,,\n');
  put(`${ESCAPED}/${SITE}/torch/__init__.py`, '');

  condaListing(path.dirname(attackRoot), [BIG, FIFO_ENV, SPARSE, LOOP, ESCAPED]);
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-read-only-'));
  trapRoot = path.join(tmp, 'traps', 'root');
  attackRoot = path.join(tmp, 'attacks', 'root');
  markers = path.join(tmp, 'markers');
  mkdirSync(trapRoot, { recursive: true });
  mkdirSync(attackRoot, { recursive: true });
  mkdirSync(markers);
  cliDir = await buildInstalledCli('read-only-envs');
  buildTrapHost();
  buildAttackHost();
}, 120_000);
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(cliDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  hung: boolean;
}

/** `dlsetup ...args` as installed, on a simulated host, under a heap cap; killed (hung) after `limitMs`. */
function dlsetup(host: string, args: string[], options: { heapMb?: number; limitMs?: number } = {}): Promise<Run> {
  const node = options.heapMb ? [`--max-old-space-size=${options.heapMb}`] : [];
  const child = spawn(process.execPath, [...node, path.join(cliDir, 'bin', 'dlsetup.js'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: path.join(path.dirname(host), 'bin'),
      HOME,
      DLSETUP_SYSROOT: host,
      DLSETUP_HOME: path.join(path.dirname(host), 'dlsetup-home'),
      CONDA_PREFIX: TRAPS.condaPrefix,
      VIRTUAL_ENV: TRAPS.virtualEnv,
      LANG: 'en_US.UTF-8',
      NO_COLOR: '1',
    },
  });
  let stdout = '';
  let stderr = '';
  let hung = false;
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => {
    hung = true;
    child.kill('SIGKILL');
  }, options.limitMs ?? 60_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, hung });
    }),
  );
}

function startedInterpreters(): string[] {
  return readdirSync(markers).sort();
}

const rootOnly = process.getuid?.() === 0 && process.platform === 'linux';

describe.runIf(rootOnly)('read-only paths start no environment Python (issue 27 item 3)', () => {
  let detect: HardwareReport;
  let all: EnvironmentsReport;

  beforeAll(async () => {
    const detected = await dlsetup(trapRoot, ['detect', '--json']);
    expect(detected.hung, detected.stderr).toBe(false);
    detect = JSON.parse(detected.stdout) as HardwareReport;
    const verified = await dlsetup(trapRoot, ['verify', '--all', '--json']);
    expect(verified.hung, verified.stderr).toBe(false);
    all = JSON.parse(verified.stdout) as EnvironmentsReport;
  }, 180_000);

  it('detect --json and verify --all --json start none of the six trapped interpreters, nor another user’s', () => {
    expect(startedInterpreters()).toEqual([]);
  });

  it('detect --json lists each as not checked, with a warning that says how to check it', () => {
    const notChecked = (detect.pythonsNotChecked ?? []).map((entry) => [entry.path, entry.reason]);
    for (const prefix of [...Object.values(TRAPS), OTHER_USER]) expect(notChecked).toContainEqual([`${prefix}/bin/python`, 'unreadable']);
    expect(detect.pythons.map((env) => env.path)).not.toContain(`${TRAPS.condaListed}/bin/python`);
    const warning = detect.warnings.find((line) => line.startsWith(`${TRAPS.condaListed}/bin/python was not checked`));
    expect(warning).toContain('Run `dlsetup verify --all --run` to start each environment');
  });

  it('verify --all --json shows each as a row not checked, and the table says the way on in both languages', async () => {
    const rows = all.environments.filter((env) => env.notChecked === 'unreadable').map((env) => env.path);
    for (const prefix of Object.values(TRAPS)) expect(rows).toContain(`${prefix}/bin/python`);
    const english = await dlsetup(trapRoot, ['verify', '--all']);
    expect(english.stdout).toContain('not checked: its layout could not be read from disk');
    expect(english.stdout).toContain('run `dlsetup verify --all --run` to start each environment');
    const chinese = await dlsetup(trapRoot, ['verify', '--all', '--lang', 'zh-CN']);
    expect(chinese.stdout).toContain('未检查：无法从磁盘读取它的布局');
    expect(startedInterpreters()).toEqual([]);
  }, 120_000);

  it('verify --all --run says it starts the caller’s unreadable environments; another user’s is never started', async () => {
    const run = await dlsetup(trapRoot, ['verify', '--all', '--run', '--json']);
    expect(run.hung).toBe(false);
    expect(run.stderr).toContain(`Starting ${TRAPS.condaListed}/bin/python to read its layout`);
    expect(startedInterpreters()).toContain('condaListed');
    expect(startedInterpreters()).not.toContain('otherUser');
    const report = JSON.parse(run.stdout) as EnvironmentsReport;
    expect(report.environments.find((env) => env.path === `${OTHER_USER}/bin/python`)?.notChecked).toBe('otherUser');
    // Started once with consent, remembered: a later look reads that answer and still starts nothing.
    rmSync(markers, { recursive: true });
    mkdirSync(markers);
    const later = JSON.parse((await dlsetup(trapRoot, ['verify', '--all', '--json'])).stdout) as EnvironmentsReport;
    expect(later.environments.find((env) => env.path === `${TRAPS.condaListed}/bin/python`)?.notChecked).toBeUndefined();
    expect(startedInterpreters()).toEqual([]);
    // Named with --env, another user's interpreter is started: the user asked for that one.
    const named = await dlsetup(trapRoot, ['verify', '--all', '--run', '--json', '--env', OTHER_USER]);
    expect(named.stderr).toContain(`Starting ${OTHER_USER}/bin/python to read its layout`);
    expect(startedInterpreters()).toEqual(['otherUser']);
  }, 180_000);
});

describe.runIf(rootOnly)('verify --all reads environments within bounds (issue 27 items 7 and 8)', () => {
  it(`${HARD_LINKS} RECORDs hard-linking one 16 MB file: verify --all answers under a 256 MB heap, the row over the limits`, async () => {
    const started = performance.now();
    const run = await dlsetup(attackRoot, ['verify', '--all', '--json'], { heapMb: 256, limitMs: 90_000 });
    expect(run.hung).toBe(false);
    expect(run.stderr).not.toContain('heap out of memory');
    const report = JSON.parse(run.stdout) as EnvironmentsReport;
    expect(report.environments.find((env) => env.path === `${BIG}/bin/python`)?.notChecked).toBe('overLimits');
    console.log(`verify --all over ${HARD_LINKS} hard-linked 16 MB RECORDs under --max-old-space-size=256: ${Math.round(performance.now() - started)} ms, exit ${run.code}`);
  }, 120_000);

  it('a FIFO METADATA, a 1 GB sparse METADATA and link loops: detect and verify --all finish with a verdict each', async () => {
    const detected = await dlsetup(attackRoot, ['detect', '--json'], { heapMb: 256, limitMs: 60_000 });
    expect(detected.hung).toBe(false);
    expect(detected.code).toBe(0);
    const run = await dlsetup(attackRoot, ['verify', '--all', '--json'], { heapMb: 256, limitMs: 60_000 });
    expect(run.hung).toBe(false);
    const rows = new Map((JSON.parse(run.stdout) as EnvironmentsReport).environments.map((env) => [env.path, env]));
    const framework = (prefix: string, name: string) => rows.get(`${prefix}/bin/python`)?.frameworks.find((fw) => fw.framework === name);
    expect(framework(FIFO_ENV, 'pytorch')).toMatchObject({ verdict: 'broken', detail: expect.stringContaining('torch-2.5.1.dist-info/METADATA') });
    // Its header is the file's first bytes; the gigabyte of zeros after it is never read.
    expect(framework(SPARSE, 'tensorflow')).toMatchObject({ version: '2.15.0' });
    expect(framework(LOOP, 'jax')).toMatchObject({ verdict: 'broken' });
    expect(framework(LOOP, 'pytorch')).toMatchObject({ verdict: 'broken' });
  }, 150_000);

  it('a METADATA Version with escapes appended is unreadable (broken), never "works", and reaches neither output nor history', async () => {
    const run = await dlsetup(attackRoot, ['verify', '--all', '--json'], { limitMs: 60_000 });
    const report = JSON.parse(run.stdout) as EnvironmentsReport;
    const torch = report.environments.find((env) => env.path === `${ESCAPED}/bin/python`)?.frameworks[0];
    expect(torch).toMatchObject({ framework: 'pytorch', version: '2.1.2+cu118', verdict: 'broken', detail: 'torch-2.1.2+cu118.dist-info/METADATA' });
    expect(run.stdout).not.toContain(ESC);
    const history = path.join(tmp, 'attacks', 'dlsetup-home');
    const kept = spawnSync('grep', ['-rl', 'pwned', history], { encoding: 'utf8' });
    expect(existsSync(history) ? kept.stdout : '').toBe('');
    expect(readFileSync(path.join(attackRoot, ESCAPED, SITE, 'torch-2.1.2+cu118.dist-info', 'METADATA'), 'utf8')).toContain(ESC);
  }, 90_000);
});
