import type { Locale } from '../../../shared/i18n/localize.js';
import type { ElevationMode } from './chooseElevationMode.js';
import { startConnectBackElevation } from './connectBackElevation.js';
import { startDirectElevation } from './directElevation.js';
import type { ElevationChannel } from './jsonLineChannel.js';
import { startPipedElevation } from './pipedElevation.js';
import { launchWithUac } from './uacLaunch.js';

// The install engine's one door to root: the mode, the channel and its start (the transports live beside this file).
export { chooseElevationMode, type ElevationMode } from './chooseElevationMode.js';
export type { ElevationChannel } from './jsonLineChannel.js';

/** Starts the run's one elevated helper and waits until it answers; a refused password → ELEVATION_DENIED. */
export async function startElevation(mode: ElevationMode, runId: string, locale?: Locale): Promise<ElevationChannel> {
  if (mode === 'direct') return startDirectElevation(runId, locale);
  if (mode === 'uac') return startConnectBackElevation(runId, launchWithUac, { locale });
  return startPipedElevation(mode, runId, locale);
}
