import { spawn, type ChildProcess } from 'node:child_process';
import { DlsetupError } from '../../../shared/errors.js';
import type { Locale } from '../../../shared/i18n/localize.js';
import { installText, type InstallSay } from '../../system/installText.js';
import type { ElevationMode } from './chooseElevationMode.js';
import { helperArgv } from './helperCommand.js';
import { channelOverStream, type ElevationChannel } from './jsonLineChannel.js';
import { signalChild } from '../../system/signalChild.js';

type PipedMode = Exclude<ElevationMode, 'direct' | 'uac'>;

/** Why a helper that pkexec or sudo started never became ready, in words a person can act on. */
function deniedError(mode: PipedMode, exitCode: number | null, stderr: string, say: InstallSay): DlsetupError {
  if (mode === 'sudo-noninteractive' && /password is required|a terminal is required/i.test(stderr)) {
    return say.error('ELEVATION_DENIED', 'elevation.sudoNeedsPassword', undefined, { detail: stderr.trim() });
  }
  if (mode === 'pkexec' && (exitCode === 126 || exitCode === 127)) {
    return say.error('ELEVATION_DENIED', 'elevation.notGranted', undefined, { detail: `pkexec exited with ${exitCode}` });
  }
  return say.error('ELEVATION_DENIED', 'elevation.couldNotStart', { mode, exitCode: String(exitCode) }, { detail: stderr.trim().slice(-2000) });
}

/** The pipe transport (pkexec, sudo): the helper's stdin/stdout carry the JSON lines; a refused password → ELEVATION_DENIED. */
export async function startPipedElevation(mode: PipedMode, runId: string, locale?: Locale): Promise<ElevationChannel> {
  const say = installText(locale);
  const argv = helperArgv(mode);
  const program = argv[0]!;
  let child: ChildProcess;
  try {
    child = spawn(program, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (cause) {
    throw say.error('ELEVATION_DENIED', 'elevation.launcherNotStarted', { program }, { cause });
  }
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-8000);
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const channel = channelOverStream(
    mode,
    { lines: child.stdout!, write: (line) => child.stdin!.write(line), end: () => child.stdin!.end(), force: () => void signalChild(child, 'SIGTERM'), closed },
    locale,
  );
  child.once('error', (error) => channel.fail(say.error('ELEVATION_DENIED', 'elevation.launcherMissing', { program, reason: error.message })));
  child.once('close', (code) => channel.gone(() => deniedError(mode, code, stderr, say), stderr.trim().slice(-2000)));
  child.stdin!.on('error', () => undefined);
  await channel.start(runId);
  return channel;
}
