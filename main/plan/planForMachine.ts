import type { PlanOverrides, PlanResolveRequest } from '../../shared/ipc/contract.js';
import { errorText } from '../../shared/errorText.js';
import { estimateDownload } from '../../shared/plan/estimateDownload.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import type { Plan } from '../../shared/types/plan.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { nvidiaDeviceTableSchema } from '../../shared/data/nvidiaDevicesSchema.js';
import { isWhatIf, pickedGpuProfile, whatIfProfile } from './applyProfileOverrides.js';
import { lastDetection } from './lastDetection.js';
import { loadCompatData } from './loadCompatData.js';
import { loadDownloadSizes } from './loadDownloadSizes.js';
import { profileFromReport } from './profileFromReport.js';
import { planPipConfig } from './planPipConfig.js';
import { withIndexCheck } from './planWithIndex.js';

function checkOverrides(overrides: PlanOverrides): void {
  for (const [name, value] of Object.entries(overrides)) {
    if (value !== undefined && typeof value !== 'string') throw errorText.error('INVALID_ARGUMENT', 'plan.whatIfNotText', { name });
  }
}

/**
 * `dlsetup plan` and plan:resolve: this machine as last detected (or a given report), or with what-if overrides the machine they
 * describe, through the pure resolver. The plan carries the detection facts it stood on in `profile`; its sentences are in `request.locale`.
 */
export async function planForMachine(request: PlanResolveRequest, options: { report?: HardwareReport; redetect?: boolean } = {}): Promise<Plan> {
  // The locale shapes only the sentences: the plan's request stays a PlanRequest, as exports and comparisons expect.
  const { overrides = {}, locale, gpuChoice, pypiMirror, pytorchMirror, offline, ...planRequest } = request;
  checkOverrides(overrides);
  const data = loadCompatData();
  // The process's last detection while the machine is unchanged (lastDetection.ts): choosing a framework re-plans, it does not re-probe.
  const report = options.report ?? (await lastDetection.report({ redetect: options.redetect }));
  const here = profileFromReport(report, data.gpus.gpus);
  // What-if means what-if: with any machine flag, nothing but the flags (and this OS and CPU unless given) describes the machine.
  // Every NVIDIA product name of pci.ids, read only when a --gpu name needs it.
  const nvidiaTable = overrides.gpu !== undefined || gpuChoice !== undefined ? loadDataTable('nvidia-devices', nvidiaDeviceTableSchema) : null;
  const profile = isWhatIf(overrides) ? whatIfProfile(here, overrides, data.gpus.gpus, nvidiaTable, data.distroPythons) : gpuChoice !== undefined ? pickedGpuProfile(here, gpuChoice, data.gpus.gpus, nvidiaTable) : here;
  const resolved = resolvePlan(data, profile, planRequest, { locale });
  // The files pip would fetch, asked of the index the install uses (never for a machine that is not this one).
  const skip = offline ? 'offline' : isWhatIf(overrides) ? 'whatIf' : undefined;
  // pip.conf and PIP_* variables are this machine's: read only when the index is asked for this machine.
  const pip = skip ? undefined : await planPipConfig(resolved);
  const fromPip = pip ? { pipConfig: pip.config, pipConfigUnreadable: pip.unreadable } : {};
  const plan = await withIndexCheck({ data, profile, request: planRequest, locale, pypiMirror, pytorchMirror, ...fromPip, ...(skip ? { skip } : {}) }, resolved);
  // What the install will download, from the index's sizes or sourced ones; a blocked plan downloads nothing.
  return plan.status === 'ok' ? { ...plan, download: estimateDownload(plan, loadDownloadSizes()) } : plan;
}
