import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIo } from '../testIo.js';

async function planJson(...args: string[]) {
  const io = captureIo();
  const code = await main(['plan', ...args, '--json'], io);
  return { code, plan: JSON.parse(io.stdout()), stderr: io.stderr() };
}

describe('dlsetup plan', () => {
  it('never sends a Pascal card on driver 580 to cu130 wheels (the uv pitfall)', async () => {
    const { code, plan } = await planJson('--framework', 'pytorch', '--os', 'linux', '--gpu', 'GTX 1080 Ti', '--driver', '580.65.06');
    expect(code).toBe(0);
    expect(plan.status).toBe('ok');
    expect(plan.framework.variant).not.toBe('cu130');
    expect(plan.framework.variant).toMatch(/^cu12/);
    expect(plan.driver.action).toBe('keep');
  });

  it('plans a driver upgrade for an RTX 4090 on an old driver and says why', async () => {
    const { plan } = await planJson('--framework', 'pytorch', '--os', 'linux', '--gpu', 'RTX 4090', '--driver', '470.57.02');
    expect(plan.status).toBe('ok');
    expect(plan.driver.action).toBe('upgrade');
    expect(plan.steps.map((step: { kind: string }) => step.kind)).toContain('driver');
    expect(plan.reasons.join(' ')).toMatch(/driver/i);
  });

  it('gives a CPU build, said clearly, when there is no GPU', async () => {
    const { plan } = await planJson('--framework', 'pytorch', '--os', 'linux', '--gpu-vendor', 'none');
    expect(plan.framework.variant).toBe('cpu');
    expect(plan.driver.action).toBe('none');
  });

  it('blocks a pinned version that cannot run here, offers the nearest working one, and exits 1', async () => {
    const { code, plan } = await planJson('--framework', 'tensorflow', '--framework-version', '2.15.0', '--os', 'windows', '--gpu', 'RTX 3060', '--driver', '560.94');
    expect(code).toBe(1);
    expect(plan.status).toBe('blocked');
    expect(plan.blockers[0].code).toBeTruthy();
    expect(plan.blockers[0].alternative).toBeTruthy();
  });

  it('writes the plan in Simplified Chinese with --lang zh-CN, the same plan otherwise', async () => {
    const args = ['--framework', 'pytorch', '--os', 'linux', '--gpu', 'RTX 4090', '--driver', '470.57.02'];
    const english = await planJson(...args);
    const chinese = await planJson(...args, '--lang', 'zh-CN');
    expect(chinese.code).toBe(0);
    const sentences = [...chinese.plan.reasons, ...chinese.plan.warnings, ...chinese.plan.steps.map((step: { title: string }) => step.title)];
    for (const sentence of sentences) expect(sentence).toMatch(/[\u4e00-\u9fff]/);
    expect(chinese.plan.reasons.join(' ')).toMatch(/驱动：你的驱动 470\.57\.02 版本过旧/);
    expect(chinese.plan.request).toEqual(english.plan.request);
    expect(chinese.plan.request).not.toHaveProperty('locale');
    expect({ ...chinese.plan, reasons: [], warnings: [], steps: [] }).toEqual({ ...english.plan, reasons: [], warnings: [], steps: [] });
    expect(english.plan.reasons.join(' ')).toMatch(/Driver: Your driver 470\.57\.02 is too old/);
    const io = captureIo();
    expect(await main(['plan', ...args, '--lang', 'fr'], io)).toBe(2);
    expect(io.stderr()).toContain('--lang');
  });

  it('refuses a missing --framework and an unknown GPU with clear messages', async () => {
    const io = captureIo();
    expect(await main(['plan'], io)).toBe(2);
    expect(io.stderr()).toContain('--framework is required');
    const unknown = captureIo();
    expect(await main(['plan', '--framework', 'jax', '--gpu', 'Voodoo 5 6000'], unknown)).toBe(1);
    expect(unknown.stderr()).toMatch(/\[INVALID_ARGUMENT\]/);
  });
});
