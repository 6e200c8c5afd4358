import { afterEach, describe, expect, it } from 'vitest';
import { translationProblems, type Locale } from '../../shared/i18n/localize.js';
import type { CudaToolkit, DriverInfo } from '../../shared/types/hardware.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost, type SimulatedHostOptions } from '../../testkit/simulatedHost.js';
import { detectHardware } from './detectHardware.js';
import detectTextEn from '../../locales/en/detect.json' with { type: 'json' };
import detectTextZhCN from '../../locales/zh-CN/detect.json' with { type: 'json' };
import { explainCudaVersions } from './explainCudaVersions.js';

const CJK = /[\u4e00-\u9fff]/;

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

function pciDevice(slot: string, vendor: string, device: string): Record<string, string> {
  const dir = `/sys/bus/pci/devices/${slot}`;
  return { [`${dir}/class`]: '0x030000\n', [`${dir}/vendor`]: `0x${vendor}\n`, [`${dir}/device`]: `0x${device}\n` };
}

const UBUNTU = { '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n' };

async function detectOn(options: SimulatedHostOptions, locale?: Locale) {
  host = await createSimulatedHost({ isolatePath: true, ...options, files: { ...UBUNTU, ...options.files } });
  return withSimulatedHost(host, () => detectHardware({ timeoutMs: 4000, locale }));
}

describe('detect catalogs', () => {
  it('the Chinese catalog has every English key, with the same placeholders', () => {
    expect(translationProblems(detectTextEn, detectTextZhCN)).toEqual([]);
  });
});

describe('explainCudaVersions in Chinese', () => {
  const driver = (cudaVersion: string | null): DriverInfo => ({ version: '550.54.15', cudaVersion, source: 'nvidia-smi' });
  const toolkit = (version: string): CudaToolkit => ({ version, path: `/usr/local/cuda-${version}`, active: true, source: '/usr/local' });
  const cases: [string, DriverInfo | null, CudaToolkit[]][] = [
    ['no driver, no toolkit', null, []],
    ['no driver, a toolkit', null, [toolkit('12.4')]],
    ['a driver, no toolkit', driver('12.4'), []],
    ['a driver without its CUDA version, a toolkit', driver(null), [toolkit('12.4')]],
    ['toolkit newer (major) than the driver', driver('12.4'), [toolkit('13.0')]],
    ['toolkit newer (minor) than the driver', driver('12.4'), [toolkit('12.6')]],
    ['toolkit older than the driver', driver('12.4'), [toolkit('12.2')]],
    ['a toolkit version that is not a number', driver('12.4'), [toolkit('unknown')]],
  ];

  it.each(cases)('%s: every sentence is Chinese and keeps the versions; English stays the default', (_name, drv, toolkits) => {
    const zh = explainCudaVersions(drv, toolkits, true, 'zh-CN');
    const en = explainCudaVersions(drv, toolkits, true);
    for (const text of [zh.summary.message, ...zh.findings.map((finding) => finding.message)]) {
      expect(text).toMatch(CJK);
      if (toolkits[0]) expect(text).toContain(toolkits[0].version);
    }
    expect(zh.findings.map((finding) => finding.code)).toEqual(en.findings.map((finding) => finding.code));
    expect({ ...zh.summary, message: '' }).toEqual({ ...en.summary, message: '' });
    expect(en.summary.message).not.toMatch(CJK);
    expect(explainCudaVersions(drv, toolkits, true, 'en')).toEqual(en);
  });
});

describe('detectHardware with a locale, on simulated hosts', () => {
  it('toolkit newer than the driver: the finding and the CUDA explanation in Chinese, English by default', async () => {
    const options: SimulatedHostOptions = {
      files: { '/usr/local/cuda-13.1/version.json': '{"cuda": {"version": "13.1.0"}}' },
      symlinks: { '/usr/local/cuda': '/usr/local/cuda-13.1' },
      tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-table/rtx3090_driver535.161.07_empty-process-list.txt' } } },
    };
    const zh = await detectOn(options, 'zh-CN');
    expect(zh.cudaSummary).toMatchObject({ driverCuda: '12.2', toolkit: '13.1.0', compatible: false });
    expect(zh.cudaSummary?.message).toMatch(CJK);
    expect(zh.cudaSummary?.message).toContain('CUDA 12.2（nvidia-smi）');
    const finding = zh.findings.find((entry) => entry.code === 'TOOLKIT_NEWER_THAN_DRIVER');
    expect(finding?.message).toMatch(CJK);
    expect(finding?.message).toContain('Toolkit 13.1.0 属于 CUDA 13');
    for (const entry of zh.findings) expect(entry.message).toMatch(CJK);
    await host?.cleanup();

    const en = await detectOn(options);
    expect(en.findings.find((entry) => entry.code === 'TOOLKIT_NEWER_THAN_DRIVER')?.message).toBe(
      'The driver 535.161.07 supports up to CUDA 12.2 (nvidia-smi), but CUDA Toolkit 13.1.0 is installed at /usr/local/cuda-13.1 (nvcc). Toolkit 13.1.0 is CUDA 13, newer than the CUDA 12.2 this driver runs: programs built with it fail with “CUDA driver version is insufficient”. Update the driver to one that supports CUDA 13, or use a Toolkit no newer than 12.2.',
    );
    for (const entry of en.findings) expect(entry.message).not.toMatch(CJK);
  });

  it('no driver, nouveau loaded, nvidia-smi failing, a toolkit: every finding in Chinese', async () => {
    const report = await detectOn(
      {
        files: {
          ...pciDevice('0000:01:00.0', '10de', '2684'),
          '/proc/modules': 'nouveau 2412544 1 - Live 0x0000000000000000\n',
          '/usr/local/cuda-12.2/version.json': '{"cuda": {"version": "12.2.2"}}',
        },
        symlinks: { '/usr/local/cuda': '/usr/local/cuda-12.2' },
        tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-errors/nvidia-smi_failed_communicate_driver_in_container.txt' }, exitCode: 9 } },
      },
      'zh-CN',
    );
    expect(report.findings.map((finding) => finding.code)).toEqual(expect.arrayContaining(['DRIVER_NOT_LOADED', 'NOUVEAU_LOADED', 'TOOLKIT_WITHOUT_DRIVER']));
    for (const finding of report.findings) expect(finding.message, finding.code).toMatch(CJK);
    expect(report.findings.find((finding) => finding.code === 'DRIVER_NOT_LOADED')?.message).toContain('--gpus all');
    expect(report.cudaSummary?.message).toMatch(CJK);
  });

  it('warnings in Chinese keep the path and the command as they are', async () => {
    host = await createSimulatedHost({
      isolatePath: true,
      unreadable: ['/etc/os-release', '/proc/modules'],
      tools: { 'nvidia-smi': { stderr: 'nvidia-smi: cannot open shared object file', exitCode: 127 } },
    });
    const report = await withSimulatedHost(host, () => detectHardware({ timeoutMs: 4000, locale: 'zh-CN' }));
    expect(report.warnings).toHaveLength(3);
    for (const warning of report.warnings) expect(warning).toMatch(CJK);
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        '/etc/os-release 存在但无法读取，因此本报告缺少这项信息：Linux 发行版信息。',
        expect.stringMatching(/^“nvidia-smi”以退出码 127 结束.*“nvidia-smi: cannot open shared object file”.*NVIDIA GPU 详情。$/),
      ]),
    );
  });
});
