import { errorText } from '../errorText.js';
import { oneLine } from './controlChars.js';

/** Absolute, normalised, and only characters ldconfig reads as part of one path (no spaces, #, globs or "include"). */
const SAFE_DIR = /^(\/[A-Za-z0-9_+-][A-Za-z0-9._+-]*)+$/;

/** One line of an /etc/ld.so.conf.d file: the folder `dir`, or INVALID_ARGUMENT when ldconfig could read it otherwise. */
export function ldSoConfLine(dir: string): string {
  const segments = dir.split('/').slice(1);
  if (!SAFE_DIR.test(dir) || segments.some((segment) => segment === '.' || segment === '..')) {
    throw errorText.error('INVALID_ARGUMENT', 'quote.ldSoConfDir', { dir: JSON.stringify(oneLine(dir).slice(0, 200)) });
  }
  return dir;
}
