import path from 'node:path';
import { packageRoot } from '../appPaths.js';

export const APP_ORIGIN = 'app://dlsetup';

export const PRELOAD_PATH = path.join(packageRoot, 'dist', 'preload', 'preload.cjs');

/** Only the top frame of our own page may call the engine. */
export function isTrustedSender(frameUrl: string | undefined, isTopFrame: boolean): boolean {
  if (!frameUrl || !isTopFrame) return false;
  try {
    // Node's URL gives custom schemes an opaque origin, so compare scheme and host instead.
    const url = new URL(frameUrl);
    return `${url.protocol}//${url.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}
