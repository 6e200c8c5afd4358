import { DlsetupError } from '../../../shared/errors.js';
import type { StepContext } from '../installStep.js';
import { pipReportsWithoutDownload } from '../pip/pipReport.js';
import { parsePipVersion } from '../pip/pipProgressParser.js';
import { readJournal } from '../journal/runJournal.js';

/** The pip that resolves from metadata alone (pypa/pip#13482, 25.3 release notes): the local-files path needs it. */
export const LOCAL_FILES_PIP = 'pip>=25.3';

/** Whether this run created `envPath` itself (python-env's `dir-created`, owned): rollback then removes it whole. */
export function envCreatedByRun(runId: string, envPath: string, say: StepContext['say']): boolean {
  try {
    return readJournal(runId, say).some((entry) => entry.t === 'change' && entry.change.type === 'dir-created' && entry.change.owned === true && entry.change.path === envPath);
  } catch {
    return false;
  }
}

export interface PipUpgradeOptions {
  python: string;
  envPath: string;
  pipVersion: string;
  /** The step's `pip install …` argv for `pip>=25.3` (its index and mirror flags): pip comes from the same index. */
  upgradeArgv: string[];
  /** pip's environment (pipEnvironment: its proxy among them, never in argv). */
  env: Record<string, string>;
}

/**
 * The pip to use for the local-files path: in an environment this run created, a pip older than 25.3 is upgraded
 * first (a small wheel from the step's own index); a user's environment keeps its pip. Returns the pip version now
 * in the environment; on a failed upgrade the old one, with the reason logged, so pip downloads itself as before.
 */
export async function pipForLocalFiles(ctx: StepContext, options: PipUpgradeOptions): Promise<string> {
  const { pipVersion } = options;
  if (pipReportsWithoutDownload(pipVersion)) return pipVersion;
  if (!envCreatedByRun(ctx.runId, options.envPath, ctx.say)) {
    ctx.log(ctx.say('framework.pipUserEnvKept', { env: options.envPath, version: pipVersion }));
    return pipVersion;
  }
  ctx.progress(null, ctx.say('framework.pipUpgrading', { version: pipVersion }));
  ctx.log(ctx.say('framework.pipUpgrading', { version: pipVersion }));
  const at = options.upgradeArgv.indexOf('install') + 1;
  const argv = [...options.upgradeArgv.slice(0, at), '--upgrade', ...options.upgradeArgv.slice(at)];
  let reason: string;
  try {
    const result = await ctx.run(argv, { timeoutMs: 10 * 60_000, env: options.env, allowFailure: true });
    if (result.exitCode === 0) {
      const now = await ctx.run([options.python, '-m', 'pip', '--version'], { quiet: true });
      const version = parsePipVersion(now.stdout) ?? '0';
      if (pipReportsWithoutDownload(version)) {
        ctx.log(ctx.say('framework.pipUpgraded', { from: pipVersion, to: version }));
        return version;
      }
      reason = `pip ${version}`;
    } else {
      reason = lastLine(result.stderr) || `exit ${result.exitCode}`;
    }
  } catch (error) {
    // A cancel stops the step; any other failure leaves today's path.
    if (ctx.signal.aborted || (error instanceof DlsetupError && error.code === 'CANCELLED')) throw error;
    reason = error instanceof Error ? error.message : String(error);
  }
  ctx.log(ctx.say('framework.pipUpgradeFailed', { version: pipVersion, reason }));
  return pipVersion;
}

function lastLine(text: string): string {
  return text.split('\n').map((line) => line.trim()).filter(Boolean).at(-1) ?? '';
}
