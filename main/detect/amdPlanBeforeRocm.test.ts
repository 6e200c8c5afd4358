import { afterEach, describe, expect, it } from 'vitest';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';
import { profileFromReport } from '../plan/profileFromReport.js';
import { detectHardware } from './detectHardware.js';

// Issue 28: with the gfx target known from the device id, the PyTorch ROCm plan is made before any ROCm tool is installed.
let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

async function planFor(deviceId: string, lspciName: string, locale?: 'zh-CN') {
  const dir = '/sys/bus/pci/devices/0000:03:00.0';
  await host?.cleanup();
  host = await createSimulatedHost({
    isolatePath: true,
    files: { '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n', [`${dir}/class`]: '0x030000\n', [`${dir}/vendor`]: '0x1002\n', [`${dir}/device`]: `0x${deviceId}\n` },
    tools: { lspci: { stdout: `03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] ${lspciName} [1002:${deviceId}]\n` } },
  });
  const report = await withSimulatedHost(host, () => detectHardware({ timeoutMs: 20000, quick: true }));
  const profile = profileFromReport(report, shippedData.gpus.gpus);
  return { report, plan: resolvePlan(shippedData, profile, { framework: 'pytorch' }, locale ? { locale } : {}) };
}

describe('an AMD GPU seen only by sysfs + lspci, no ROCm installed', () => {
  it('RX 7900 XTX (1002:744c, gfx1100): a PyTorch ROCm build', async () => {
    const { report, plan } = await planFor('744c', 'Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]');
    expect(report.rocmTools).toBeUndefined();
    expect(report.gpus[0]).toMatchObject({ gfxArch: 'gfx1100', gfxArchSource: 'pci-id' });
    expect(plan.framework.variant).toMatch(/^rocm/);
    expect(plan.status).toBe('ok');
  }, 60_000);

  it('Radeon VII (1002:66af, gfx906): no ROCm build has it, and the plan says so with the gfx target', async () => {
    const { plan } = await planFor('66af', 'Vega 20 [Radeon VII]');
    expect(plan.framework.variant).not.toMatch(/^rocm/);
    expect([...plan.warnings, ...(plan.missingPrerequisites ?? []).map((item) => item.message)].join('\n')).toContain('ROCm does not support gfx906');
  }, 60_000);

  it('a Renoir iGPU (1002:1636, gfx90c from the kernel\'s id list): the CPU build, saying ROCm does not support gfx90c', async () => {
    const { report, plan } = await planFor('1636', 'Renoir [Radeon Vega Series / Radeon Vega Mobile Series]');
    expect(report.gpus[0]).toMatchObject({ gfxArch: 'gfx90c', gfxArchSource: 'pci-id', rocmSupport: 'notListed' });
    expect(plan.framework.variant).toBe('cpu');
    expect(plan.warnings.join('\n')).toContain('ROCm does not support gfx90c');
    const zh = await planFor('1636', 'Renoir [Radeon Vega Series / Radeon Vega Mobile Series]', 'zh-CN');
    expect(zh.plan.warnings.join('\n')).toContain('gfx90c');
  }, 60_000);

  it('a Phoenix iGPU (1002:15bf, no source names its gfx target): the CPU build, saying the gfx target is not known (en + zh-CN)', async () => {
    const { report, plan } = await planFor('15bf', 'Phoenix1');
    expect(report.gpus[0]?.gfxArch).toBeUndefined();
    expect(plan.framework.variant).toBe('cpu');
    expect(plan.reasons.join('\n')).toContain('does not know the gfx target of');
    expect(plan.reasons.join('\n')).not.toContain('supports this AMD GPU');
    const zh = await planFor('15bf', 'Phoenix1', 'zh-CN');
    expect(zh.plan.reasons.join('\n')).toContain('不知道');
  }, 60_000);
});
