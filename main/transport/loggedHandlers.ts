import { DlsetupError, toAppError } from '../../shared/errors.js';
import type { HandlerTable } from '../../shared/ipc/contract.js';
import { appLog } from '../system/appLog.js';

/** The same table, with every failed call written to the app log (code, message, and the stack of an unexpected one) before it becomes a Result. */
export function withFailureLog(table: HandlerTable): HandlerTable {
  const logged = Object.entries(table).map(([channel, handler]) => {
    const call = handler as (arg: unknown) => Promise<unknown>;
    const wrapped = async (arg: unknown) => {
      try {
        return await call(arg);
      } catch (thrown) {
        const error = toAppError(thrown);
        const stack = !(thrown instanceof DlsetupError) && thrown instanceof Error && thrown.stack ? `\n${thrown.stack}` : '';
        appLog(`${channel} failed [${error.code}]: ${error.message}${error.detail ? `\n${error.detail}` : ''}${stack}`);
        throw thrown;
      }
    };
    return [channel, wrapped] as const;
  });
  return Object.fromEntries(logged) as HandlerTable;
}
