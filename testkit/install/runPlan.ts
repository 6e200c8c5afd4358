import type { ProgressEvent } from '../../shared/types/install.js';
import type { Plan } from '../../shared/types/plan.js';
import { InstallService } from '../../main/install/installService.js';

/** Runs a plan to its end through a real InstallService and hands back what a user would see: status, events, log lines. */
export async function runPlan(plan: Plan, service = new InstallService({ elevation: 'direct' })) {
  const events: ProgressEvent[] = [];
  const off = service.onProgress((event) => events.push(event));
  const { runId } = service.start(plan);
  const status = await service.wait(runId);
  off();
  // The log as the Install screen shows it: every step's lines, in order.
  const logs = events.filter((e): e is Extract<ProgressEvent, { type: 'step-log' }> => e.type === 'step-log').map((e) => e.line);
  return { runId, status, events, logs };
}
