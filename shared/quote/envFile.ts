import { DlsetupError } from '../errors.js';
import { oneLine } from './controlChars.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Read the same by systemd's EnvironmentFile=, environment.d, pam_env, `docker --env-file` and sh: no quoting needed. */
const PORTABLE = /^[A-Za-z0-9_@%+=:,./-]*$/;

/**
 * One `NAME=value` line of an environment file. Those readers disagree on quotes, backslashes and $ (docker keeps them,
 * systemd removes them, environment.d expands $), so no quoting is right for all: a value outside the portable set is refused.
 */
export function envFileLine(name: string, value: string): string {
  if (!NAME.test(name)) throw new DlsetupError('INVALID_ARGUMENT', `${JSON.stringify(oneLine(name))} is not an environment variable name (letters, digits and _ only).`);
  if (!PORTABLE.test(value)) {
    throw new DlsetupError('INVALID_ARGUMENT', `The value of ${name}, ${JSON.stringify(oneLine(value).slice(0, 200))}, cannot go into an environment file: only letters, digits and _ @ % + = : , . / - are read the same everywhere.`);
  }
  return `${name}=${value}`;
}
