import type { Locale } from '../../shared/i18n/localize.js';
import { formatBytes, formatSpeed } from '../../shared/text/formatBytes.js';
import type { ProgressEvent } from '../../shared/types/install.js';
import { installCliText } from './installCliText.js';

/** `--json-progress`: one ProgressEvent per line, exactly the engine:events payload, for other tools. */
export function createNdjsonProgressPrinter(write: (text: string) => void): (event: ProgressEvent) => void {
  return (event) => write(`${JSON.stringify(event)}\n`);
}

/**
 * Terminal output for `dlsetup install` without --json-progress, in `locale`. On a terminal (`redraw`, the CliIo's
 * redrawErr) the progress is one line redrawn in place (5×/s); elsewhere (a log, a pipe) it is a line per second.
 */
export function createTextProgressPrinter(
  rawWrite: (text: string) => void,
  options: { verbose?: boolean; locale?: Locale; redraw?: (line: string) => void } = {},
): (event: ProgressEvent) => void {
  const say = installCliText(options.locale ?? 'en');
  const titles = new Map<string, string>();
  let lastProgress = 0;
  let barShown = false;
  // Anything else printed while a bar is drawn starts on a fresh line.
  const write = (text: string) => {
    if (barShown) rawWrite('\n');
    barShown = false;
    rawWrite(text);
  };
  return (event) => {
    switch (event.type) {
      case 'run-started':
        for (const step of event.steps) titles.set(step.id, step.title);
        write(`${say(event.resumed ? 'progress.resuming' : 'progress.starting', { runId: event.runId, count: event.steps.length })}\n`);
        return;
      case 'step-started':
        write(`==> ${titles.get(event.stepId) ?? event.stepId}\n`);
        return;
      case 'step-progress': {
        const now = Date.now();
        if (now - lastProgress < (options.redraw ? 200 : 1000) && event.fraction !== 1) return;
        lastProgress = now;
        const b = event.bytes;
        const bytes = b
          ? ` ${formatBytes(b.done)}${b.total ? `/${formatBytes(b.total)}` : ''}${b.perSecond ? ` ${formatSpeed(b.perSecond)}` : ''}${b.etaSeconds ? ` ${say('progress.eta', { seconds: b.etaSeconds })}` : ''}${b.connections && b.connections > 1 ? ` ${say('progress.connections', { count: b.connections })}` : ''}${b.mirror ? ` ${say('progress.fromMirror', { mirror: b.mirror.id })}` : ''}`
          : '';
        const line = `    [${Math.round(event.overall * 100)}%] ${event.detail}${bytes}`;
        if (!options.redraw) return write(`${line}\n`);
        // The bar is drawn over itself by the terminal's own writer (carriage return and erase-line).
        options.redraw(line);
        barShown = true;
        return;
      }
      case 'step-log':
        if (event.stream === 'info' || options.verbose) write(`    ${event.line}\n`);
        return;
      case 'step-finished': {
        const status = say(`stepState.${event.state}`);
        write(`    ${event.message ? say('progress.withMessage', { status, message: event.message }) : status}\n`);
        return;
      }
      case 'run-finished': {
        const status = say('progress.runFinished', { runId: event.runId, state: say(`runState.${event.state}`) });
        write(`${event.message ? say('progress.withMessage', { status, message: event.message }) : status}\n`);
        return;
      }
    }
  };
}
