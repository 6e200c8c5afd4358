import type { PlanOverrides, PlanResolveRequest } from '../../shared/ipc/contract.js';
import { DlsetupError } from '../../shared/errors.js';
import { estimateDownload } from '../../shared/plan/estimateDownload.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import type { Plan } from '../../shared/types/plan.js';
import { detectHardware } from '../detect/detectHardware.js';
import { applyProfileOverrides } from './applyProfileOverrides.js';
import { loadCompatData } from './loadCompatData.js';
import { loadDownloadSizes } from './loadDownloadSizes.js';
import { profileFromReport } from './profileFromReport.js';

function checkOverrides(overrides: PlanOverrides): void {
  for (const [name, value] of Object.entries(overrides)) {
    if (value !== undefined && typeof value !== 'string') throw new DlsetupError('INVALID_ARGUMENT', `The what-if value "${name}" must be text.`);
  }
}

/**
 * `dlsetup plan` and plan:resolve: this machine as detected (or a given report), with what-if overrides, through the
 * pure resolver. The plan carries the detection facts it stood on in `profile`; its sentences are in `request.locale`.
 */
export async function planForMachine(request: PlanResolveRequest, options: { report?: HardwareReport } = {}): Promise<Plan> {
  // The locale shapes only the sentences: the plan's request stays a PlanRequest, as exports and comparisons expect.
  const { overrides = {}, locale, ...planRequest } = request;
  checkOverrides(overrides);
  const data = loadCompatData();
  const report = options.report ?? (await detectHardware());
  const profile = applyProfileOverrides(profileFromReport(report, data.gpus.gpus), overrides, data.gpus.gpus);
  const plan = resolvePlan(data, profile, planRequest, { locale });
  // What the install will download, from sourced sizes; a blocked plan downloads nothing.
  return plan.status === 'ok' ? { ...plan, download: estimateDownload(plan, loadDownloadSizes()) } : plan;
}
