import type { EnvironmentsCheckRequest, EnvironmentsRequest } from '../../../shared/ipc/contract.js';
import { errorText } from '../../../shared/errorText.js';
import type { EnvironmentsCheckEvent, EnvironmentsReport } from '../../../shared/types/environments.js';
import { environmentsCheckEvents } from './environmentsCheckEvents.js';
import { recordEnvironmentsRun, sinceLastRun } from './environmentsHistory.js';
import { verifyEnvironmentsRun } from './verifyEnvironmentsRun.js';

/** Opening the view is a look, not a run: it says what changed since the last run kept, and keeps nothing. */
export async function lookAtEnvironments(request: EnvironmentsRequest = {}): Promise<EnvironmentsReport> {
  return sinceLastRun(await verifyEnvironmentsRun({ locale: request.locale, extraEnvironments: request.extraEnvironments }));
}

/** One run at a time per process: the checks share the GPU, and a second window's run would only halve both. */
let checking = false;

/** "Run the quick check in each environment": `verify --all --run`, each row's start and outcome published, kept in history. */
export async function checkEnvironments(request: EnvironmentsCheckRequest, publish: (event: EnvironmentsCheckEvent) => void): Promise<EnvironmentsReport> {
  if (checking) throw errorText.error('BUSY', 'environments.checkBusy');
  checking = true;
  try {
    const report = await verifyEnvironmentsRun({ locale: request.locale, extraEnvironments: request.extraEnvironments, check: true, ...environmentsCheckEvents(request.runId, publish) });
    return (await recordEnvironmentsRun(report)).report;
  } finally {
    checking = false;
  }
}
