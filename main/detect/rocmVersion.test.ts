import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost, type SimulatedHostOptions } from '../../testkit/simulatedHost.js';
import { detectHardware } from './detectHardware.js';
import { formatHardwareSummary } from './formatHardwareSummary.js';

// Issue 28: the installed ROCm release is read from the host's own files (formats and captures: fixtures/SOURCES.md, rocm-version/).
const RX_7900_XTX = {
  '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="24.04"\nID=ubuntu\nID_LIKE=debian\n',
  '/sys/bus/pci/devices/0000:03:00.0/class': '0x030000\n',
  '/sys/bus/pci/devices/0000:03:00.0/vendor': '0x1002\n',
  '/sys/bus/pci/devices/0000:03:00.0/device': '0x744c\n',
  '/sys/bus/pci/devices/0000:03:00.0/revision': '0xc8\n',
};
const LSPCI = '03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M] [1002:744c] (rev c8)\n';

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

async function detectOn(files: SimulatedHostOptions['files'], tools: SimulatedHostOptions['tools'] = {}) {
  host = await createSimulatedHost({ isolatePath: true, files: { ...RX_7900_XTX, ...files }, tools: { lspci: { stdout: LSPCI }, ...tools } });
  return withSimulatedHost(host, () => detectHardware({ timeoutMs: 20000, quick: true }));
}

describe('the installed ROCm release, on simulated hosts', () => {
  it('/opt/rocm/.info/version "6.3.2-66": ROCm 6.3.2 build 66, said in the summary with the file it came from', async () => {
    const report = await detectOn({ '/opt/rocm/.info/version': { fixture: 'rocm-version/info-version_6.3.2-66.txt' } });
    expect(report.rocm).toEqual({ version: '6.3.2', build: '66', source: '/opt/rocm/.info/version' });
    const en = formatHardwareSummary(report, { color: false }).split('\n');
    expect(en).toContain('  ROCm 6.3.2 installed (read from /opt/rocm/.info/version), but no ROCm tool answered');
    expect(en).toContain('  AMD Radeon RX 7900 XTX: gfx1100 (from its PCI device id, on ROCm\'s list of supported GPUs)');
    const zh = formatHardwareSummary(report, { color: false, locale: 'zh-CN' }).split('\n');
    expect(zh).toContain('  已安装 ROCm 6.3.2（读自 /opt/rocm/.info/version），但没有 ROCm 工具应答');
    expect(zh).toContain('  AMD Radeon RX 7900 XTX：gfx1100（来自其 PCI 设备 ID，在 ROCm 支持的 GPU 列表中）');
  }, 60_000);

  it('no /opt/rocm, two side-by-side releases: the newest one\'s .info/version, and both listed', async () => {
    const report = await detectOn({
      '/opt/rocm-6.2.0/include/rocm-core/rocm_version.h': { fixture: 'rocm-version/rocm_version.h_6.2.0_excerpt.txt' },
      '/opt/rocm-6.4.1/.info/version': { fixture: 'rocm-version/info-version_6.4.1.txt' },
    });
    expect(report.rocm).toEqual({ version: '6.4.1', source: '/opt/rocm-6.4.1/.info/version', installed: ['6.4.1', '6.2.0'] });
  }, 60_000);

  it("rocm-core's rocm_version.h when .info is gone", async () => {
    const report = await detectOn({ '/opt/rocm/include/rocm-core/rocm_version.h': { fixture: 'rocm-version/rocm_version.h_6.2.0_excerpt.txt' } });
    expect(report.rocm).toEqual({ version: '6.2.0', source: '/opt/rocm/include/rocm-core/rocm_version.h' });
  }, 60_000);

  it('no version file but amd-smi answers: `amd-smi version`; its gfx target is then the tool\'s', async () => {
    const asic = 'GPU: 0\n    ASIC:\n        MARKET_NAME: AMD Radeon RX 7900 XTX\n        DEVICE_ID: 0x744c\n        TARGET_GRAPHICS_VERSION: gfx1100\n';
    const amdSmi = { stdout: asic, when: [{ args: 'version', stdout: { fixture: 'rocm-version/amd-smi-version_rocm6.4.0_mi300x.txt' } }] };
    const report = await detectOn({}, { 'amd-smi': amdSmi });
    expect(report.rocm).toEqual({ version: '6.4.0', source: 'amd-smi version' });
    expect(report.gpus[0]).toMatchObject({ gfxArch: 'gfx1100', gfxArchSource: 'amd-smi', name: 'AMD Radeon RX 7900 XTX' });
    expect(formatHardwareSummary(report, { color: false }).split('\n')).toContain('  ROCm 6.4.0 installed (read from amd-smi version; amd-smi answered)');
  }, 60_000);

  it('amd-smi without a ROCm it can read ("ROCm version: N/A") and a bare /opt/rocm-6.2.0: the folder\'s release', async () => {
    const amdSmi = { stdout: '', when: [{ args: 'version', stdout: { fixture: 'rocm-version/amd-smi-version_rocm-na.txt' } }] };
    const report = await detectOn({ '/opt/rocm-6.2.0/lib/.keep': '' }, { 'amd-smi': amdSmi });
    expect(report.rocm).toEqual({ version: '6.2.0', source: '/opt/rocm-6.2.0' });
  }, 60_000);

  it('no ROCm at all: no rocm field, and the summary says ROCm was not found', async () => {
    const report = await detectOn({});
    expect(report.rocm).toBeUndefined();
    expect(formatHardwareSummary(report, { color: false }).split('\n')).toContain('  ROCm: not found (no ROCm tool answered)');
  }, 60_000);
});
