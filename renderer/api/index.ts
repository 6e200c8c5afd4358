import type { DlsetupApi } from '../../shared/ipc/contract.js';
import { createHttpApi } from './httpApi.js';

declare global {
  interface Window {
    dlsetup?: DlsetupApi;
  }
}

/** The renderer's only door to the engine: Electron's preload bridge when present, else `dlsetup serve` over HTTP. */
export const api: DlsetupApi = window.dlsetup ?? createHttpApi();
