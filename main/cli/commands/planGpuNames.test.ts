import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../main.js';
import { captureIo, pinLocaleEnv } from '../testIo.js';

beforeEach(() => pinLocaleEnv(vi.stubEnv, 'en_US.UTF-8'));
afterEach(() => {
  vi.unstubAllEnvs();
});

async function plan(gpu: string, ...more: string[]) {
  const io = captureIo();
  const code = await main(['plan', '--framework', 'pytorch', '--os', 'linux', '--arch', 'x86_64', '--gpu', gpu, '--driver', 'none', ...more], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

// Issue 28: --gpu takes every product name of data/nvidia-devices.json (pci.ids), not only data/gpus.json's 51 rows.
describe('dlsetup plan --gpu with names from pci.ids', () => {
  it.each([
    ['RTX 4060', 'GeForce RTX 4060', '8.9'],
    ['GeForce GTX 780', 'GeForce GTX 780', '3.5'],
    ['RTX 5090 Laptop GPU', 'GeForce RTX 5090 Mobile', '12.0'],
    ['A100-SXM4-80GB', 'A100 SXM4 80GB', '8.0'],
    ['A100 80GB PCIe', 'A100 PCIe 80GB', '8.0'],
  ])('--gpu "%s" plans for %s (compute capability %s)', async (gpu, name, computeCapability) => {
    const { code, stdout, stderr } = await plan(gpu, '--json');
    expect(stderr).not.toMatch(/does not know a GPU/);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).profile).toMatchObject({ gpuVendor: 'nvidia', gpuName: name, computeCapability });
  });

  it('a name shared by different cards lists them and asks for one', async () => {
    const { code, stderr } = await plan('GT 730');
    expect(code).toBe(1);
    expect(stderr).toContain('Several GPUs are called "GT 730" and they differ: GeForce GT 730 (GK107, 3.0); GeForce GT 730 (GK208B, 3.5).');
    expect(stderr).toMatch(/\[INVALID_ARGUMENT\]/);
  });

  it('says the same in Simplified Chinese', async () => {
    pinLocaleEnv(vi.stubEnv, 'zh_CN.UTF-8');
    const { stderr } = await plan('GT 730');
    expect(stderr).toContain('有多款 GPU 名为“GT 730”，而且它们不同：GeForce GT 730 (GK107, 3.0); GeForce GT 730 (GK208B, 3.5)。');
  });
});

// Names data/gpus.json knows are matched before the device table; their PCI ids still carry its driver facts.
// data/nvidia-devices.json: 10de:2342 "GH100 [GH200 120GB / 480GB]" and 10de:2348 "GH100 [GH200 144G HBM3e]" are
// open-only (NVIDIA's README lists GH200 among the GPUs the proprietary modules do not drive), so are Blackwell's
// 10de:2901 "GB100 [B200]" and 10de:2b85 "GB202 [GeForce RTX 5090]"; Ubuntu's open package is nvidia-driver-{branch}-open.
describe('dlsetup plan --gpu with names from data/gpus.json', () => {
  it.each([
    ['GH200', 'Hopper'],
    ['B200', 'Blackwell'],
    ['RTX 5090', 'Blackwell'],
  ])('--gpu "%s" (%s) installs the open kernel modules', async (gpu) => {
    const { code, stdout } = await plan(gpu, '--json');
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { profile: Record<string, unknown>; steps: { kind: string; params: Record<string, unknown> }[] };
    expect(result.profile).toMatchObject({ gpuOpenKernelModules: 'required' });
    const driver = result.steps.find((step) => step.kind === 'driver');
    expect(driver?.params).toMatchObject({ open: true, ubuntuPackage: `nvidia-driver-${String(driver?.params.branch)}-open` });
  });

  it('a GPU the proprietary modules still drive keeps the plain package (H100 PCIe, 10de:2331)', async () => {
    const { stdout } = await plan('H100 PCIe', '--json');
    const driver = (JSON.parse(stdout) as { steps: { kind: string; params: Record<string, unknown> }[] }).steps.find((step) => step.kind === 'driver');
    expect(driver?.params.open).toBeUndefined();
    expect(driver?.params.ubuntuPackage).toBe(`nvidia-driver-${String(driver?.params.branch)}`);
  });
});
