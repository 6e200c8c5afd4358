import { afterEach, describe, expect, it } from 'vitest';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import type { HardwareProfile } from '../../shared/types/plan.js';
import { detectHardware } from '../detect/detectHardware.js';
import { loadCompatData } from '../plan/loadCompatData.js';
import { profileFromReport } from '../plan/profileFromReport.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { formatDryRun } from './formatDryRun.js';

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

/** Debian 12's own python3.11 as dpkg records it (the lines detection reads), with or without python3.11-venv's ensurepip. */
async function freshDebian(withVenv: boolean): Promise<HardwareProfile> {
  host = await createSimulatedHost({
    isolatePath: true,
    files: {
      '/etc/os-release': 'NAME="Debian GNU/Linux"\nID=debian\nVERSION_ID="12"\n',
      '/var/lib/dpkg/info/python3.11-minimal.list': '/.\n/usr\n/usr/bin\n/usr/bin/python3.11\n',
      '/var/lib/dpkg/status': 'Package: python3.11-minimal\nStatus: install ok installed\nPriority: optional\nVersion: 3.11.2-6+deb12u6\n',
      '/usr/lib/python3.11/site.py': 'sitepackages.append(os.path.join(prefix, "lib",\n                                             "python3",\n                                             "dist-packages"))\n',
      '/usr/lib/python3.11/sysconfig.py': "_INSTALL_SCHEMES = {\n    'deb_system': {},\n    'posix_local': {},\n}\n",
      ...(withVenv ? { '/usr/lib/python3.11/ensurepip/__init__.py': '' } : {}),
    },
    symlinks: { '/usr/bin/python3': '/usr/bin/python3.11' },
    executables: { '/usr/bin/python3.11': { stderr: 'this interpreter must not be started', exitCode: 1 } },
  });
  const report = await withSimulatedHost(host, () => detectHardware({ timeoutMs: 4000 }));
  return profileFromReport(report);
}

const envRoot = '/home/student/envs';

describe('Python environments on a fresh Debian/Ubuntu: only Pythons that are there or that the plan installs', () => {
  it('python3.11 without python3.11-venv: detection says so, the plan installs python3.11-venv (root) before python3.11 -m venv', async () => {
    const profile = await freshDebian(false);
    expect(profile).toMatchObject({ pythonVersions: ['3.11'], pythonsWithoutVenv: ['3.11'] });
    const plan = resolvePlan(loadCompatData(), profile, { framework: 'pytorch' });
    expect(plan.python.version).toBe('3.11');
    expect(plan.steps.map((step) => step.kind)).toEqual(['system-python', 'python-env', 'framework']);
    expect(plan.steps[0]).toMatchObject({ elevated: true, title: "Install Python 3.11's venv support from the distribution (python3.11-venv)" });
    const dryRun = formatDryRun(plan, { envRoot });
    expect(dryRun).toContain('[admin] $ apt-get install --yes python3.11-venv');
    expect(dryRun).toContain(`$ python3.11 -m venv ${envRoot}/`);
    expect(dryRun).not.toContain('python3.12');
    const zh = resolvePlan(loadCompatData(), profile, { framework: 'pytorch' }, { locale: 'zh-CN' });
    expect(zh.steps[0]?.title).toBe('从发行版安装 Python 3.11 的 venv 支持（python3.11-venv）');
  });

  it('with ensurepip there, nothing extra is planned', async () => {
    const profile = await freshDebian(true);
    expect(profile.pythonsWithoutVenv).toBeUndefined();
    const plan = resolvePlan(loadCompatData(), profile, { framework: 'pytorch' });
    expect(plan.steps.map((step) => step.kind)).toEqual(['python-env', 'framework']);
  });

  it('no Python the release supports on the machine: the plan installs the one it names instead of calling a missing python3.X', () => {
    // Ubuntu 20.04's python3.8 only; TensorFlow 2.16 supports 3.9-3.12 (tested build configurations).
    const profile: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'none', driverVersion: null, pythonVersion: '3.8.10', pythonVersions: ['3.8'] };
    const plan = resolvePlan(loadCompatData(), profile, { framework: 'tensorflow', frameworkVersion: '2.16' });
    const python = plan.python.version;
    expect(python).not.toBe('3.8');
    expect(plan.steps.map((step) => step.kind).slice(0, 2)).toEqual(['system-python', 'python-env']);
    expect(plan.steps[0]?.params).toEqual({ python });
    expect(formatDryRun(plan, { envRoot })).toContain(`[admin] $ apt-get install --yes python${python}-venv`);
  });

  it('several Pythons on the machine: the newest the release supports, not the default 3.12 that is not there', () => {
    const profile: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'none', driverVersion: null, pythonVersion: '3.10.12', pythonVersions: ['3.10', '3.11', '3.6'] };
    const plan = resolvePlan(loadCompatData(), profile, { framework: 'pytorch' });
    expect(plan.python.version).toBe('3.11');
    expect(plan.steps.map((step) => step.kind)).not.toContain('system-python');
  });
});
