import type { DlsetupApi } from '../../shared/ipc/contract.js';
import { createHttpApi } from './httpApi.js';
import { forgetServeToken, reloadOnNewToken, takeServeToken } from './serveToken.js';

declare global {
  interface Window {
    dlsetup?: DlsetupApi;
  }
}

/**
 * The renderer's only door to the engine: Electron's preload bridge when present, else `dlsetup serve` over HTTP with
 * this tab's token. Null when this tab was never given a token; `onSignedOut` runs when the server refuses the one it has.
 */
export function openApi(onSignedOut: () => void): DlsetupApi | null {
  if (window.dlsetup) return window.dlsetup;
  reloadOnNewToken();
  const token = takeServeToken();
  if (!token) return null;
  return createHttpApi(token, () => {
    forgetServeToken();
    onSignedOut();
  });
}
