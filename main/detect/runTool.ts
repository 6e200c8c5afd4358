import { DlsetupError } from '../../shared/errors.js';
import { runCommand, type CommandResult } from '../system/runCommand.js';
import type { ProbeContext } from './probeContext.js';
import { findOnPath } from '../system/findOnPath.js';
import { detectText } from './detectText.js';
import { cachedRun, rememberRun, stampOf, type RunDependencies } from './probeRunCache.js';
import path from 'node:path';

export type ToolOutcome = { ok: true; result: CommandResult } | { ok: false; reason: 'missing' | 'timeout' | 'failed'; message: string };

/**
 * Runs a probe's command with the probe budget. A missing tool is normal (no warning); a hang or a crash becomes
 * a warning that says which facts are missing, and the probe carries on without them. `purpose` names those facts: a
 * purpose.* phrase from detectText in the context's language.
 */
export async function runTool(
  context: ProbeContext,
  argv: string[],
  purpose: string,
  dependencies?: RunDependencies,
  options: { refresh?: boolean } = {},
): Promise<ToolOutcome> {
  const say = detectText(context.locale);
  // Looking on PATH costs a few stat calls; starting a process for a tool that is not there costs tens of ms.
  const [file] = argv;
  if (file && !path.isAbsolute(file) && !(await findOnPath(file, context.env))) {
    return { ok: false, reason: 'missing', message: say('tool.missing', { tool: file }) };
  }
  // A tool whose answer depends only on its own files answers from the cache while those files are unchanged.
  const stamp = dependencies ? await stampOf(dependencies, context.env) : null;
  const cached = stamp && !options.refresh ? await cachedRun(argv, stamp) : null;
  if (cached) return { ok: true, result: cached };
  try {
    const result = await runCommand(argv, { timeoutMs: context.timeoutMs, env: context.env });
    if (stamp) await rememberRun(result, stamp);
    return { ok: true, result };
  } catch (error) {
    if (error instanceof DlsetupError && error.code === 'COMMAND_NOT_FOUND') return { ok: false, reason: 'missing', message: error.message };
    const timedOut = error instanceof DlsetupError && error.code === 'TIMEOUT';
    const command = argv.join(' ');
    const message = timedOut
      ? say('tool.timedOut', { command, seconds: Math.round(context.timeoutMs / 100) / 10, purpose })
      : say('tool.failed', { command, error: error instanceof Error ? error.message : String(error), purpose });
    context.warn(message);
    return { ok: false, reason: timedOut ? 'timeout' : 'failed', message };
  }
}

/** The answer a tool gave last time, while the files it depends on are unchanged; null when it must run again. */
export async function rememberedRun(context: ProbeContext, argv: string[], dependencies: RunDependencies): Promise<CommandResult | null> {
  return cachedRun(argv, await stampOf(dependencies, context.env));
}

/** Warns about a tool that ran but printed something we could not read, quoting its first line. */
export function warnUnreadable(context: ProbeContext, argv: string[], result: CommandResult, purpose: string): void {
  const say = detectText(context.locale);
  const firstLine = `${result.stdout}\n${result.stderr}`.split(/\r?\n/).find((line) => line.trim() !== '')?.trim().slice(0, 160) ?? say('tool.noOutput');
  context.warn(say('tool.unreadable', { command: argv.join(' '), exitCode: result.exitCode, firstLine, purpose }));
}
