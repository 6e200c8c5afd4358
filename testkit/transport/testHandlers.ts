import type { HandlerTable } from '../../shared/ipc/contract.js';
import { DlsetupError } from '../../shared/errors.js';

const refuse = async (): Promise<never> => {
  throw new DlsetupError('NOT_AVAILABLE', 'Not in this test.');
};

/** A handler table for transport tests: `app:info` answers, everything else is refused with a code; `overrides` replace single channels. */
export function testHandlers(overrides: Partial<HandlerTable> = {}): HandlerTable {
  return {
    'app:info': async () => ({ name: 'DL Setup', version: 'test', platform: 'linux', transport: 'http' }),
    'detect:run': refuse,
    'plan:resolve': refuse,
    'plan:versions': refuse,
    'plan:export': refuse,
    'install:start': refuse,
    'install:cancel': refuse,
    'install:status': async () => null,
    'install:rollback': refuse,
    'verify:run': refuse,
    'verify:history': refuse,
    'verify:environments': refuse,
    'verify:environmentsCheck': refuse,
    'verify:environmentsCheckCancel': refuse,
    'verify:environmentsCheckState': refuse,
    'mirror:check': refuse,
    'mirror:default': refuse,
    'diagnose:text': refuse,
    ...overrides,
  };
}
