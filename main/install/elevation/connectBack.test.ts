import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../../shared/types/install.js';
import type { StepContextSinks } from '../stepContext.js';
import type { JournalChange } from '../journal/journalEntry.js';
import { buildHelperBundle } from '../../../testkit/install/helperBundle.js';
import { CONNECT_FLAG, TOKEN_FLAG, connectBackArgs, listenForHelper, parseConnectBackArgs } from './connectBack.js';
import { startConnectBackElevation, type HelperLauncher } from './connectBackElevation.js';
import type { HelperReply } from './helperProtocol.js';
import { uacLaunchFailure } from './uacLaunch.js';

const RUN_ID = '20250101-000000-abcdef';
let tmp: string;
let bundle: string;
const saved = { ...process.env };
const children: ChildProcess[] = [];

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-connect-'));
  bundle = await buildHelperBundle();
  mkdirSync(path.join(tmp, 'root', 'etc', 'profile.d'), { recursive: true });
  mkdirSync(path.join(tmp, 'root', 'etc', 'ld.so.conf.d'), { recursive: true });
  mkdirSync(path.join(tmp, 'bin'));
  writeFileSync(path.join(tmp, 'bin', 'ldconfig'), `#!/bin/sh\necho ldconfig >> "${tmp}/ldconfig.log"\n`);
  chmodSync(path.join(tmp, 'bin', 'ldconfig'), 0o755);
  Object.assign(process.env, {
    DLSETUP_HELPER_ENTRY: bundle,
    DLSETUP_HOME: path.join(tmp, 'home'),
    DLSETUP_SYSROOT: path.join(tmp, 'root'),
    PATH: `${path.join(tmp, 'bin')}:${saved.PATH}`,
  });
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(bundle, { force: true });
  process.env = saved;
});

/** Starts the real helper entry as a plain child (no UAC): stdin closed, so the socket is its only way in. */
function startHelper(argv: string[]): { child: ChildProcess; exit: Promise<{ code: number | null; stderr: string }> } {
  const child = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout!.resume();
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stderr })));
  return { child, exit };
}

function recordingSinks() {
  const changes: JournalChange[] = [];
  const commands: CommandRecord[] = [];
  const lines: string[] = [];
  const sinks: StepContextSinks = {
    log: (_stream, line) => lines.push(line),
    progress: () => undefined,
    record: (change) => changes.push(change),
    command: (record) => commands.push(record),
  };
  return { sinks, changes, commands, lines };
}

function refusedConnection(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('the connect-back helper (the transport UAC uses), end to end on this machine without UAC', () => {
  it('runs a real elevated step through the helper that connected back, then shuts it down', async () => {
    let started: ReturnType<typeof startHelper> | undefined;
    let helperArgv: string[] = [];
    const launch: HelperLauncher = async (helper) => {
      helperArgv = helper;
      started = startHelper(helper);
    };
    const channel = await startConnectBackElevation(RUN_ID, launch);
    expect(channel.mode).toBe('uac');
    expect(helperArgv.slice(0, 2)).toEqual([process.execPath, bundle]);
    expect(helperArgv[2]).toMatch(new RegExp(`^${CONNECT_FLAG}=127\\.0\\.0\\.1:\\d+$`));
    expect(helperArgv[3]).toMatch(new RegExp(`^${TOKEN_FLAG}=[0-9a-f]{64}$`));

    const { sinks, changes, commands } = recordingSinks();
    const result = await channel.runStep('env', 'env-vars', { scope: 'system', cudaHome: '/usr/local/cuda-12.4' }, sinks, new AbortController().signal);
    expect(result).toBeTypeOf('object');
    expect(readFileSync(path.join(tmp, 'root', 'etc', 'profile.d', 'dlsetup-cuda.sh'), 'utf8')).toContain('export CUDA_HOME=/usr/local/cuda-12.4');
    expect(readFileSync(path.join(tmp, 'root', 'etc', 'ld.so.conf.d', 'dlsetup-cuda.conf'), 'utf8')).toContain('/usr/local/cuda-12.4/lib64');
    expect(readFileSync(path.join(tmp, 'ldconfig.log'), 'utf8')).toBe('ldconfig\n');
    expect(changes.map((change) => change.type)).toContain('file-created');
    expect(commands).toEqual([expect.objectContaining({ argv: ['ldconfig'], exitCode: 0 })]);

    // The same channel refuses what the helper's allowlist refuses.
    await expect(channel.runStep('fw', 'framework', { packages: ['torch'] }, sinks, new AbortController().signal)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringContaining('"framework" is not allowed to run elevated'),
    });

    // Undo goes through the helper too, naming the step only: the helper undoes what its own journal recorded.
    const undone = await channel.undo('env', sinks);
    expect(undone.undone).toEqual(changes);
    expect(existsSync(path.join(tmp, 'root', 'etc', 'profile.d', 'dlsetup-cuda.sh'))).toBe(false);

    await channel.close();
    expect(await started!.exit).toEqual({ code: 0, stderr: '' });
  });

  it('drops a connection with a wrong token unanswered; a helper started with one exits non-zero; the right one gets in', async () => {
    const listener = await listenForHelper();
    try {
      // A stranger that guessed the port: wrong token, and a hello right behind it in the same packet.
      const received = await new Promise<string>((resolve) => {
        let text = '';
        const socket = net.connect(listener.port, '127.0.0.1', () => {
          socket.write(`${JSON.stringify({ type: 'auth', token: '0'.repeat(64) })}\n${JSON.stringify({ type: 'hello', protocol: 1, runId: RUN_ID })}\n`);
        });
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(text));
      });
      expect(received).toBe('');

      // Not JSON at all, and a token of the wrong length.
      for (const first of ['rm -rf /\n', `${JSON.stringify({ type: 'auth', token: listener.token.slice(1) })}\n`]) {
        const closed = await new Promise<string>((resolve) => {
          const socket = net.connect(listener.port, '127.0.0.1', () => socket.write(first));
          let text = '';
          socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          socket.on('error', () => undefined);
          socket.on('close', () => resolve(text));
        });
        expect(closed).toBe('');
      }

      const wrong = startHelper([process.execPath, bundle, ...connectBackArgs(listener.port, 'f'.repeat(64))]);
      const wrongExit = await wrong.exit;
      expect(wrongExit.code).toBe(1);
      expect(wrongExit.stderr).toMatch(/closed the connection before sending anything \(wrong token\?\)/);

      const right = startHelper([process.execPath, bundle, ...connectBackArgs(listener.port, listener.token)]);
      const socket = await listener.accepted;
      const replies: HelperReply[] = [];
      readline.createInterface({ input: socket }).on('line', (line) => replies.push(JSON.parse(line) as HelperReply));
      socket.resume();
      socket.write(`${JSON.stringify({ type: 'hello', protocol: 1, runId: RUN_ID })}\n`);
      socket.end();
      expect(await right.exit).toMatchObject({ code: 0 });
      expect(replies).toEqual([expect.objectContaining({ type: 'ready', protocol: 1, pid: right.child.pid })]);

      // Once the helper is in, nobody else can connect.
      expect(await refusedConnection(listener.port)).toBe('ECONNREFUSED');
    } finally {
      listener.close();
    }
  });

  it('passes a declined launch on as ELEVATION_DENIED and stops listening', async () => {
    let port = 0;
    const launch: HelperLauncher = async (helper) => {
      port = Number(/:(\d+)$/.exec(helper.find((arg) => arg.startsWith(CONNECT_FLAG))!)![1]);
      throw uacLaunchFailure(1223, 'This command cannot be run due to the error: The operation was canceled by the user.');
    };
    await expect(startConnectBackElevation(RUN_ID, launch)).rejects.toMatchObject({ code: 'ELEVATION_DENIED', message: expect.stringMatching(/declined/) });
    expect(port).toBeGreaterThan(0);
    expect(await refusedConnection(port)).toBe('ECONNREFUSED');
  });

  it('gives up with ELEVATION_DENIED when the started helper never connects back', async () => {
    await expect(startConnectBackElevation(RUN_ID, async () => undefined, { connectTimeoutMs: 300 })).rejects.toMatchObject({
      code: 'ELEVATION_DENIED',
      message: expect.stringMatching(/did not connect back to DL Setup within 0 s.*Nothing was changed/),
    });
  });

  it('fails the channel when the helper dies before it is ready', async () => {
    // Connects with the right token, then hangs up without a word.
    const launch: HelperLauncher = async (helper) => {
      const target = parseConnectBackArgs(helper)!;
      const socket = net.connect(target.port, '127.0.0.1', () => socket.end(`${JSON.stringify({ type: 'auth', token: target.token })}\n`));
      socket.on('error', () => undefined);
    };
    await expect(startConnectBackElevation(RUN_ID, launch)).rejects.toMatchObject({
      code: 'ELEVATION_DENIED',
      message: expect.stringMatching(/closed its connection before it was ready/),
    });
  });
});

describe('the connect-back arguments', () => {
  const token = 'ab'.repeat(32);

  it('reads what connectBackArgs wrote, and nothing means stdin/stdout mode', () => {
    expect(parseConnectBackArgs(['node', 'helper.js', ...connectBackArgs(50000, token)])).toEqual({ host: '127.0.0.1', port: 50000, token });
    expect(parseConnectBackArgs(['node', 'helper.js'])).toBeNull();
  });

  it.each([
    ['a remote host', [`${CONNECT_FLAG}=10.0.0.5:443`, `${TOKEN_FLAG}=${token}`]],
    ['a host name', [`${CONNECT_FLAG}=localhost:443`, `${TOKEN_FLAG}=${token}`]],
    ['port 0', [`${CONNECT_FLAG}=127.0.0.1:0`, `${TOKEN_FLAG}=${token}`]],
    ['a port out of range', [`${CONNECT_FLAG}=127.0.0.1:70000`, `${TOKEN_FLAG}=${token}`]],
    ['no token', [`${CONNECT_FLAG}=127.0.0.1:5000`]],
    ['a short token', [`${CONNECT_FLAG}=127.0.0.1:5000`, `${TOKEN_FLAG}=abc`]],
    ['no address', [`${TOKEN_FLAG}=${token}`]],
  ])('refuses %s', (_what, args) => {
    expect(() => parseConnectBackArgs(args)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });

  it('makes the real helper refuse to start with an address that is not loopback', async () => {
    const { exit } = startHelper([process.execPath, bundle, `${CONNECT_FLAG}=10.0.0.5:443`, `${TOKEN_FLAG}=${token}`]);
    const { code, stderr } = await exit;
    expect(code).toBe(2);
    expect(stderr).toMatch(/must be 127\.0\.0\.1:<port>/);
  });
});
