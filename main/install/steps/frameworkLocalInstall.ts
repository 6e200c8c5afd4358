import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { downloadCacheDir } from '../../download/download.js';
import type { StepContext } from '../installStep.js';
import { fetchReportWheels } from '../pip/localWheels.js';
import { pipReportsWithoutDownload, readPipReport } from '../pip/pipReport.js';

export interface LocalInstallOptions {
  python: string;
  pipVersion: string;
  /** The step's `pip install …` argv (indexes, requirements), with `--progress-bar off`. */
  installArgv: string[];
  /** pip's environment (pipEnvironment: its proxy among them, never in argv). */
  env: Record<string, string>;
  /** The user chose the mirror: its files are used as pip's report names them, nothing measured. */
  pinned: boolean;
  proxy?: string;
}

/** `pip install` with flags inserted after `install`. */
function withFlags(argv: string[], flags: string[]): string[] {
  const at = argv.indexOf('install') + 1;
  return [...argv.slice(0, at), ...flags, ...argv.slice(at)];
}

/**
 * pip resolves (a dry run that fetches only metadata), DL Setup downloads the wheels it names (parallel, ranges,
 * fastest mirror, resumable), pip installs them from the run's folder with no index: each file crosses the network
 * once. Returns null, having said why, when pip must download itself (a pip older than 25.3, an sdist or a file
 * without a sha256): the caller then runs pip as before.
 */
export async function installFromLocalFiles(ctx: StepContext, options: LocalInstallOptions): Promise<{ bytesFetched: number } | null> {
  if (!pipReportsWithoutDownload(options.pipVersion)) {
    ctx.log(ctx.say('framework.pipDownloadsItself', { version: options.pipVersion }));
    return null;
  }
  const runDir = path.join(downloadCacheDir(), `wheels-${ctx.runId}`);
  const reportFile = path.join(runDir, 'pip-report.json');
  try {
    await rm(runDir, { recursive: true, force: true });
    await mkdir(runDir, { recursive: true, mode: 0o700 });
    ctx.progress(null, ctx.say('framework.resolving'));
    await ctx.run([...withFlags(options.installArgv, ['--dry-run', '--report', reportFile])], { timeoutMs: 30 * 60_000, env: options.env, quiet: false });
    const report = readPipReport(await readFile(reportFile, 'utf8'));
    if (report.kind === 'notAllWheels') {
      ctx.log(ctx.say('framework.notAllWheels', { files: report.files.slice(0, 5).join(', ') }));
      return null;
    }
    if (!report.wheels.length) return { bytesFetched: 0 };
    const local = await fetchReportWheels(ctx, report.wheels, { pinned: options.pinned, proxy: options.proxy, runDir, span: [0.02, 0.9] });
    ctx.progress(0.9, ctx.say('framework.installingLocal', { count: report.wheels.length }));
    const offline = [options.python, '-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--no-color', '--progress-bar', 'off', '--no-index', '--no-deps', ...local.files];
    await ctx.run(offline, { timeoutMs: 2 * 60 * 60_000, env: options.env, quiet: false });
    return { bytesFetched: local.bytesFetched };
  } finally {
    // The links only; the verified files stay in the download cache, so a re-run after a cut resumes from them.
    await rm(runDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
