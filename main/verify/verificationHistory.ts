import type { VerifyHistory } from '../../shared/ipc/contract.js';
import { queryDriverAndGpus } from './queryNvidiaSmi.js';
import { latestReport } from './reportHistory.js';

/** For the Welcome screen: was this machine verified before, and has the driver changed since (re-verify offer)? */
export async function verificationHistory(): Promise<VerifyHistory> {
  const [latest, now] = await Promise.all([latestReport(), queryDriverAndGpus()]);
  const currentDriver = now.driver ?? null;
  const previousDriver = latest?.fingerprint.driver ?? null;
  return { latest, currentDriver, driverChanged: latest !== null && previousDriver !== currentDriver };
}
