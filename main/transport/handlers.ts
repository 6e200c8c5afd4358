import type { HandlerTable } from '../../shared/ipc/contract.js';
import { DlsetupError } from '../../shared/errors.js';
import { appVersion } from '../appPaths.js';
import type { ProgressHub } from './progressHub.js';

export interface HandlerContext {
  transport: 'electron' | 'http';
  progress: ProgressHub;
}

function notAvailable(what: string): never {
  throw new DlsetupError('NOT_AVAILABLE', `${what} is not available in this version of DL Setup yet.`);
}

/** The one handler table both transports serve; services load lazily so start-up stays fast. */
export function createHandlers(context: HandlerContext): HandlerTable {
  return {
    'app:info': async () => ({ name: 'DL Setup', version: appVersion, platform: process.platform, transport: context.transport }),
    'detect:run': async (request) => (await import('../detect/detectHardware.js')).detectHardware(request),
    'plan:resolve': async (request) => (await import('../plan/planForMachine.js')).planForMachine(request),
    'install:start': async () => notAvailable('Installing'),
    'install:cancel': async () => notAvailable('Installing'),
    'install:status': async () => notAvailable('Installing'),
    'verify:run': async (request) => (await import('../verify/runVerification.js')).runVerification(request),
    'verify:history': async () => (await import('../verify/verificationHistory.js')).verificationHistory(),
    'diagnose:text': async ({ text, locale }) => (await import('../diagnose/diagnoseOnMachine.js')).diagnoseOnMachine(text, { locale }),
  };
}
