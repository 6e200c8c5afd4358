// Issue 27, item 8: control and bidi characters from outside input (a GPU name, a METADATA Version, an environment
// folder's name, pasted text, an error's subject, an older history file) reach the terminal and the history only
// escaped. Runs the real CLI: main() as the CLI tests do, and the built `dlsetup` as a process whose raw bytes are read.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildInstalledCli } from '../../testkit/buildInstalledCli.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { attacksThrough, dangerousCodePoints, taggedAttacks } from '../../testkit/terminal/terminalAttacks.js';
import { environmentFiles, environmentPrefix, torch } from '../../testkit/verify/environments.js';
import { GT1030_FILES, GT1030_XML_470 } from '../../testkit/verify/gt1030Host.js';
import type { CliIo } from './cliCommand.js';
import { main } from './main.js';
import { captureIo, pinLocaleEnv } from './testIo.js';

/** Every attack, each after its {name} tag; a file or folder name holds neither `/` nor NUL; a text with NUL is binary. */
const ALL = taggedAttacks();
const IN_NAMES = taggedAttacks((attack) => !attack.includes('/') && !attack.includes('\u0000'));
const IN_TEXT = taggedAttacks((attack) => !attack.includes('\u0000'));
/** What an older history file can hold that its reader's schema lets through: the direction marks. */
const OLDER_FILE = ALL.filter(([name]) => name === 'directionMarks');
const joined = (tagged: readonly [string, string][]) => tagged.map(([, attack]) => attack).join('');

const GPU_NAME = `NVIDIA GeForce GT 1030${joined(ALL)}`;
const PASTED = `Traceback (most recent call last):\n${joined(IN_TEXT)}\nImportError: libcudart.so.11.0: cannot open shared object file: No such file or directory${joined(IN_TEXT)}\n`;
/** One environment per attack in its folder name, one per attack in its torch METADATA Version. */
const EVIL_FOLDERS = IN_NAMES.map(([, attack]) => ({ name: `evil${attack}`, python: '3.11.9', dists: [torch('2.1.2+cu118')] }));
const EVIL_VERSIONS = IN_NAMES.map(([name, attack]) => ({ name: `version-${name}`, python: '3.10.14', dists: [torch(`2.1.2+cu118${attack}`)] }));

/** Per source: attacks tried and those that reached the bytes raw. */
const tried = new Map<string, { attempts: number; through: number }>();
function record(source: string, tagged: readonly [string, string][], text: string): void {
  const entry = tried.get(source) ?? { attempts: 0, through: 0 };
  entry.attempts += tagged.length;
  entry.through += attacksThrough(text, tagged).length;
  tried.set(source, entry);
}

let host: SimulatedHost;
let pasteDir: string;
let pastedFile: string;

beforeAll(async () => {
  host = await createSimulatedHost({
    isolatePath: true,
    files: { ...GT1030_FILES, ...environmentFiles([...EVIL_FOLDERS, ...EVIL_VERSIONS]) },
    tools: { 'nvidia-smi': { stdout: GT1030_XML_470.replace('NVIDIA GeForce GT 1030', GPU_NAME) } },
  });
  // A run kept raw by an older DL Setup: an environment gone since, whose name this run's "since" lines name. The
  // schema refuses C0, C1 and bidi overrides when it is read back; the marks it lets pass must reach the terminal escaped.
  const gone = { path: '/opt/gone/bin/python', name: `gone${OLDER_FILE[0]![1]}`, kind: 'venv', python: '3.11', bundled: {}, verdict: 'works', frameworks: [{ framework: 'pytorch', distribution: 'torch', version: '2.1.2', variant: null, kind: 'cuda', verdict: 'works' }] };
  const older = { createdAt: '2020-01-01T00:00:00.000Z', driver: '470.74', gpu: null, environments: [gone], durationMs: 12 };
  const unescapedJson = JSON.stringify(older);
  mkdirSync(path.join(host.env.DLSETUP_HOME, 'reports'), { recursive: true });
  writeFileSync(path.join(host.env.DLSETUP_HOME, 'reports', 'environments-2020-01-01T00-00-00-000Z.json'), unescapedJson);
  pasteDir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-paste-'));
  pastedFile = path.join(pasteDir, 'pasted.txt');
  writeFileSync(pastedFile, PASTED);
}, 60_000);

afterAll(async () => {
  await host?.cleanup();
  if (pasteDir) rmSync(pasteDir, { recursive: true, force: true });
  for (const [source, { attempts, through }] of tried) console.log(`terminal-safe output, ${source}: ${attempts} attacks tried, ${through} got through`);
});

async function runCli(argv: string[], options: { colour?: boolean } = {}): Promise<{ code: number; out: string; err: string; both: string }> {
  pinLocaleEnv(vi.stubEnv, 'en_US.UTF-8');
  const io = captureIo();
  const terminal: CliIo = { ...io, color: Boolean(options.colour) };
  try {
    const code = await withSimulatedHost(host, () => main(argv, terminal));
    return { code, out: io.stdout(), err: io.stderr(), both: io.stdout() + io.stderr() };
  } finally {
    vi.unstubAllEnvs();
  }
}

describe('dlsetup prints outside text escaped (main() with a captured terminal)', () => {
  it('detect: the GPU name from nvidia-smi is shown escaped, in the table and in --json', async () => {
    const text = await runCli(['detect', '--quick']);
    record('GPU name (detect)', ALL, text.both);
    expect(text.out).toContain('GT 1030{oscWindowTitle}\\u001b]0;pwned\\u0007');
    expect(dangerousCodePoints(text.both)).toEqual([]);
    const json = await runCli(['detect', '--quick', '--json']);
    record('GPU name (detect --json)', ALL, json.both);
    expect(dangerousCodePoints(json.both)).toEqual([]);
    expect((JSON.parse(json.out) as { gpus: { name: string }[] }).gpus.map((gpu) => gpu.name)).toContain(GPU_NAME);
  }, 60_000);

  it("detect with colour on: the product's own colour codes are the only escape sequences; its look-alike from outside is escaped", async () => {
    const text = await runCli(['detect', '--quick'], { colour: true });
    record('GPU name (detect, colour on)', ALL, text.both);
    expect(text.out).toContain('\u001b[1m');
    expect(text.out).toContain('{productLookalikeRed}\\u001b[31m');
    expect(dangerousCodePoints(text.both, true)).toEqual([]);
  }, 60_000);

  it("verify --all: folder names, versions and an older file's names are escaped; the history file holds none raw", async () => {
    const run = await runCli(['verify', '--all']);
    record('environment folder name (verify --all)', IN_NAMES, run.both);
    record('METADATA Version (verify --all)', IN_NAMES, run.both);
    record('older history file read back (verify --all)', OLDER_FILE, run.both);
    expect(run.both).toContain('evil{oscWindowTitle}\\u001b]0;pwned\\u0007');
    expect(run.both).toContain('gone{directionMarks}\\u200e\\u200f\\u061c');
    expect(dangerousCodePoints(run.both)).toEqual([]);
    const json = await runCli(['verify', '--all', '--json']);
    record('environment folder name (verify --all --json)', IN_NAMES, json.both);
    expect(dangerousCodePoints(json.both)).toEqual([]);
    const report = JSON.parse(json.out) as { environments: { path: string }[] };
    expect(report.environments.map((env) => env.path)).toContain(path.join(environmentPrefix(EVIL_FOLDERS[0]!.name), 'bin', 'python'));
    const reports = path.join(host.env.DLSETUP_HOME, 'reports');
    const kept = readdirSync(reports).filter((name) => name.startsWith('environments-') && !name.startsWith('environments-2020'));
    expect(kept.length).toBeGreaterThanOrEqual(2);
    for (const name of kept) {
      const bytes = readFileSync(path.join(reports, name), 'utf8');
      record('history file kept (environments)', [...IN_NAMES, ...IN_NAMES], bytes);
      expect(dangerousCodePoints(bytes), name).toEqual([]);
      expect(bytes).toContain('evil{oscWindowTitle}\\u001b]0;pwned\\u0007');
    }
  }, 60_000);

  it("diagnose: pasted text echoed as evidence, and the machine's GPU name, are escaped; with colour on and in --json too", async () => {
    const text = await runCli(['diagnose', pastedFile]);
    record('pasted text (diagnose)', IN_TEXT, text.both);
    expect(text.code).toBe(0);
    // The diagnoser drops whole escape sequences from what it reads; the C1 and bidi characters it keeps are shown escaped.
    expect(text.out).toContain('No such file or directory{oscWindowTitle}{clearScreen}{c1CsiRed}\\u009b31m{rightToLeftOverride}\\u202e');
    expect(dangerousCodePoints(text.both)).toEqual([]);
    const coloured = await runCli(['diagnose', pastedFile], { colour: true });
    record('pasted text (diagnose, colour on)', IN_TEXT, coloured.both);
    expect(coloured.out).toContain('\u001b[31m');
    expect(dangerousCodePoints(coloured.both, true)).toEqual([]);
    const json = await runCli(['diagnose', pastedFile, '--json']);
    record('pasted text (diagnose --json)', IN_TEXT, json.both);
    expect(dangerousCodePoints(json.both)).toEqual([]);
    expect(() => JSON.parse(json.out)).not.toThrow();
  }, 60_000);

  it('errors: a path and a command name from the command line are named escaped, in text and in --json', async () => {
    const missingPath = path.join(pasteDir, `missing${joined(IN_NAMES)}`.slice(0, 250));
    const missing = await runCli(['diagnose', missingPath]);
    const json = await runCli(['diagnose', missingPath, '--json']);
    const unknown = await runCli([`frob${joined(ALL)}`]);
    record('error message (sayError: a path)', IN_NAMES.filter(([, attack]) => missingPath.includes(attack)), missing.both + json.both);
    record('error message (usage: a command name)', ALL, unknown.both);
    expect(missing.err).toContain('missing{oscWindowTitle}\\u001b]0;pwned\\u0007');
    expect(unknown.code).toBe(2);
    expect(dangerousCodePoints(missing.both + json.both + unknown.both)).toEqual([]);
  }, 60_000);
});

describe('the built dlsetup as a process', () => {
  let cliDir: string;
  beforeAll(async () => {
    cliDir = await buildInstalledCli('terminal-safety');
  }, 120_000);
  afterAll(() => cliDir && rmSync(cliDir, { recursive: true, force: true }));

  /** The raw bytes of stdout and stderr together. */
  function rawBytes(args: string[], input?: string): Buffer {
    const env = { ...process.env, ...host.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'en_US.UTF-8' };
    const result = spawnSync(process.execPath, [path.join(cliDir, 'bin', 'dlsetup.js'), ...args], { env, input, timeout: 60_000 });
    return Buffer.concat([result.stdout, result.stderr]);
  }

  /** UTF-8 with no control byte but \n and \t (a lone 0x9B would be an 8-bit CSI), no DEL, no C1 or bidi character. */
  function expectClean(bytes: Buffer, source: string, tagged: readonly [string, string][]): void {
    const text = bytes.toString('utf8');
    record(source, tagged, text);
    expect(Buffer.from(text, 'utf8').equals(bytes), source).toBe(true);
    expect([...bytes].filter((byte) => (byte < 0x20 && byte !== 0x0a && byte !== 0x09) || byte === 0x7f), source).toEqual([]);
    expect(dangerousCodePoints(text), source).toEqual([]);
  }

  it('detect, verify --all and diagnose - (pasted on stdin) write no raw escape, C1 or bidi byte', () => {
    const detect = rawBytes(['detect', '--quick']);
    expect(detect.toString('utf8')).toContain('GT 1030{oscWindowTitle}\\u001b]0;pwned');
    expectClean(detect, 'GPU name (built CLI, detect)', ALL);
    const all = rawBytes(['verify', '--all']);
    expect(all.toString('utf8')).toContain('evil{oscWindowTitle}\\u001b]0;pwned');
    expectClean(all, 'folder name and version (built CLI, verify --all)', [...IN_NAMES, ...IN_NAMES]);
    const pasted = rawBytes(['diagnose', '-', '--no-machine'], PASTED);
    expect(pasted.toString('utf8')).toContain('No such file or directory');
    expectClean(pasted, 'pasted text (built CLI, diagnose -)', IN_TEXT);
    expectClean(rawBytes(['diagnose', '-', '--no-machine', '--json'], PASTED), 'pasted text (built CLI, diagnose - --json)', IN_TEXT);
  }, 120_000);
});
