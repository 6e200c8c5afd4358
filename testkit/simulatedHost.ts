/**
 * Simulated hosts (docs/design.md §4): a temp dir that stands in for a machine's file system (DLSETUP_SYSROOT) plus a bin/ of
 * fake tools that print real captured output. Used by unit, e2e and other services' tests.
 *
 *   const host = await createSimulatedHost({
 *     files: { '/etc/os-release': 'ID=ubuntu\nVERSION_ID="22.04"\n', '/proc/driver/nvidia/version': { fixture: 'proc-driver/x.txt' } },
 *     symlinks: { '/usr/local/cuda': '/usr/local/cuda-12.4' },           // link → host path; resolves inside the root
 *     executables: { '/usr/local/cuda-12.4/bin/nvcc': { stdout: { fixture: 'nvcc/nvcc_11.0.221.txt' } } },
 *     tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-table/h200_driver590.48.01.txt' } }, lspci: { exitCode: 1, stderr: 'boom' } },
 *     unreadable: ['/proc/modules'],                                      // becomes a directory: reading it fails even as root
 *     isolatePath: true,                                                  // PATH = bin/ + sh/cat/sleep/env only
 *   });
 *   Object.assign(process.env, host.env);   // or pass host.env to a child process
 *   ...
 *   await host.cleanup();
 *
 * - files: host path → text, or {fixture: 'dir/file'} read from the repository's fixtures/ (the real capture).
 * - tools: command name → fake tool. stdout/stderr are text or {fixture}; exitCode defaults to 0; sleepSeconds makes it hang.
 *   A tool the map does not name is absent from bin/. With isolatePath the rest of PATH is only a folder of links to the basic
 *   system tools the fakes need (plus `systemTools`), so a host without `nvcc` really has no nvcc, whatever this machine has.
 *   Without isolatePath, bin/ comes first and the system PATH follows it.
 * - The fake scripts call cat/sleep by absolute path and never interpolate: they are safe to run anywhere.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fixturePath } from './fixturePath.js';

export type FakeOutput = string | { fixture: string };

export interface FakeTool {
  stdout?: FakeOutput;
  stderr?: FakeOutput;
  exitCode?: number;
  sleepSeconds?: number;
  /** Answers that depend on the arguments: the first entry whose `args` text occurs in "$*" wins, else the defaults above. */
  when?: (Omit<FakeTool, 'when'> & { args: string })[];
}

export interface SimulatedHostOptions {
  files?: Record<string, FakeOutput>;
  symlinks?: Record<string, string>;
  /** Executable fakes placed inside the root at host paths (a toolkit's bin/nvcc). */
  executables?: Record<string, FakeTool>;
  tools?: Record<string, FakeTool>;
  /** Host paths that exist but cannot be read as files. */
  unreadable?: string[];
  isolatePath?: boolean;
  /** Extra real commands to keep on an isolated PATH (e.g. 'python3'). */
  systemTools?: string[];
}

export interface SimulatedHost {
  root: string;
  binDir: string;
  env: { DLSETUP_SYSROOT: string; PATH: string; DLSETUP_HOME: string };
  cleanup(): Promise<void>;
}

const BASIC_TOOLS = ['sh', 'cat', 'sleep', 'env'];

function which(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  throw new Error(`simulatedHost: "${name}" is not on this machine's PATH.`);
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export async function createSimulatedHost(options: SimulatedHostOptions = {}): Promise<SimulatedHost> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'dlsetup-host-'));
  const root = path.join(base, 'root');
  const binDir = path.join(base, 'bin');
  const dataDir = path.join(base, 'tool-output');
  const systemDir = path.join(base, 'system-bin');
  await Promise.all([mkdir(root), mkdir(binDir), mkdir(dataDir), mkdir(systemDir)]);
  const inRoot = (hostPath: string) => path.join(root, hostPath);
  const cat = which('cat');
  const sleep = which('sleep');
  const sh = which('sh');
  let counter = 0;

  const outputFile = async (output: FakeOutput | undefined): Promise<string | null> => {
    if (output === undefined) return null;
    if (typeof output !== 'string') return fixturePath(output.fixture);
    const file = path.join(dataDir, `out-${counter++}.txt`);
    await writeFile(file, output);
    return file;
  };

  const answer = async (tool: Omit<FakeTool, 'when'>): Promise<string[]> => {
    const [stdout, stderr] = await Promise.all([outputFile(tool.stdout), outputFile(tool.stderr)]);
    const lines: string[] = [];
    // Sleep in the background with its own stdio so a SIGTERM (a caller's timeout) ends the fake at once, like a real tool.
    if (tool.sleepSeconds) lines.push(`trap 'kill $! 2>/dev/null; exit 143' TERM`, `${quote(sleep)} ${Number(tool.sleepSeconds)} </dev/null >/dev/null 2>&1 &`, 'wait $!');
    // The common case, output and success, is one process like the real tool: the shell becomes cat.
    if (stdout && !stderr && !tool.exitCode) return [...lines, `exec ${quote(cat)} ${quote(stdout)}`];
    if (stdout) lines.push(`${quote(cat)} ${quote(stdout)}`);
    if (stderr) lines.push(`${quote(cat)} ${quote(stderr)} >&2`);
    lines.push(`exit ${Number(tool.exitCode ?? 0)}`);
    return lines;
  };

  const writeTool = async (file: string, tool: FakeTool) => {
    const lines = [`#!${sh}`];
    if (tool.when && tool.when.length > 0) {
      lines.push('case "$*" in');
      for (const branch of tool.when) lines.push(`  *${quote(branch.args)}*)`, ...(await answer(branch)).map((line) => `    ${line}`), '    ;;');
      lines.push('esac');
    }
    lines.push(...(await answer(tool)));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${lines.join('\n')}\n`);
    await chmod(file, 0o755);
  };

  for (const [hostPath, content] of Object.entries(options.files ?? {})) {
    const target = inRoot(hostPath);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, typeof content === 'string' ? content : await readFile(fixturePath(content.fixture)));
  }
  for (const [hostPath, tool] of Object.entries(options.executables ?? {})) await writeTool(inRoot(hostPath), tool);
  for (const [hostLink, hostTarget] of Object.entries(options.symlinks ?? {})) {
    const link = inRoot(hostLink);
    await mkdir(path.dirname(link), { recursive: true });
    // Relative, so following it stays inside the root instead of escaping to this machine's real path.
    await symlink(path.relative(path.dirname(hostLink), hostTarget) || '.', link);
  }
  for (const hostPath of options.unreadable ?? []) await mkdir(inRoot(hostPath), { recursive: true });
  for (const [name, tool] of Object.entries(options.tools ?? {})) await writeTool(path.join(binDir, name), tool);

  let pathValue = `${binDir}${path.delimiter}${process.env.PATH ?? ''}`;
  if (options.isolatePath) {
    for (const name of [...BASIC_TOOLS, ...(options.systemTools ?? [])]) {
      if (options.tools?.[name]) continue;
      await symlink(which(name), path.join(systemDir, name));
    }
    pathValue = `${binDir}${path.delimiter}${systemDir}`;
  }
  return {
    root,
    binDir,
    env: { DLSETUP_SYSROOT: root, PATH: pathValue, DLSETUP_HOME: path.join(base, 'dlsetup-home') },
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}

/** Runs `fn` with the host's environment applied to this process, restoring it afterwards. */
export async function withSimulatedHost<T>(host: SimulatedHost, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(host.env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, host.env);
  try {
    return await fn();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

