import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mountSystemDirs } from './chroot.mjs';
import { ARCHIVES, RECIPE, writeAptProxy } from './rootCache.mjs';

/**
 * One throwaway Debian machine for a test: an overlay on the lane's cached root (the cache never changes), with
 * /proc, /sys, /dev, /run, apt's shared archive, Node and this checkout (read-only, at the same path) mounted in.
 */
export interface DistroMachine {
  root: string;
  /** Runs argv in the machine (as root, or as the recipe's user who reaches root through sudo). */
  run(argv: string[], options?: RunOptions): Promise<Ran>;
  /** Starts argv in the machine without waiting (an apt-get that holds the lock). */
  start(argv: string[], options?: RunOptions): ReturnType<typeof spawn>;
  /** Mounts a tmpfs of `size` at `where` inside the machine. */
  mountTmpfs(where: string, size: string): void;
  /** Bind-mounts a host file over a file inside the machine (a /proc file after the "restart"). */
  bindFile(from: string, where: string): void;
  /** Unmounts what mountTmpfs and bindFile mounted. */
  unmountExtra(): void;
  close(): void;
}

export interface RunOptions {
  user?: 'root' | 'student';
  env?: Record<string, string>;
  input?: string;
}

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  output: string;
}

const RUNS = '/tmp/dlsetup-distro-runs';
const PATH = '/opt/dlsetup-node:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
export const REPO = path.resolve(import.meta.dirname, '..', '..');
/** The CLI and helper bundles scripts/testDistro.mjs builds from this checkout's source. */
export const APP = process.env.DLSETUP_DISTRO_APP ?? path.join(REPO, 'node_modules', '.cache', 'dlsetup-distro', 'app');
export const DLSETUP = ['node', path.join(APP, 'bin', 'dlsetup.js')];

export function laneEnv(): { root: string; proxy: string } {
  const root = process.env.DLSETUP_DISTRO_ROOT;
  const proxy = process.env.DLSETUP_DISTRO_PROXY;
  if (!root || !proxy) throw new Error('Run the distro lane with `npm run test:distro` (it builds the root and starts the proxy).');
  return { root, proxy };
}

export function bootMachine(options: { archives?: string; proxy?: string; binds?: { from: string; to: string; readOnly?: boolean }[] } = {}): DistroMachine {
  const lane = laneEnv();
  mkdirSync(RUNS, { recursive: true });
  const dir = mkdtempSync(path.join(RUNS, 'm-'));
  const [upper, work, root] = ['upper', 'work', 'root'].map((name) => path.join(dir, name)) as [string, string, string];
  for (const folder of [upper, work, root]) mkdirSync(folder);
  execFileSync('mount', ['-t', 'overlay', 'overlay', '-o', `lowerdir=${lane.root},upperdir=${upper},workdir=${work}`, root]);
  const unmountSystem = mountSystemDirs(root, {
    archives: options.archives ?? ARCHIVES,
    binds: [
      { from: process.execPath, to: 'opt/dlsetup-node/node', readOnly: true },
      { from: REPO, to: REPO.slice(1), readOnly: true },
      // Host folders a test lends the machine (a host's /usr/local/cuda-13.0, read-only); `to` is relative to the root.
      ...(options.binds ?? []),
    ],
  });
  writeAptProxy(root, options.proxy ?? lane.proxy);
  const extra: string[] = [];
  const argvFor = (argv: string[], opts: RunOptions) => {
    const user = opts.user ?? 'root';
    const home = user === 'root' ? '/root' : `/home/${RECIPE.user}`;
    const helper = process.env.DLSETUP_HELPER_ENTRY ? { DLSETUP_HELPER_ENTRY: process.env.DLSETUP_HELPER_ENTRY } : {};
    const env = { PATH, HOME: home, LANG: 'C.UTF-8', USER: user, LOGNAME: user, ...helper, ...opts.env };
    return ['chroot', ...(user === 'root' ? [] : [`--userspec=${RECIPE.user}:${RECIPE.user}`]), root, 'env', '-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...argv];
  };
  const machine: DistroMachine = {
    root,
    start(argv, opts = {}) {
      const [command, ...args] = argvFor(argv, opts);
      return spawn(command!, args, { stdio: ['pipe', 'pipe', 'pipe'], cwd: '/' });
    },
    run(argv, opts = {}) {
      const child = machine.start(argv, opts);
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (chunk) => (stdout += chunk));
      child.stderr!.on('data', (chunk) => (stderr += chunk));
      // A command that exits without reading its input (dpkg --audit) closes the pipe first: EPIPE is no failure.
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(opts.input ?? '');
      return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr, output: `${stdout}\n${stderr}` })));
    },
    mountTmpfs(where, size) {
      const target = path.join(root, where);
      mkdirSync(target, { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', target]);
      extra.push(target);
    },
    bindFile(from, where) {
      const target = path.join(root, where);
      execFileSync('mount', ['--bind', from, target]);
      extra.push(target);
    },
    unmountExtra() {
      for (const target of extra.splice(0).reverse()) spawnSync('umount', ['--lazy', target]);
    },
    close() {
      machine.unmountExtra();
      unmountSystem();
      spawnSync('umount', ['--lazy', root]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return machine;
}

/** Writes a plan file where the machine's user can read it; returns its path inside the machine. */
export function writePlan(machine: DistroMachine, name: string, plan: unknown): string {
  const inside = `/tmp/${name}.json`;
  writeFileSync(path.join(machine.root, inside), JSON.stringify(plan, null, 2), { mode: 0o644 });
  return inside;
}
