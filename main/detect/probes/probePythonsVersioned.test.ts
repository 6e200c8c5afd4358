import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../../testkit/simulatedHost.js';
import { detectHardware } from '../detectHardware.js';

const UBUNTU = { '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n' };
// What SITE_SCRIPT prints for each interpreter (the report's fields), as a real Python answers.
const answer = (version: string, venv: boolean) => ({ stdout: JSON.stringify({ version, prefix: '/usr', site: [`/usr/lib/python${version.split('.').slice(0, 2).join('.')}/site-packages`], venv }) });

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

describe('Pythons beside python3 on PATH', () => {
  it('an extra python3.12 next to a 3.10 python3 (Ubuntu 22.04 + deadsnakes) is found and asked once', async () => {
    host = await createSimulatedHost({
      isolatePath: true,
      files: UBUNTU,
      tools: { python3: answer('3.10.12', false), 'python3.10': answer('3.10.12', false), 'python3.12': answer('3.12.3', true), 'python3.12-config': { stdout: '' } },
    });
    const report = await withSimulatedHost(host, () => detectHardware({ timeoutMs: 4000 }));
    const versions = report.pythons.filter((env) => env.kind === 'system').map((env) => [env.version, env.venv]);
    expect(versions).toContainEqual(['3.12.3', true]);
    expect(versions).toContainEqual(['3.10.12', false]);
    expect(report.pythons.map((env) => env.path).filter((p) => p.endsWith('python3.12'))).toHaveLength(1);
  });

  it('without versioned commands only python3 is seen, as before', async () => {
    host = await createSimulatedHost({ isolatePath: true, files: UBUNTU, tools: { python3: answer('3.10.12', true) } });
    const report = await withSimulatedHost(host, () => detectHardware({ timeoutMs: 4000 }));
    expect(report.pythons.map((env) => env.version)).toEqual(['3.10.12']);
  });
});
