// Issue 28: driver 595 ignores a Pascal GPU and R580 is Pascal's last branch (data/gpu-architectures.json), so the plan
// puts R580 in 595's place. The Plan screen says "replace", never "upgrade", in both languages.
import { describe, expect, it } from 'vitest';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';
import { nvidiaProfile } from '../../testkit/plan/nvidiaProfile.js';
import { renderScreen, visibleText } from '../../testkit/renderer/renderScreen.js';
import { initialWizardState } from '../wizard/wizardState.js';
import { PlanScreen } from './PlanScreen.js';

const pascalOn595 = nvidiaProfile('NVIDIA GeForce GTX 1080 Ti', '595.45.04', 'linux', { computeCapability: '6.1' });

describe('Plan screen: a driver that ignores the GPU is replaced', () => {
  it.each([
    ['en', 'NVIDIA driver 595.45.04 → TARGET replace', 'Replace NVIDIA driver 595.45.04 with R580 (TARGET or newer): driver 595 does not drive this GPU'],
    ['zh-CN', 'NVIDIA 驱动 595.45.04 → TARGET 替换', '把 NVIDIA 驱动 595.45.04 换成 R580（TARGET 或更新版本）：595 版驱动不支持这块 GPU'],
  ] as const)('%s', (locale, row, step) => {
    const plan = resolvePlan(shippedData, pascalOn595, { framework: 'pytorch' }, { locale });
    const target = plan.driver.target ?? '';
    expect(target).toMatch(/^580\./);
    const text = visibleText(renderScreen(<PlanScreen state={{ ...initialWizardState, plan: { status: 'ready', value: plan } }} dispatch={() => undefined} />, locale));
    expect(text).toContain(row.replace('TARGET', target));
    expect(text).toContain(step.replace('TARGET', target));
    // Neither the step nor the table row says "upgrade" (the shell script's "# action: upgrade" is the step's param).
    expect(text).not.toMatch(/Upgrade to NVIDIA driver|升级到 NVIDIA 驱动|→ [\d.]+ (?:upgrade|升级)/);
  });
});
