import type { HandlerTable } from '../../shared/ipc/contract.js';
import { appVersion } from '../appPaths.js';
import { appLog, appLogFile } from '../system/appLog.js';
import { progressLogLine } from '../install/progressLogLine.js';
import { withFailureLog } from './loggedHandlers.js';
import type { ProgressHub } from './progressHub.js';
import type { InstallService } from '../install/installService.js';

export interface HandlerContext {
  transport: 'electron' | 'http';
  progress: ProgressHub;
}

/** The one handler table both transports serve; services load lazily so start-up stays fast. */
export function createHandlers(context: HandlerContext): HandlerTable {
  let installs: Promise<InstallService> | null = null;
  // One install service per window/server, created on first use; its progress fans out through the hub.
  const installService = () =>
    (installs ??= import('../install/installService.js').then(({ InstallService }) => {
      // The desktop app asks through polkit/UAC; a headless server can only use sudo without a prompt.
      const service = new InstallService(context.transport === 'electron' ? { face: 'gui' } : { face: 'cli', nonInteractive: true });
      service.onProgress((event) => {
        context.progress.publish(event);
        const line = progressLogLine(event);
        if (line) appLog(line);
      });
      return service;
    }));
  return withFailureLog({
    // Where to look after a failure: this process's log and the run journals.
    'app:info': async () => ({
      name: 'DL Setup',
      version: appVersion,
      platform: process.platform,
      transport: context.transport,
      logFile: appLogFile(),
      runsDir: (await import('../install/journal/runJournal.js')).runsDir(),
    }),
    // The wizard's detection (and its "Detect again"): the report later plans stand on until the machine changes.
    'detect:run': async (request) => (await import('../plan/lastDetection.js')).lastDetection.detectAndKeep(request ?? {}),
    'plan:resolve': async (request) => (await import('../verify/environments/planWithReuse.js')).planWithReuse(request),
    'plan:versions': async (request) => (await import('../plan/listFrameworkVersions.js')).listFrameworkVersions(request),
    'plan:export': async ({ plan, format }) => (await import('../export/exportPlan.js')).exportPlan(plan, format),
    'install:start': async ({ plan, dryRun, locale }) => (await installService()).start(plan, { dryRun, locale }),
    'install:cancel': async ({ runId }) => (await installService()).cancel(runId),
    'install:status': async (request) => (await installService()).status(request?.runId),
    // The service refuses a run that is still going (INVALID_ARGUMENT) and an unknown one (NOT_FOUND).
    'install:rollback': async ({ runId, dryRun, locale }) => (await installService()).rollback(runId, { dryRun, locale }),
    'verify:run': async (request) => (await import('../verify/runVerification.js')).runVerification(request),
    'verify:history': async () => (await import('../verify/verificationHistory.js')).verificationHistory(),
    'verify:environments': async (request) => (await import('../verify/environments/environmentsForWizard.js')).lookAtEnvironments(request),
    // Long: the quick check in each environment; its progress goes out on the push channel as the install's does.
    'verify:environmentsCheck': async (request) => (await import('../verify/environments/environmentsForWizard.js')).checkEnvironments(request, (event) => context.progress.publish(event)),
    'verify:environmentsCheckCancel': async ({ runId }) => (await import('../verify/environments/environmentsForWizard.js')).cancelEnvironmentsCheck(runId),
    'verify:environmentsCheckState': async () => (await import('../verify/environments/environmentsForWizard.js')).environmentsCheckState(),
    'mirror:check': async (request) => (await import('../network/checkMirror.js')).checkMirror(request),
    'mirror:default': async (request) => (await import('../network/mirrorDefault.js')).measureMirrorDefault(request),
    'diagnose:text': async ({ text, locale }) => (await import('../diagnose/diagnoseOnMachine.js')).diagnoseOnMachine(text, { locale }),
  });
}
