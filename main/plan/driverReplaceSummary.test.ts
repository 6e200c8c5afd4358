// Issue 28: driver 595 ignores a Pascal GPU and R580 is Pascal's last branch (data/gpu-architectures.json), so the plan
// puts R580 in 595's place: `dlsetup plan`'s summary and an install's run status say "replace", never "upgrade".
import { describe, expect, it } from 'vitest';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';
import { nvidiaProfile } from '../../testkit/plan/nvidiaProfile.js';
import { stepSummaries } from '../install/journal/runStatusFromJournal.js';
import { formatPlan } from './formatPlan.js';

const pascalOn595 = nvidiaProfile('NVIDIA GeForce GTX 1080 Ti', '595.45.04', 'linux', { computeCapability: '6.1' });

describe('a driver that ignores the GPU is replaced, in the plan summary and the run status', () => {
  it.each([
    ['en', /Driver\s+replace\s+595\.45\.04 -> TARGET or newer/, 'Replace NVIDIA driver 595.45.04 with R580 (TARGET or newer): driver 595 does not drive this GPU'],
    ['zh-CN', /驱动\s+替换\s+595\.45\.04 -> TARGET 或更新版本/, '把 NVIDIA 驱动 595.45.04 换成 R580（TARGET 或更新版本）：595 版驱动不支持这块 GPU'],
  ] as const)('%s', (locale, row, title) => {
    const plan = resolvePlan(shippedData, pascalOn595, { framework: 'pytorch' }, { locale });
    const target = plan.driver.target ?? '';
    expect(target).toMatch(/^580\./);
    const summary = formatPlan(plan, { color: false, locale });
    expect(summary).toMatch(new RegExp(row.source.replace('TARGET', target.replace(/\./g, '\\.'))));
    expect(summary).toContain(`1. ${locale === 'en' ? '[admin]' : '[管理员]'} ${title.replace('TARGET', target)}`);
    // The run status an install shows reads the title from the plan file, whatever title the file carries.
    const fromFile = { ...plan, steps: plan.steps.map((step) => ({ ...step, title: 'Upgrade' })) };
    expect(stepSummaries(fromFile, locale)[0]?.title).toBe(title.replace('TARGET', target));
  });
});
