import { contract, isChannel, type HandlerTable } from '../../shared/ipc/contract.js';
import { toAppError } from '../../shared/errors.js';
import { isLocale, type Locale } from '../../shared/i18n/localize.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { CONTROL_CHARS } from '../../shared/schema/patterns.js';
import { redactSecretsIn } from '../system/redactSecrets.js';

/** The language the caller asked for, read before validation so a refusal is said in it too. */
function requestedLocale(rawArg: unknown): Locale | undefined {
  if (typeof rawArg !== 'object' || rawArg === null || !Object.prototype.hasOwnProperty.call(rawArg, 'locale')) return undefined;
  const locale = (rawArg as { locale?: unknown }).locale;
  return isLocale(locale) ? locale : undefined;
}

/** A caller's channel name as it may appear in a sentence: one line, cut short. */
function shown(name: string): string {
  return name.slice(0, 100).replace(new RegExp(CONTROL_CHARS.source, 'g'), '?');
}

/**
 * The one entry both transports call: checks the channel, validates the argument against its schema (a bad one is
 * INVALID_ARGUMENT naming the field, and the handler never sees it), and turns any throw into a Result.
 */
export async function dispatch(handlers: HandlerTable, channel: string, rawArg: unknown): Promise<Result<unknown>> {
  try {
    if (!isChannel(channel)) return fail({ code: 'UNKNOWN_CHANNEL', message: `There is no "${shown(channel)}" call.` });
    const validated = contract[channel].validate(rawArg, { locale: requestedLocale(rawArg) });
    // A refusal or failure may quote what it refused (a URL with a password): it goes back redacted, like every boundary.
    if (!validated.ok) return redactSecretsIn(validated);
    const handler = handlers[channel] as (arg: unknown) => Promise<unknown>;
    return ok(await handler(validated.value));
  } catch (thrown) {
    return fail(redactSecretsIn(toAppError(thrown)));
  }
}
