import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testPlan } from '../../testkit/install/testPlan.js';
import { startForwardProxy, type TestForwardProxy } from '../../testkit/network/forwardProxy.js';
import { CREDENTIAL_SHAPES } from '../../testkit/secrets/credentialShapes.js';
import { pinLocaleEnv, runCliFromPipe } from './testIo.js';

/**
 * Issue #27 item 6, end to end: the real CLI installs with `--proxy http://user:password@127.0.0.1:PORT` and a pip
 * that prints every credential shape on stdout and stderr and fails quoting its proxy. No secret may come out of any
 * boundary: stdout (--json-progress), stderr, the run journal, the log file, the exports, the dry run, and the argv of
 * the pip DL Setup starts (what `ps` shows every user, read from the child's own /proc/<pid>/cmdline).
 */

// Shapes a child prints line by line; a PEM key's body alone on a line has no shape to recognise (unit-tested whole).
const PRINTED_SHAPES = CREDENTIAL_SHAPES.filter((shape) => !shape.line.includes('PRIVATE KEY'));
const PROXY_USER = 'tokenUser7';
const PROXY_PASSWORD = 'pr0xy%40Pass9';

let tmp: string;
let data: string;
let envDir: string;
let proxy: TestForwardProxy;
let proxyUrl: string;
let tokenProxyUrl: string;
const argvLog = () => path.join(tmp, 'pip-argv.log');
const cmdlineLog = () => path.join(tmp, 'pip-cmdline.log');
const environLog = () => path.join(tmp, 'pip-proxy-env.log');

/** A stand-in `bin/python` of the environment: answers what the framework step asks, and pip install prints secrets. */
function writeFakePython(): void {
  const shapes = path.join(tmp, 'shapes.txt');
  writeFileSync(shapes, `${PRINTED_SHAPES.map((shape) => shape.line).join('\n')}\n`);
  const python = path.join(envDir, 'bin', 'python');
  mkdirSync(path.dirname(python), { recursive: true });
  writeFileSync(
    python,
    [
      '#!/bin/sh',
      `{ printf '%s' "$0"; for a in "$@"; do printf '\\037%s' "$a"; done; printf '\\n'; } >> '${argvLog()}'`,
      // What ps shows: the kernel's copy of this process's command line.
      `{ tr '\\000' ' ' < /proc/$$/cmdline; printf '\\n'; } >> '${cmdlineLog()}'`,
      `case "$1 $2 $3" in`,
      '  "-m pip --version") echo "pip 24.0 from /fake/site-packages/pip (python 3.12)"; exit 0;;',
      '  "-m pip config") exit 0;;',
      `  "-m pip install") printf '%s\\n' "\${PIP_PROXY:-}" >> '${environLog()}'; cat '${shapes}'; cat '${shapes}' >&2`,
      '    echo "ERROR: Could not install packages due to an OSError: proxy $PIP_PROXY answered 407" >&2; exit 1;;',
      'esac',
      '[ "$1" = -c ] && { echo "{}"; exit 0; }',
      'exit 0',
    ].join('\n'),
  );
  chmodSync(python, 0o755);
}

function planFile(name: string, proxyParam?: string): string {
  const file = path.join(tmp, name);
  const params = { packages: ['dlsetup-test-alpha==1.0'], envPath: envDir, ...(proxyParam ? { proxy: proxyParam } : {}) };
  writeFileSync(file, JSON.stringify(testPlan([{ id: 'fw', kind: 'framework', title: 'Install the packages', elevated: false, params }])));
  return file;
}

const dlsetup = runCliFromPipe;

function readAll(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** Every secret each attempt carries: the proxy's user and password, then each printed shape's. */
function attempts(): { name: string; secrets: string[] }[] {
  return [{ name: 'the --proxy user and password', secrets: [PROXY_USER, PROXY_PASSWORD, 'ghTokenAsUser99'] }, ...PRINTED_SHAPES.map(({ name, secrets }) => ({ name, secrets }))];
}

/** The attempts whose secrets show in `text`, for one boundary; the tally goes to the test log for the closing note. */
function leaks(boundary: string, text: string): string[] {
  const through = attempts().filter((attempt) => attempt.secrets.some((secret) => text.includes(secret))).map((attempt) => attempt.name);
  console.log(`${boundary}: ${attempts().length} credential shapes tried, ${through.length} got through`);
  return through;
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-secrets-'));
  envDir = path.join(tmp, 'env');
  writeFakePython();
  proxy = await startForwardProxy();
  const port = new URL(proxy.url).port;
  proxyUrl = `http://${PROXY_USER}:${PROXY_PASSWORD}@127.0.0.1:${port}`;
  tokenProxyUrl = `http://ghTokenAsUser99@127.0.0.1:${port}`;
});
afterAll(async () => {
  await proxy.close();
  rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  data = mkdtempSync(path.join(tmp, 'data-'));
  for (const file of [argvLog(), cmdlineLog(), environLog()]) rmSync(file, { force: true });
  pinLocaleEnv(vi.stubEnv, 'en_US.UTF-8');
  vi.stubEnv('HOME', path.join(tmp, 'home'));
  vi.stubEnv('DLSETUP_HOME', data);
  vi.stubEnv('PIP_PROXY', undefined);
});
afterEach(() => vi.unstubAllEnvs());

describe('secrets stay out of every boundary of a real install', () => {
  it('--json-progress, stderr, the journal, the log and pip\'s command line hold no credential; pip gets its proxy in its environment', async () => {
    const plan = planFile('plan.json');
    const run = await dlsetup(['install', '--plan', plan, '--yes', '--json-progress', '--proxy', proxyUrl]);
    expect(run.code, run.stderr).toBe(1);
    const events = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; line?: string; message?: string; runId: string });
    // pip ran and its output and failure came through (redacted), so the boundaries below were really crossed.
    expect(events.some((event) => event.type === 'step-log' && event.line?.includes('[redacted]'))).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', state: 'failed' });
    expect(events.at(-1)?.message).toContain(`http://[redacted]@127.0.0.1:${new URL(proxy.url).port}`);
    const journal = read(path.join(data, 'runs', `${events[0]!.runId}.jsonl`));
    expect(journal).toContain(`"proxy":"http://127.0.0.1:${new URL(proxy.url).port}"`);

    expect(leaks('--json-progress stdout', run.stdout)).toEqual([]);
    expect(leaks('stderr', run.stderr)).toEqual([]);
    expect(leaks('run journal', journal)).toEqual([]);
    expect(leaks('log file', readAll(path.join(data, 'logs')))).toEqual([]);
    expect(leaks('pip argv', read(argvLog()))).toEqual([]);
    expect(leaks('pip /proc/<pid>/cmdline', read(cmdlineLog()))).toEqual([]);
    expect(read(cmdlineLog())).toContain('-m pip install');
    // The credentials did reach pip, through the environment only its own user can read.
    expect(read(environLog()).trim()).toBe(proxyUrl);

    // Resume takes the password again from the user: the journal never had it.
    const resumed = await dlsetup(['install', '--resume', events[0]!.runId, '--yes', '--json-progress', '--proxy', proxyUrl]);
    expect(resumed.code, resumed.stderr).toBe(1);
    expect(read(environLog()).trim().split('\n')).toEqual([proxyUrl, proxyUrl]);
    expect(leaks('resumed --json-progress stdout', resumed.stdout)).toEqual([]);
    expect(leaks('resumed run journal', read(path.join(data, 'runs', `${events[0]!.runId}.jsonl`)))).toEqual([]);
  });

  it('the text progress (--verbose) on stderr with a token as the proxy user name', async () => {
    const run = await dlsetup(['install', '--plan', planFile('plan.json'), '--yes', '--verbose', '--proxy', tokenProxyUrl]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[redacted]');
    expect(leaks('text progress stderr', run.stderr)).toEqual([]);
    expect(leaks('stdout', run.stdout)).toEqual([]);
    expect(leaks('log file (text run)', readAll(path.join(data, 'logs')))).toEqual([]);
    expect(leaks('pip argv (text run)', read(argvLog()))).toEqual([]);
    expect(read(environLog()).trim()).toBe(tokenProxyUrl);
  });

  it('the dry run and every export write the proxy without its user name and password', async () => {
    const plan = planFile('plan-with-proxy.json', proxyUrl);
    const dry = await dlsetup(['install', '--plan', plan, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(leaks('dry run', dry.stdout + dry.stderr)).toEqual([]);
    expect(dry.stdout).toContain(`# pip gets the proxy http://127.0.0.1:${new URL(proxy.url).port} in its environment (PIP_PROXY)`);
    for (const format of ['shell', 'ansible', 'dockerfile']) {
      const out = path.join(tmp, `export-${format}`);
      const exported = await dlsetup(['export', '--plan', plan, '--format', format, '--out', out]);
      expect(exported.code, exported.stderr).toBe(0);
      const text = readAll(out);
      expect(text).toContain(`127.0.0.1:${new URL(proxy.url).port}`);
      expect(text).not.toContain('--proxy');
      expect(leaks(`${format} export`, text + exported.stdout + exported.stderr)).toEqual([]);
      if (format === 'dockerfile') expect(text).toMatch(/^RUN --mount=type=secret,id=pip_proxy,env=PIP_PROXY \["\/opt\/venv\/bin\/python"/m);
      if (format === 'shell') expect(text).toContain('PIP_PROXY=$DLSETUP_PIP_PROXY; export PIP_PROXY');
      if (format === 'ansible') expect(text).toContain('PIP_CONFIG_FILE');
    }
  });
});
