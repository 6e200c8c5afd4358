import type { Locale } from '../../shared/i18n/localize.js';
import { formatBytes, formatSpeed } from '../../shared/text/formatBytes.js';
import type { ProgressEvent } from '../../shared/types/install.js';
import { installCliText } from './installCliText.js';

/** `--json-progress`: one ProgressEvent per line, exactly the install:progress payload, for other tools. */
export function createNdjsonProgressPrinter(write: (text: string) => void): (event: ProgressEvent) => void {
  return (event) => write(`${JSON.stringify(event)}\n`);
}

/** Plain terminal output for `dlsetup install` without --json-progress, in `locale`; progress lines are throttled per step. */
export function createTextProgressPrinter(write: (text: string) => void, options: { verbose?: boolean; locale?: Locale } = {}): (event: ProgressEvent) => void {
  const say = installCliText(options.locale ?? 'en');
  const titles = new Map<string, string>();
  let lastProgress = 0;
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
        if (now - lastProgress < 1000 && event.fraction !== 1) return;
        lastProgress = now;
        const bytes = event.bytes
          ? ` ${formatBytes(event.bytes.done)}${event.bytes.total ? `/${formatBytes(event.bytes.total)}` : ''}${event.bytes.perSecond ? ` ${formatSpeed(event.bytes.perSecond)}` : ''}${event.bytes.etaSeconds ? ` ${say('progress.eta', { seconds: event.bytes.etaSeconds })}` : ''}`
          : '';
        write(`    [${Math.round(event.overall * 100)}%] ${event.detail}${bytes}\n`);
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
