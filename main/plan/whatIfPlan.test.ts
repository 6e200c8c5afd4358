/*
 * What-if means what-if (issue 16): with any machine flag, `dlsetup plan` plans for the machine the flags describe. The
 * simulated host below has an RTX 4090 on driver 535.86.05, a CUDA 12.4 Update 1 Toolkit and cuDNN; none of it may leak
 * into a what-if plan, while the plain plan for the same host uses all of it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { main } from '../cli/main.js';
import { captureIo } from '../cli/testIo.js';

const UBUNTU = { '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n', '/usr/bin/apt-get': '' };
const PCI_4090 = {
  '/sys/bus/pci/devices/0000:01:00.0/class': '0x030000\n',
  '/sys/bus/pci/devices/0000:01:00.0/vendor': '0x10de\n',
  '/sys/bus/pci/devices/0000:01:00.0/device': '0x2684\n',
};

let host: SimulatedHost | undefined;
afterEach(async () => {
  await host?.cleanup();
  host = undefined;
});

async function planOnHost(...args: string[]) {
  host ??= await createSimulatedHost({
    isolatePath: true,
    files: { ...UBUNTU, ...PCI_4090, '/usr/local/cuda-12.4/version.json': '{"cuda": {"name": "CUDA SDK", "version": "12.4.1"}}' },
    symlinks: { '/usr/local/cuda': '/usr/local/cuda-12.4' },
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/rtx4090_driver535.86.05.xml' } } },
  });
  const io = captureIo();
  const code = await withSimulatedHost(host, () => main(['plan', ...args, '--json'], io));
  const plan = JSON.parse(io.stdout());
  return { code, plan, text: [...plan.reasons, ...plan.warnings, ...plan.steps.map((s: { title: string }) => s.title)].join('\n') as string };
}

describe('dlsetup plan: what-if uses only the flags', () => {
  it('the plain plan stands on this host: its driver and its CUDA 12.4 Toolkit', async () => {
    const { plan, text } = await planOnHost('--framework', 'pytorch', '--method', 'system');
    expect(plan.profile).toMatchObject({ gpuName: expect.stringMatching(/4090/), driverVersion: '535.86.05', cudaToolkits: ['12.4.1'] });
    expect(text).toMatch(/12\.4\.1/);
  });

  it('with --gpu, --driver and --method system the host toolkit, driver and Python stay out', async () => {
    const { plan, text } = await planOnHost('--framework', 'pytorch', '--gpu', 'RTX 3060', '--driver', '550.54.15', '--method', 'system');
    expect(plan.profile).not.toHaveProperty('cudaToolkits');
    expect(plan.profile).not.toHaveProperty('cudnnVersions');
    expect(plan.profile).not.toHaveProperty('pythonVersion');
    expect(plan.profile).toMatchObject({ gpuName: expect.stringMatching(/3060/), driverVersion: '550.54.15' });
    expect(plan.cudaToolkit.action).toBe('install');
    expect(text).not.toMatch(/12\.4\.1|535\.86\.05|4090/);
  });

  it('with --gpu alone the driver is unknown, not the host driver', async () => {
    const { plan, text } = await planOnHost('--framework', 'pytorch', '--gpu', 'RTX 3060');
    expect(plan.profile.driverVersion).toBeNull();
    expect(text).not.toMatch(/535\.86\.05/);
  });

  it('with --os alone the GPU is unknown, not the host RTX 4090', async () => {
    const { plan, text } = await planOnHost('--framework', 'pytorch', '--os', 'windows');
    expect(plan.profile).toMatchObject({ os: 'windows', gpuVendor: 'none', driverVersion: null });
    expect(text).not.toMatch(/4090|535\.86\.05|12\.4\.1/);
  });

  it('with --driver alone the GPU is an NVIDIA GPU of unknown model', async () => {
    const { plan } = await planOnHost('--framework', 'pytorch', '--driver', '580.65.06');
    expect(plan.profile).toMatchObject({ gpuVendor: 'nvidia', driverVersion: '580.65.06' });
    expect(plan.profile).not.toHaveProperty('gpuName');
    expect(plan.profile).not.toHaveProperty('computeCapability');
  });

  it('what-if pins on this host: a JAX find-links build and a +cpu build come from the flags, not the host toolkit', async () => {
    // jax-ml/jax docs/installation.md @ jax-v0.4.20 L84: 'pip install --upgrade "jax[cuda12_pip]" -f
    // https://storage.googleapis.com/jax-releases/jax_cuda_releases.html'; the host's CUDA 12.4.1 Toolkit plays no part.
    const jax = await planOnHost('--framework', 'jax', '--framework-version', '0.4.20', '--gpu', 'RTX 3090', '--driver', '550.54.14');
    expect(jax.plan.framework).toMatchObject({ variant: 'cuda12_pip', findLinks: 'https://storage.googleapis.com/jax-releases/jax_cuda_releases.html' });
    expect(jax.text).toContain('-f https://storage.googleapis.com/jax-releases/jax_cuda_releases.html');
    expect(jax.text).not.toMatch(/12\.4\.1|535\.86\.05|4090/);
    // previous-versions.md v2.0.1: '# CPU only / pip install torch==2.0.1+cpu ... --index-url https://download.pytorch.org/whl/cpu'.
    const cpu = await planOnHost('--framework', 'pytorch', '--framework-version', '2.0+cpu', '--gpu', 'RTX 3090', '--driver', '550.54.14');
    expect(cpu.plan.framework).toMatchObject({ version: '2.0.1', variant: 'cpu' });
    expect(cpu.plan.driver.action).toBe('none');
  });
});
