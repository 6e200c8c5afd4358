import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { sampleReport } from '../../testkit/verify/sampleReport.js';
import { buildInstalledCli } from '../../testkit/buildInstalledCli.js';

/** Issue 15 item 7: the files and flags an attacker (or a slip) hands the real `dlsetup`, run as a real process. */

let tmp: string;
let cliDir: string;
let fifo: string;
let plan: string;
beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-bad-inputs-'));
  cliDir = await buildInstalledCli('bad-inputs');
  fifo = path.join(tmp, 'plan.fifo');
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  plan = path.join(tmp, 'plan.json');
  writeFileSync(plan, JSON.stringify(examplePlan('rtx4090Wheels')));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(cliDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when it had to be killed: the hang the issue reports. */
  hung: boolean;
}

/** Runs `dlsetup ...args` as installed; kills it after `limitMs` (a hang is a failure, not a stuck suite). */
function dlsetup(args: string[], limitMs = 10_000, stdin: 'ignore' | number = 'ignore'): Promise<Run> {
  const child = spawn(process.execPath, [path.join(cliDir, 'bin', 'dlsetup.js'), ...args], {
    stdio: [stdin, 'pipe', 'pipe'],
    env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'en_US.UTF-8', NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  let hung = false;
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => {
    hung = true;
    child.kill('SIGKILL');
  }, limitMs);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, hung });
    }),
  );
}

/** The one-line failure a person should see: the command, a sentence naming the file, the code; exit 1. */
function expectRefused(run: Run, command: string, file: string, why: RegExp) {
  expect(run.hung, `${command} ${file} hung`).toBe(false);
  expect(run.code, run.stderr).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(new RegExp(`^dlsetup ${command}: .*\\[INVALID_ARGUMENT\\]\\n$`));
  expect(run.stderr).toContain(file);
  expect(run.stderr).toMatch(why);
}

describe('--plan and diagnose FILE refuse what is not a regular file, before reading it', () => {
  it('a FIFO nobody writes to: refused at once instead of blocking forever', async () => {
    expectRefused(await dlsetup(['export', '--plan', fifo, '--format', 'shell']), 'export', fifo, /named pipe/);
    expectRefused(await dlsetup(['install', '--plan', fifo, '--dry-run']), 'install', fifo, /named pipe/);
    expectRefused(await dlsetup(['diagnose', fifo, '--no-machine']), 'diagnose', fifo, /named pipe/);
  }, 60_000);

  it('/dev/zero: refused as a device instead of reading zeros for 11 s', async () => {
    expectRefused(await dlsetup(['export', '--plan', '/dev/zero', '--format', 'shell']), 'export', '/dev/zero', /device/);
    expectRefused(await dlsetup(['diagnose', '/dev/zero', '--no-machine']), 'diagnose', '/dev/zero', /device/);
  }, 60_000);

  it('a directory: refused, naming it', async () => {
    expectRefused(await dlsetup(['export', '--plan', tmp, '--format', 'shell']), 'export', tmp, /folder/);
    expectRefused(await dlsetup(['diagnose', tmp, '--no-machine']), 'diagnose', tmp, /folder/);
  }, 60_000);

  it('a plan saved with a UTF-8 byte order mark (Windows editors) is read', async () => {
    const withBom = path.join(tmp, 'bom-plan.json');
    writeFileSync(withBom, `\uFEFF${JSON.stringify(examplePlan('rtx4090Wheels'))}`);
    const run = await dlsetup(['export', '--plan', withBom, '--format', 'shell']);
    expect(run.stderr).not.toMatch(/not a DL Setup plan/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^#!\/bin\/sh\n/);
  }, 60_000);

  it('diagnose - with /dev/zero or random bytes piped in: refused (cap, then not text) instead of filling the memory', async () => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const run = await dlsetup(['diagnose', '-', '--no-machine'], 10_000, zero);
      expect(run.hung).toBe(false);
      expect(run.stderr).toBe('dlsetup diagnose: The text piped in is larger than 64 MB, the most DL Setup reads. [INVALID_ARGUMENT]\n');
      expect(run.code).toBe(1);
    } finally {
      closeSync(zero);
    }
    const noise = path.join(tmp, 'noise');
    writeFileSync(noise, Buffer.from(Array.from({ length: 65_536 }, (_, index) => (index * 7919) % 256)));
    const piped = openSync(noise, 'r');
    try {
      const run = await dlsetup(['diagnose', '-', '--no-machine'], 10_000, piped);
      expect(run.stderr).toBe("dlsetup diagnose: This is binary data, not text: paste an error message or a tool's output. [INVALID_ARGUMENT]\n");
    } finally {
      closeSync(piped);
    }
  }, 60_000);

  it('a 50 MB binary file given to diagnose: one sentence saying it is not text', async () => {
    const binary = path.join(tmp, 'core.bin');
    const bytes = Buffer.alloc(50 * 1024 * 1024);
    for (let index = 0; index < bytes.length; index += 4096) bytes.writeUInt32LE((index * 2654435761) >>> 0, index);
    writeFileSync(binary, bytes);
    expectRefused(await dlsetup(['diagnose', binary, '--no-machine']), 'diagnose', binary, /not text/);
  }, 60_000);
});

describe('export --out', () => {
  it('onto an existing file: a clear refusal, and the file is left as it was', async () => {
    const existing = path.join(tmp, 'notes.txt');
    writeFileSync(existing, 'mine\n');
    const run = await dlsetup(['export', '--plan', plan, '--format', 'shell', '--out', existing]);
    expectRefused(run, 'export', existing, /not a folder/);
    expect(readFileSync(existing, 'utf8')).toBe('mine\n');
  }, 60_000);

  it('under /proc, /sys or /dev, or onto a FIFO: refused at once, nothing created', async () => {
    for (const out of ['/proc/x', '/proc/self/x/y', '/sys/x', '/dev/x', '/dev/shm/../x']) {
      const run = await dlsetup(['export', '--plan', plan, '--format', 'shell', '--out', out]);
      expectRefused(run, 'export', out, /system folder/);
    }
    expect(existsSync('/dev/x')).toBe(false);
    expectRefused(await dlsetup(['export', '--plan', plan, '--format', 'shell', '--out', fifo]), 'export', fifo, /not a folder/);
  }, 120_000);

  it('through a symlink that leads into /proc: refused too', async () => {
    const link = path.join(tmp, 'to-proc');
    expect(spawnSync('ln', ['-s', '/proc/self', link]).status).toBe(0);
    expectRefused(await dlsetup(['export', '--plan', plan, '--format', 'shell', '--out', path.join(link, 'x')]), 'export', link, /system folder/);
  }, 60_000);

  it('into a new folder under a file: refused, not an INTERNAL error', async () => {
    const file = path.join(tmp, 'a-file');
    writeFileSync(file, '');
    expectRefused(await dlsetup(['export', '--plan', plan, '--format', 'shell', '--out', path.join(file, 'out')]), 'export', file, /not a folder/);
  }, 60_000);

  it('still writes into a new folder and an existing empty one', async () => {
    const fresh = path.join(tmp, 'new', 'deeper');
    expect((await dlsetup(['export', '--plan', plan, '--format', 'shell', '--out', fresh])).code).toBe(0);
    expect(existsSync(path.join(fresh, 'install.sh'))).toBe(true);
    const empty = path.join(tmp, 'empty');
    mkdirSync(empty);
    expect((await dlsetup(['export', '--plan', plan, '--format', 'shell', '--out', empty])).code).toBe(0);
  }, 60_000);
});

describe('fleet report DIR and --html', () => {
  it('a FIFO or a huge file named *.json in the folder is skipped with a warning, never read; --html onto a FIFO is refused', async () => {
    const dir = path.join(tmp, 'reports');
    mkdirSync(path.join(dir, 'gpu-01'), { recursive: true });
    writeFileSync(path.join(dir, 'gpu-01', 'verify-1.json'), JSON.stringify(sampleReport()));
    expect(spawnSync('mkfifo', [path.join(dir, 'gpu-01', 'verify-2.json')]).status).toBe(0);
    writeFileSync(path.join(dir, 'huge.json'), '{}');
    truncateSync(path.join(dir, 'huge.json'), 2 ** 40);
    const run = await dlsetup(['fleet', 'report', dir, '--json']);
    expect(run.hung).toBe(false);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).warnings).toEqual([expect.stringMatching(/^Skipped huge\.json: Cannot read ".*huge\.json": it is larger than 16 MB/)]);
    rmSync(path.join(dir, 'huge.json'));
    expectRefused(await dlsetup(['fleet', 'report', dir, '--html', fifo]), 'fleet', fifo, /not a regular file/);
    expectRefused(await dlsetup(['fleet', 'report', dir, '--html', '/proc/x.html']), 'fleet', '/proc/x.html', /system folder/);
    expect((await dlsetup(['fleet', 'report', dir, '--html', path.join(tmp, 'fleet.html')])).code).toBe(0);
    expect(readFileSync(path.join(tmp, 'fleet.html'), 'utf8')).toMatch(/^<!doctype html>/i);
  }, 60_000);
});

describe('verify --report', () => {
  it('onto /proc or a FIFO: refused instead of hanging after the checks ran', async () => {
    // verify prints its progress on stderr first; the refusal is its last line.
    for (const [file, why] of [['/proc/x.html', /system folder/], [fifo, /not a regular file/]] as const) {
      const run = await dlsetup(['verify', '--quick', '--report', file], 60_000);
      expect(run.hung, `verify --report ${file} hung`).toBe(false);
      expect(run.code, run.stderr).toBe(1);
      const last = run.stderr.trimEnd().split('\n').at(-1)!;
      expect(last).toMatch(/^dlsetup verify: .*\[INVALID_ARGUMENT\]$/);
      expect(last).toContain(file);
      expect(last).toMatch(why);
    }
  }, 130_000);
});

describe('flags after --version and --help', () => {
  it('--version --bogus and --help --bogus are wrong usage: one line, exit 2', async () => {
    for (const args of [['--version', '--bogus'], ['-v', 'extra'], ['--help', '--bogus'], ['export', '--help', '--bogus']]) {
      const run = await dlsetup(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout, args.join(' ')).toBe('');
      expect(run.stderr, args.join(' ')).toMatch(/^dlsetup[^\n]*"(--bogus|extra)"[^\n]*\n$/);
      expect(run.stderr.split('\n')).toHaveLength(2);
    }
    expect((await dlsetup(['--version'])).code).toBe(0);
    expect((await dlsetup(['export', '--help'])).code).toBe(0);
  }, 60_000);
});
