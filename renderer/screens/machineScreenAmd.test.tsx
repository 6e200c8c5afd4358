import { describe, expect, it } from 'vitest';
import { renderScreen, visibleText } from '../../testkit/renderer/renderScreen.js';
import { rx7900xtxReport } from '../../testkit/renderer/sampleData.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { initialWizardState, type WizardState } from '../wizard/wizardState.js';
import { MachineScreen } from './MachineScreen.js';

const state = (patch: Partial<WizardState>): WizardState => ({ ...initialWizardState, ...patch });
const render = (report: HardwareReport, locale?: 'zh-CN') => visibleText(renderScreen(<MachineScreen state={state({ detect: { status: 'ready', value: report } })} dispatch={() => {}} />, locale));

describe('Your machine with an AMD GPU: ROCm release, gfx target and where it came from (issue 28)', () => {
  it('ROCm read from its files, gfx target from the PCI id, in English and Chinese', () => {
    const base = rx7900xtxReport();
    const report: HardwareReport = {
      ...base,
      rocm: { version: '6.3.2', build: '66', source: '/opt/rocm/.info/version' },
      gpus: [{ ...base.gpus[0]!, gfxArchSource: 'pci-id', rocmSupport: 'supported' }],
    };
    const en = render(report);
    expect(en).toContain('AMD ROCm ROCm 6.3.2 (read from /opt/rocm/.info/version; rocm-smi, rocm_agent_enumerator answered)');
    expect(en).toContain('GPU architecture (gfx) gfx1100 (from its PCI device id)');
    expect(en).toContain("ROCm support On ROCm's list of supported GPUs");
    const zh = render(report, 'zh-CN');
    expect(zh).toContain('ROCm 6.3.2（读自 /opt/rocm/.info/version；rocm-smi, rocm_agent_enumerator 有应答）');
    expect(zh).toContain('gfx1100（来自其 PCI 设备 ID）');
  });

  it('no ROCm tool, no ROCm files, an iGPU whose gfx target no source names: each said as unknown / not found', () => {
    const base = rx7900xtxReport();
    const report: HardwareReport = { ...base, rocmTools: undefined, gpus: [{ vendor: 'amd', name: 'Phoenix1', pciId: '1002:15bf', source: 'sysfs' }] };
    const en = render(report);
    expect(en).toContain('AMD ROCm Not found (no ROCm tool answered)');
    expect(en).toContain("GPU architecture (gfx) Unknown: no source DL Setup has names this GPU's gfx target");
    expect(render(report, 'zh-CN')).toContain('未知：DL Setup 掌握的来源都没有列出这块 GPU 的 gfx 目标');
  });
});
