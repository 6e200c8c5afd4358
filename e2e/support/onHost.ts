import { test } from '@playwright/test';
import type { SimulatedHost } from '../../testkit/simulatedHost.js';
import { startServe, type ServeHandle } from './serve.js';
import { wizardHost, WIZARD_HOSTS } from './wizardHosts.js';

/**
 * One simulated machine and one real `dlsetup serve` per describe block; `prepare` changes the host (a real Python on
 * its PATH, say) before serve starts. The returned object is filled in beforeAll.
 */
export function onHost(name: keyof typeof WIZARD_HOSTS, prepare?: (host: SimulatedHost) => Promise<void>): { host: SimulatedHost; serve: ServeHandle } {
  const machine: { host?: SimulatedHost; serve?: ServeHandle } = {};
  test.beforeAll(async () => {
    machine.host = await wizardHost(name);
    await prepare?.(machine.host);
    machine.serve = await startServe(machine.host.env);
  });
  test.afterAll(async () => {
    await machine.serve?.stop();
    await machine.host?.cleanup();
  });
  return machine as { host: SimulatedHost; serve: ServeHandle };
}
