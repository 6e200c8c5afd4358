// The install engine alone, for install.bench.mjs: runs the plan on stdin twice (install, then the all-skipped re-run)
// in this process and prints one JSON line with each run's wall time and this process's own peak RSS, so the bench's
// index server, wheel building and earlier benches never count as the engine's memory.
import { readFileSync } from 'node:fs';
import { InstallService } from '../dist/main/install/installService.js';

const plan = JSON.parse(readFileSync(0, 'utf8'));
const service = new InstallService({ elevation: 'direct' });

async function timedRun() {
  const started = performance.now();
  const status = await service.wait(service.start(plan).runId);
  return { ms: performance.now() - started, state: status.state, error: status.error?.message ?? null, allSkipped: status.steps.every((step) => step.state === 'skipped') };
}

const install = await timedRun();
// Peak of this process only (getrusage RUSAGE_SELF): the pip the runner starts is a process of its own.
const installMaxRssKiB = process.resourceUsage().maxRSS;
const rerun = await timedRun();
process.stdout.write(`${JSON.stringify({ install, rerun, installMaxRssKiB })}\n`);
