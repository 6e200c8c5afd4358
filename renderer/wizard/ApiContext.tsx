import { createContext, useContext } from 'react';
import { CHANNELS, type DlsetupApi } from '../../shared/ipc/contract.js';

/** Without a provider (a screen rendered alone) every call answers NOT_AVAILABLE, as an unwired channel does. */
const disconnected = Object.fromEntries(
  CHANNELS.map((channel) => [channel, async () => ({ ok: false, error: { code: 'NOT_AVAILABLE', message: 'No engine connected.' } })]),
) as unknown as Omit<DlsetupApi, 'onProgress'>;

export const disconnectedApi: DlsetupApi = { ...disconnected, onProgress: () => () => undefined };

/** Screens reach the engine through this context, so they render alone in tests without a transport. */
export const ApiContext = createContext<DlsetupApi>(disconnectedApi);

export function useApi(): DlsetupApi {
  return useContext(ApiContext);
}
