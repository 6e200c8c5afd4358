import type { ProgressEvent } from '../../shared/types/install.js';

/** One progress event as a line of the app log; bare progress ticks are left out (the journal and the screen have them). */
export function progressLogLine(event: ProgressEvent): string | null {
  const run = `run ${event.runId}`;
  const why = (code?: string, message?: string) => `${code ? ` [${code}]` : ''}${message ? `: ${message}` : ''}`;
  switch (event.type) {
    case 'run-started':
      return `${run} ${event.resumed ? 'resumed' : 'started'}${event.dryRun ? ' (dry run)' : ''}: ${event.steps.map((step) => step.id).join(', ')}`;
    case 'step-started':
      return `${run} step ${event.stepId} started`;
    case 'step-progress':
      return null;
    case 'step-log': {
      const command = event.command ? ` (${event.command.elevated ? 'as administrator, ' : ''}exit ${event.command.exitCode ?? 'none'}, ${event.command.durationMs} ms)` : '';
      return `${run} step ${event.stepId} ${event.stream}: ${event.line}${command}`;
    }
    case 'step-finished':
      return `${run} step ${event.stepId} ${event.state}${why(event.errorCode, event.message)}`;
    case 'run-finished':
      return `${run} ${event.state}${why(event.errorCode, event.message)}`;
  }
}
