import { DlsetupError } from '../../shared/errors.js';
import { classifyFailure } from './failureClassifier.js';
import type { StepContext } from './installStep.js';
import type { InstallSay } from '../system/installText.js';

/** How long apt waits for another package manager before DL Setup reports APT_LOCKED. */
export function aptLockTimeoutSeconds(): number {
  const fromEnv = Number(process.env.DLSETUP_APT_LOCK_TIMEOUT_S);
  return Number.isFinite(fromEnv) && fromEnv >= 0 ? fromEnv : 300;
}

const APT_ENV = { DEBIAN_FRONTEND: 'noninteractive', LC_ALL: 'C' };

/** What apt (and Ansible's apt module) says when another program holds its lock; the exported role matches it too. */
export const APT_LOCK_TEXT = /Could not get lock|Unable to acquire the dpkg frontend lock|Unable to lock|Failed to lock apt/;

/** "Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 1234 (unattended-upgr)" → who holds it. */
export function parseLockHolder(text: string): { pid: number | null; program: string | null; lock: string | null } | null {
  const match = /Could not get lock ([^\s.]+(?:\.[^\s.]+)*)\.?(?: It is held by process (\d+)(?: \(([^)]+)\))?)?/.exec(text);
  if (!match) return null;
  return { lock: match[1] ?? null, pid: match[2] ? Number(match[2]) : null, program: match[3] ?? null };
}

function lockedError(holder: ReturnType<typeof parseLockHolder>, waited: number, say: InstallSay): DlsetupError {
  const who = holder?.program
    ? say('apt.holderProgram', { program: holder.program, pid: String(holder.pid) })
    : holder?.pid
      ? say('apt.holderPid', { pid: holder.pid })
      : say('apt.holderUnknown');
  return say.error('APT_LOCKED', 'apt.locked', { who, seconds: waited }, { detail: holder?.lock ?? undefined });
}

/**
 * Runs apt-get with a bounded wait for the dpkg lock (apt ≥ 1.9.11 waits itself with DPkg::Lock::Timeout),
 * showing the wait as progress and ending in APT_LOCKED; pmstatus lines drive the step's bar.
 */
export async function runAptGet(ctx: StepContext, args: string[], progressSpan: [number, number] = [0, 1]): Promise<void> {
  const timeout = aptLockTimeoutSeconds();
  let waitingShown = false;
  let lockText = '';
  // Status on its own fd: with APT::Status-Fd=1 apt takes stdout from dpkg's maintainer scripts, and every postinst
  // that prints (update-initramfs, fontconfig, libnss-systemd) fails with "echo: I/O error" (issue 19, real Debian).
  const argv = ['apt-get', '-o', `DPkg::Lock::Timeout=${timeout}`, '-o', 'APT::Status-Fd=3', '-o', 'Dpkg::Use-Pty=0', ...args];
  const result = await ctx.run(argv, {
    env: APT_ENV,
    statusOnFd3: true,
    allowFailure: true,
    timeoutMs: timeout * 1000 + 60 * 60_000,
    onLine: (_stream, line) => {
      if (/Could not get lock|Waiting for cache lock/.test(line)) {
        lockText = line;
        if (!waitingShown) {
          waitingShown = true;
          const holder = parseLockHolder(line);
          const who = holder?.program ? ctx.say('apt.holderProgram', { program: holder.program, pid: String(holder.pid) }) : ctx.say('apt.holderUnknown');
          ctx.progress(null, ctx.say('apt.waitingForLock', { who, seconds: timeout }));
          ctx.log(ctx.say('apt.lockedLog', { who, seconds: timeout }));
        }
        return;
      }
      const status = /^(pmstatus|dlstatus):[^:]*:([\d.]+):(.*)$/.exec(line);
      if (status) {
        const [from, to] = progressSpan;
        const within = Number(status[2]) / 100;
        // Downloads are the first half of apt's work, unpacking and configuring the second.
        const fraction = status[1] === 'dlstatus' ? within / 2 : 0.5 + within / 2;
        ctx.progress(from + (to - from) * fraction, status[3]!);
      }
    },
  });
  if (result.exitCode === 0) return;
  const output = `${result.stderr}\n${result.stdout}`;
  if (APT_LOCK_TEXT.test(output)) {
    throw lockedError(parseLockHolder(lockText || output), timeout, ctx.say);
  }
  const unable = /E: Unable to locate package (\S+)|E: Package '([^']+)' has no installation candidate/.exec(output);
  if (unable) {
    throw ctx.say.error('NOT_FOUND', 'apt.noPackage', { name: (unable[1] ?? unable[2])! }, {
      detail: output.trim().split('\n').slice(-10).join('\n'),
    });
  }
  throw classifyFailure(result, ctx.say('failure.running', { program: `apt-get ${args.filter((a) => !a.startsWith('-')).join(' ')}` }), ctx.say);
}

/** Every package dpkg knows with its status letters ("ii", "hi", "rc" ...); DPKG_ADMINDIR points tests at their own database. */
async function debStates(ctx: StepContext): Promise<Map<string, { status: string; version: string }>> {
  const result = await ctx.run(['dpkg-query', '-W', '-f', '${Package}\\t${db:Status-Abbrev}\\t${Version}\\n'], { allowFailure: true, quiet: true, env: APT_ENV });
  const states = new Map<string, { status: string; version: string }>();
  for (const line of result.stdout.split('\n')) {
    const [name, status, version] = line.split('\t');
    if (name && status) states.set(name, { status: status.trim(), version: version ?? '' });
  }
  return states;
}

/** Installed packages by name (dpkg's view). */
export async function installedDebs(ctx: StepContext): Promise<Map<string, string>> {
  const installed = new Map<string, string>();
  // Second letter 'i': installed, whether wanted as install ('ii') or held ('hi', a pinned cuDNN build).
  for (const [name, state] of await debStates(ctx)) if (state.status[1] === 'i') installed.set(name, state.version);
  return installed;
}

/**
 * Runs `install` (apt-get or ubuntu-drivers) and journals exactly the packages that were not installed before
 * (dependencies included), so rollback purges those and nothing that was already there; packages whose config files
 * stayed from an earlier removal ("rc") are named apart, so rollback removes them without purging those files.
 */
export async function recordingNewDebs(ctx: StepContext, install: () => Promise<void>): Promise<string[]> {
  const before = await debStates(ctx);
  const isNew = (after: Map<string, { status: string }>) => [...after].filter(([name, state]) => state.status[1] === 'i' && before.get(name)?.status[1] !== 'i').map(([name]) => name).sort();
  try {
    await install();
  } finally {
    const after = await debStates(ctx).catch(() => null);
    const added = after ? isNew(after) : [];
    const keepConfig = added.filter((name) => before.get(name)?.status[1] === 'c');
    if (added.length) ctx.record({ type: 'packages-installed', manager: 'apt', packages: added, ...(keepConfig.length ? { keepConfig } : {}) });
  }
  return isNew(await debStates(ctx));
}

/** apt-get install, journalling the packages it added (recordingNewDebs). */
export async function aptInstall(
  ctx: StepContext,
  packages: string[],
  options: { noRecommends?: boolean; progressSpan?: [number, number]; allowChangeHeld?: boolean } = {},
): Promise<string[]> {
  // allowChangeHeld: a pinned name=version may replace another held build of the same package (libcudnn8).
  const held = options.allowChangeHeld ? ['--allow-downgrades', '--allow-change-held-packages'] : [];
  return recordingNewDebs(ctx, () => runAptGet(ctx, ['install', '--yes', ...held, ...(options.noRecommends ? ['--no-install-recommends'] : []), ...packages], options.progressSpan));
}

/** The version apt would install, or null when no configured repository has the package. */
export async function aptCandidate(ctx: StepContext, name: string): Promise<string | null> {
  const result = await ctx.run(['apt-cache', 'policy', name], { allowFailure: true, quiet: true, env: APT_ENV });
  const candidate = /Candidate:\s*(\S+)/.exec(result.stdout)?.[1];
  return candidate && candidate !== '(none)' ? candidate : null;
}
