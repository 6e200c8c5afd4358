import type { ProgressEvent } from '../../shared/types/install.js';

/** `--json-progress`: one ProgressEvent per line, exactly the install:progress payload, for other tools. */
export function createNdjsonProgressPrinter(write: (text: string) => void): (event: ProgressEvent) => void {
  return (event) => write(`${JSON.stringify(event)}\n`);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(0)} kB`;
  return `${bytes} B`;
}

/** Plain terminal output for `dlsetup install` without --json-progress; progress lines are throttled per step. */
export function createTextProgressPrinter(write: (text: string) => void, options: { verbose?: boolean } = {}): (event: ProgressEvent) => void {
  const titles = new Map<string, string>();
  let lastProgress = 0;
  return (event) => {
    switch (event.type) {
      case 'run-started':
        for (const step of event.steps) titles.set(step.id, step.title);
        write(`${event.resumed ? 'Resuming' : 'Starting'} install ${event.runId} (${event.steps.length} steps)\n`);
        return;
      case 'step-started':
        write(`==> ${titles.get(event.stepId) ?? event.stepId}\n`);
        return;
      case 'step-progress': {
        const now = Date.now();
        if (now - lastProgress < 1000 && event.fraction !== 1) return;
        lastProgress = now;
        const bytes = event.bytes
          ? ` ${formatBytes(event.bytes.done)}${event.bytes.total ? `/${formatBytes(event.bytes.total)}` : ''}${event.bytes.perSecond ? ` ${formatBytes(event.bytes.perSecond)}/s` : ''}${event.bytes.etaSeconds ? ` ETA ${event.bytes.etaSeconds}s` : ''}`
          : '';
        write(`    [${Math.round(event.overall * 100)}%] ${event.detail}${bytes}\n`);
        return;
      }
      case 'step-log':
        if (event.stream === 'info' || options.verbose) write(`    ${event.line}\n`);
        return;
      case 'step-finished':
        write(`    ${event.state}${event.message ? `: ${event.message}` : ''}\n`);
        return;
      case 'run-finished':
        write(`Install ${event.runId} ${event.state}${event.message ? `: ${event.message}` : ''}\n`);
        return;
    }
  };
}
