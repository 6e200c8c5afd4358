import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WIZARD_HOSTS } from '../../e2e/support/wizardHosts.js';
import { fixturePath } from '../../testkit/fixturePath.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { lastDetection } from './lastDetection.js';
import { planForMachine } from './planForMachine.js';

let host: SimulatedHost | undefined;
afterEach(async () => {
  await host?.cleanup();
  host = undefined;
  lastDetection.forget();
});

const LSPCI = '01:00.0 VGA compatible controller [0300]: NVIDIA Corporation Device [10de:2d99] (rev a1)\n';

/** The new workstation of the wizard's e2e (an NVIDIA GPU, no driver yet) whose lspci notes each run: one per detection. */
async function workstation(): Promise<{ host: SimulatedHost; detections: () => Promise<number> }> {
  const created = await createSimulatedHost({ isolatePath: true, systemTools: ['printf'], files: WIZARD_HOSTS.unknownNvidia.files });
  // Outside the machine's root and PATH: the log is the test's, not a change to the machine.
  await mkdir(created.env.DLSETUP_HOME, { recursive: true });
  const log = path.join(created.env.DLSETUP_HOME, 'lspci-runs.log');
  await writeFile(log, '');
  await writeFile(path.join(created.binDir, 'lspci'), `#!/bin/sh\necho run >> '${log}'\nprintf '%s' '${LSPCI}'\n`, { mode: 0o755 });
  host = created;
  return { host: created, detections: async () => (await readFile(log, 'utf8')).split('\n').filter(Boolean).length };
}

describe('plans stand on the last detection until the machine changes', () => {
  it('probes the machine once for two resolves (a framework, then another)', async () => {
    const { host, detections } = await workstation();
    await withSimulatedHost(host, async () => {
      const first = await planForMachine({ framework: 'pytorch' });
      const second = await planForMachine({ framework: 'jax', locale: 'zh-CN' });
      expect(first.profile?.gpuPciId).toBe('10de:2d99');
      expect(second.profile?.gpuPciId).toBe('10de:2d99');
    });
    expect(await detections()).toBe(1);
  });

  it('probes again when a driver was installed and loaded since (its version file appeared), and plans for that driver', async () => {
    const { host, detections } = await workstation();
    await withSimulatedHost(host, async () => {
      expect((await planForMachine({ framework: 'pytorch' })).profile?.driverVersion).toBeNull();
      const file = path.join(host.root, 'proc/driver/nvidia/version');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, await readFile(fixturePath('proc-driver/proc_driver_nvidia_version_open_565.57.01_ubuntu24.04.txt')));
      expect((await planForMachine({ framework: 'pytorch' })).profile?.driverVersion).toBe('565.57.01');
    });
    expect(await detections()).toBe(2);
  });

  it('probes again when asked, and a plan after the wizard\'s "Detect again" stands on that detection', async () => {
    const { host, detections } = await workstation();
    await withSimulatedHost(host, async () => {
      await planForMachine({ framework: 'pytorch' });
      await planForMachine({ framework: 'pytorch' }, { redetect: true });
      expect(await detections()).toBe(2);
      const report = await lastDetection.detectAndKeep({ locale: 'zh-CN' });
      expect(report.gpus[0]?.pciId).toMatch(/10de:2d99/i);
      await planForMachine({ framework: 'tensorflow' });
    });
    expect(await detections()).toBe(3);
  });
});
