import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { WIZARD_HOSTS } from '../../e2e/support/wizardHosts.js';
import { withInstallSources } from '../../shared/plan/withInstallSources.js';
import { checkSchema } from '../../shared/schema/checkSchema.js';
import { ipcSchemas } from '../../shared/schema/ipcSchemas.js';
import type { Framework } from '../../shared/types/plan.js';
import { detectHardware } from '../detect/detectHardware.js';
import { fixturePath } from '../../testkit/fixturePath.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost, type SimulatedHostOptions } from '../../testkit/simulatedHost.js';
import { planForMachine } from './planForMachine.js';

let host: SimulatedHost | undefined;
afterEach(async () => {
  await host?.cleanup();
  host = undefined;
});

const UBUNTU = { '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n', '/usr/bin/apt-get': '' };

/**
 * The e2e wizard's machines, and one Linux machine per real Linux nvidia-smi XML capture (the stand-in prints the XML
 * for every query, so a Windows capture's process list would pose as a CSV row here).
 */
const HOSTS: [string, SimulatedHostOptions][] = [
  ...Object.entries(WIZARD_HOSTS).map(([name, options]): [string, SimulatedHostOptions] => [name, options]),
  ...readdirSync(fixturePath('nvidia-smi-xml'))
    .filter((file) => !file.endsWith('_windows.xml'))
    .map((file): [string, SimulatedHostOptions] => [file, { files: UBUNTU, tools: { 'nvidia-smi': { stdout: { fixture: `nvidia-smi-xml/${file}` } } } }]),
];

describe('plans for detected machines pass the install:start schema, as the wizard sends them', () => {
  it.each(HOSTS)('%s', async (_name, options) => {
    host = await createSimulatedHost({ isolatePath: true, ...options });
    const report = await withSimulatedHost(host, () => detectHardware({ timeoutMs: 4000 }));
    for (const framework of ['pytorch', 'tensorflow', 'jax'] as Framework[]) {
      for (const method of ['wheels', 'system'] as const) {
        const plan = await planForMachine({ framework, method, locale: 'zh-CN' }, { report });
        // What the Choose screen adds: a location, a mirror and a proxy.
        const sent = withInstallSources(plan, { envPath: '/tmp/dlsetup-e2e/envs/one', pypiMirror: 'tuna', pytorchMirror: 'http://127.0.0.1:41234/whl', proxy: 'http://proxy.example:3128' });
        const result = checkSchema(ipcSchemas['install:start'], { plan: sent, locale: 'zh-CN' });
        expect(result.ok ? 'ok' : result.error.message, `${framework} ${method}`).toBe('ok');
      }
    }
  });
});
