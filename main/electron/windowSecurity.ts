import path from 'node:path';
import { packageRoot } from '../appPaths.js';

export const APP_ORIGIN = 'app://dlsetup';

/** DESIGN.md §5, checked live by the Electron e2e lane. */
export const WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  spellcheck: false,
  preload: path.join(packageRoot, 'dist', 'preload', 'preload.cjs'),
} as const;

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
