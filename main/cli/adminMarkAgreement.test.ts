/*
 * One administrator mark everywhere (issue 30: the wizard showed "[root]" where the CLI showed "[管理员]"): the plan
 * summary, the dry run, the rollback preview and the wizard's plan steps, install steps and undo preview all show the
 * plan catalog's step.adminMark, "[admin]" in English and "[管理员]" in Chinese (locales/<lang>/plan.json).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminMark } from '../../shared/plan/adminMark.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import type { Locale } from '../../shared/i18n/localize.js';
import { screenOf } from '../../testkit/renderer/queries.js';
import { renderScreen, visibleText } from '../../testkit/renderer/renderScreen.js';
import { InstallStepRow } from '../../renderer/screens/InstallStepRow.js';
import { PlanScreen } from '../../renderer/screens/PlanScreen.js';
import { UndoInstallView } from '../../renderer/screens/UndoInstall.js';
import { initialWizardState } from '../../renderer/wizard/wizardState.js';
import { formatDryRun } from '../install/formatDryRun.js';
import { RunJournal } from '../install/journal/runJournal.js';
import { formatPlan } from '../plan/formatPlan.js';
import { loadCompatData } from '../plan/loadCompatData.js';
import { main } from './main.js';
import { captureIo } from './testIo.js';

const MARK: Record<Locale, string> = { en: '[admin]', 'zh-CN': '[管理员]' };
const noop = () => undefined;
let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-admin-mark-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

/** The marks a reader sees in the wizard's rendered markup: every `.tag.admin`. */
function wizardMarks(html: string): string[] {
  const screen = screenOf(html);
  return screen.elementsWithAttribute('class').filter((element) => element.attribs.class === 'tag admin').map((element) => screen.text(element).trim());
}

describe.each(['en', 'zh-CN'] as const)('the administrator mark (%s)', (locale) => {
  const mark = MARK[locale];
  // A GTX 1080 Ti without a driver: the plan installs one, the one step that runs as administrator.
  const plan = resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: null }, { framework: 'pytorch' }, { locale });
  const driver = plan.steps.find((step) => step.kind === 'driver')!;

  it('is the catalog\'s one key', () => {
    expect(adminMark(locale)).toBe(mark);
    expect(driver.elevated).toBe(true);
  });

  it('is the same in the CLI\'s plan summary, dry run and rollback preview', async () => {
    expect(formatPlan(plan, { color: false, locale })).toContain(`  1. ${mark} ${driver.title}`);
    const dryRun = formatDryRun(plan, { envRoot: '/home/student/envs' }, locale).split('\n');
    expect(dryRun[0]).toContain(` ${mark} `);
    expect(dryRun).toContainEqual(expect.stringMatching(new RegExp(`^ {3}${mark.replace(/[[\]]/g, '\\$&')} \\$ apt-get install`)));
    vi.stubEnv('DLSETUP_HOME', path.join(tmp, locale));
    const runId = `20250101-000000-${locale === 'en' ? 'a1b2c3' : 'd4e5f6'}`;
    const journal = new RunJournal(runId);
    journal.append({ t: 'run-started', time: '2025-01-01T00:00:00.000Z', runId, plan, dryRun: false, pid: 1, bootId: null });
    journal.append({ t: 'change', time: '2025-01-01T00:00:01.000Z', stepId: 'driver', elevated: true, change: { type: 'needs-ldconfig' } });
    journal.append({ t: 'run-finished', time: '2025-01-01T00:00:02.000Z', state: 'failed' });
    const io = captureIo();
    await main(['rollback', runId, '--dry-run', '--lang', locale], io);
    expect(io.stdout().split('\n')[1]).toMatch(new RegExp(`^ {2}${mark.replace(/[[\]]/g, '\\$&')} \\S`));
  });

  it('is the same on the wizard\'s plan, install and undo screens', () => {
    const planHtml = renderScreen(createElement(PlanScreen, { state: { ...initialWizardState, screen: 'plan', plan: { status: 'ready', value: plan } }, dispatch: noop }), locale);
    expect(wizardMarks(planHtml)).toEqual([mark]);
    expect(visibleText(planHtml)).toContain(mark);
    const step = { id: driver.id, kind: driver.kind, title: driver.title, elevated: true, weight: 1, state: 'skipped' as const, fraction: null, detail: '', bytes: null, log: [], logDropped: 0 };
    expect(wizardMarks(renderScreen(createElement(InstallStepRow, { step, index: 0, dryRun: true }), locale))).toEqual([mark]);
    const preview = { runId: 'r1', actions: [{ stepId: 'driver', kind: 'run-ldconfig' as const, description: 'ldconfig', elevated: true }] };
    const undoHtml = renderScreen(createElement(UndoInstallView, { undo: { stage: 'preview', preview }, error: null, onAsk: noop, onConfirm: noop, onKeep: noop }), locale);
    expect(wizardMarks(undoHtml)).toEqual([mark]);
    // The sentence that explains the mark names the same mark.
    expect(visibleText(undoHtml)).toContain(`${mark} `);
  });
});
