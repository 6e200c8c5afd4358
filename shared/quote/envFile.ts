import { errorText } from '../errorText.js';
import { oneLine } from './controlChars.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Read the same by systemd's EnvironmentFile=, environment.d, pam_env, `docker --env-file` and sh: no quoting needed. */
const PORTABLE = /^[A-Za-z0-9_@%+=:,./-]*$/;

/**
 * One `NAME=value` line of an environment file. Those readers disagree on quotes, backslashes and $ (docker keeps them,
 * systemd removes them, environment.d expands $), so no quoting is right for all: a value outside the portable set is refused.
 */
export function envFileLine(name: string, value: string): string {
  if (!NAME.test(name)) throw errorText.error('INVALID_ARGUMENT', 'quote.envName', { name: JSON.stringify(oneLine(name)) });
  if (!PORTABLE.test(value)) {
    throw errorText.error('INVALID_ARGUMENT', 'quote.envValue', { name, value: JSON.stringify(oneLine(value).slice(0, 200)) });
  }
  return `${name}=${value}`;
}
