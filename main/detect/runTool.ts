import { DlsetupError } from '../../shared/errors.js';
import { runCommand, type CommandResult } from '../system/runCommand.js';
import type { ProbeContext } from './probeContext.js';
import { findOnPath } from './findOnPath.js';
import path from 'node:path';

export type ToolOutcome = { ok: true; result: CommandResult } | { ok: false; reason: 'missing' | 'timeout' | 'failed'; message: string };

/**
 * Runs a probe's command with the probe budget. A missing tool is normal (no warning); a hang or a crash becomes
 * a warning that says which facts are missing, and the probe carries on without them.
 */
export async function runTool(context: ProbeContext, argv: string[], purpose: string): Promise<ToolOutcome> {
  // Looking on PATH costs a few stat calls; starting a process for a tool that is not there costs tens of ms.
  const [file] = argv;
  if (file && !path.isAbsolute(file) && !(await findOnPath(file, context.env))) {
    return { ok: false, reason: 'missing', message: `"${file}" is not installed or not on PATH.` };
  }
  try {
    const result = await runCommand(argv, { timeoutMs: context.timeoutMs, env: context.env });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof DlsetupError && error.code === 'COMMAND_NOT_FOUND') return { ok: false, reason: 'missing', message: error.message };
    const timedOut = error instanceof DlsetupError && error.code === 'TIMEOUT';
    const message = timedOut
      ? `"${argv.join(' ')}" did not answer within ${Math.round(context.timeoutMs / 100) / 10} s, so ${purpose} is missing from this report.`
      : `"${argv.join(' ')}" could not be run (${error instanceof Error ? error.message : String(error)}), so ${purpose} is missing from this report.`;
    context.warn(message);
    return { ok: false, reason: timedOut ? 'timeout' : 'failed', message };
  }
}

/** Warns about a tool that ran but printed something we could not read, quoting its first line. */
export function warnUnreadable(context: ProbeContext, argv: string[], result: CommandResult, purpose: string): void {
  const firstLine = `${result.stdout}\n${result.stderr}`.split(/\r?\n/).find((line) => line.trim() !== '')?.trim().slice(0, 160) ?? '(no output)';
  context.warn(`"${argv.join(' ')}" exited with code ${result.exitCode} and printed output DL Setup could not read ("${firstLine}"), so ${purpose} is missing from this report.`);
}
