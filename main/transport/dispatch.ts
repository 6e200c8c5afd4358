import { contract, isChannel, type HandlerTable } from '../../shared/ipc/contract.js';
import { toAppError } from '../../shared/errors.js';
import { fail, ok, type Result } from '../../shared/result.js';

/** The one entry both transports call: checks the channel, validates the argument, and turns any throw into a Result. */
export async function dispatch(handlers: HandlerTable, channel: string, rawArg: unknown): Promise<Result<unknown>> {
  if (!isChannel(channel)) return fail({ code: 'UNKNOWN_CHANNEL', message: `There is no "${channel}" call.` });
  const validated = contract[channel].validate(rawArg);
  if (!validated.ok) return validated;
  try {
    const handler = handlers[channel] as (arg: unknown) => Promise<unknown>;
    return ok(await handler(validated.value));
  } catch (thrown) {
    return fail(toAppError(thrown));
  }
}
