import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../shared/i18n/localize.js';
import type { ProgressEvent } from '../../../shared/types/install.js';
import { appendHelperEntry } from '../elevation/helperJournal.js';
import { sha256Of } from '../hostFileWriter.js';
import { InstallService } from '../installService.js';
import type { JournalChange } from './journalEntry.js';
import { RunJournal } from './runJournal.js';
import { testPlan, userEnvPlan } from '../../../testkit/install/testPlan.js';

let tmp: string;
let root: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-rollback-zh-'));
  root = path.join(tmp, 'root');
  mkdirSync(root);
  vi.stubEnv('DLSETUP_HOME', path.join(tmp, 'data'));
  vi.stubEnv('DLSETUP_SYSROOT', root);
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

/** The step the journalled changes belong to (the elevated helper undoes only kinds it may run). */
const systemVars = testPlan([{ id: 'vars', kind: 'env-vars', title: 'Set CUDA variables for everyone', elevated: true, params: { scope: 'system', cudaHome: '/usr/local/cuda-12.4' } }]);

/** A journal as an install leaves it: the run's language (English when it never said) and the changes it made. */
function journalRun(runId: string, locale: Locale | undefined, changes: { elevated: boolean; change: JournalChange }[]): void {
  const journal = new RunJournal(runId);
  journal.append({ t: 'run-started', time: '2025-01-01T00:00:00.000Z', runId, plan: systemVars, dryRun: false, pid: 1, bootId: null, ...(locale ? { locale } : {}) });
  for (const { elevated, change } of changes) {
    journal.append({ t: 'change', time: '2025-01-01T00:00:01.000Z', stepId: 'vars', elevated, change });
    // The helper undoes only what its own root-owned journal records (issue 15): it made the elevated changes.
    if (elevated) appendHelperEntry(runId, { t: 'change', time: '2025-01-01T00:00:01.000Z', stepId: 'vars', kind: 'env-vars', change });
  }
  journal.append({ t: 'run-finished', time: '2025-01-01T00:00:02.000Z', state: 'failed' });
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: Error & { code?: string }) => ({ code: error.code, message: error.message }));

describe('service.rollback speaks the language it is asked for', () => {
  it('refuses in Chinese: nothing to roll back, not a run id, no such run (same codes as in English)', async () => {
    const service = new InstallService({ elevation: 'direct' });
    expect(await refusal(service.rollback(undefined, { locale: 'zh-CN' }))).toEqual({ code: 'NOT_FOUND', message: '没有可以回滚的安装。' });
    expect(await refusal(service.rollback('nope', { dryRun: true, locale: 'zh-CN' }))).toEqual({ code: 'INVALID_ARGUMENT', message: '“nope”不是 DL Setup 的运行 ID。' });
    expect(await refusal(service.rollback('20250101-000000-0000ff', { dryRun: true, locale: 'zh-CN' }))).toEqual({ code: 'NOT_FOUND', message: '找不到安装记录“20250101-000000-0000ff”。' });
    expect(await refusal(service.rollback('nope', { dryRun: true, locale: 'en' }))).toEqual({ code: 'INVALID_ARGUMENT', message: '"nope" is not a DL Setup run id.' });
  });

  it('without a language, lists the actions in the run\'s own; an asked language wins', async () => {
    const runId = '20250101-000000-00000a';
    journalRun(runId, 'zh-CN', [{ elevated: true, change: { type: 'needs-ldconfig' } }]);
    const service = new InstallService({ elevation: 'direct' });
    const own = await service.rollback(runId, { dryRun: true });
    expect(own.preview.actions).toEqual([{ stepId: 'vars', kind: 'run-ldconfig', description: '刷新动态链接库缓存（ldconfig）', elevated: true }]);
    const english = await service.rollback(runId, { dryRun: true, locale: 'en' });
    expect(english.preview.actions.map((action) => action.description)).toEqual(['Refresh the library cache (ldconfig)']);

    const englishRun = '20250101-000000-00000b';
    journalRun(englishRun, undefined, [{ elevated: false, change: { type: 'file-created', path: '/home/u/notes.txt' } }]);
    expect((await service.rollback(englishRun, { dryRun: true })).preview.actions.map((action) => action.description)).toEqual(['Remove /home/u/notes.txt, which the install created']);
    expect((await service.rollback(englishRun, { dryRun: true, locale: 'zh-CN' })).preview.actions.map((action) => action.description)).toEqual(['删除安装时创建的 /home/u/notes.txt']);
  });

  it('notes in Chinese what it kept, from the elevated helper as from its own undo', async () => {
    // Both files were edited after the install wrote them: rollback keeps them and says so.
    const profile = '/etc/profile.d/dlsetup-cuda.sh';
    const notes = '/home/u/notes.txt';
    for (const file of [profile, notes]) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), 'edited by the user\n');
    }
    const wrote = sha256Of(Buffer.from('written by DL Setup\n'));
    const runId = '20250101-000000-00000c';
    journalRun(runId, undefined, [
      { elevated: true, change: { type: 'file-created', path: profile } },
      { elevated: true, change: { type: 'file-written', path: profile, sha256: wrote } },
      { elevated: false, change: { type: 'file-created', path: notes } },
      { elevated: false, change: { type: 'file-written', path: notes, sha256: wrote } },
    ]);
    const service = new InstallService({ elevation: 'direct' });
    const result = await service.rollback(runId, { locale: 'zh-CN' });
    expect(result.ok).toBe(true);
    expect(result.notes).toEqual([`${notes} 在安装之后被编辑过，因此保留了它。`, `${profile} 在安装之后被编辑过，因此保留了它。`]);
    expect(existsSync(path.join(root, profile)) && existsSync(path.join(root, notes))).toBe(true);
  });

  it('refuses an install or a second undo while an undo is applying, and lets them go once it ends', async () => {
    const runId = '20250101-000000-00000c';
    journalRun(runId, 'en', [{ elevated: true, change: { type: 'needs-ldconfig' } }]);
    const service = new InstallService({ elevation: 'direct' });
    // The undo holds the service from its first step: what the second browser tab asks meanwhile is refused.
    const undo = service.rollback(runId, { locale: 'en' });
    expect(() => service.start(systemVars, { dryRun: true })).toThrow(`Install ${runId} is being undone; wait for that to finish first.`);
    expect(await refusal(service.rollback(runId, { locale: 'zh-CN' }))).toEqual({ code: 'BUSY', message: `正在撤销安装 ${runId}；请等它完成后再操作。` });
    await undo.catch(() => undefined);
    const { runId: next } = service.start(systemVars, { dryRun: true });
    expect((await service.wait(next)).state).toBe('succeeded');
  });

  it('refuses in Chinese to roll back a run that is still going', async () => {
    vi.stubEnv('DLSETUP_SYSROOT', '');
    vi.stubEnv('HOME', path.join(tmp, 'home'));
    mkdirSync(path.join(tmp, 'home'), { recursive: true });
    const hold = path.join(tmp, 'hold');
    writeFileSync(hold, '');
    // An interpreter that waits while tmp/hold exists, then fails: the run is running until we let it go.
    const python = path.join(tmp, 'python');
    writeFileSync(python, `#!/bin/sh\nwhile [ -e "${hold}" ]; do sleep 0.05; done\nexit 3\n`);
    chmodSync(python, 0o755);
    const service = new InstallService({ elevation: 'direct' });
    const started = new Promise<void>((resolve) => service.onProgress((event: ProgressEvent) => event.type === 'step-log' && event.line.startsWith('$ ') && resolve()));
    const { runId } = service.start(userEnvPlan(path.join(tmp, 'env'), python), { locale: 'zh-CN' });
    await started;
    try {
      expect(await refusal(service.rollback(runId, { locale: 'zh-CN' }))).toEqual({ code: 'INVALID_ARGUMENT', message: `运行 ${runId} 仍在进行中；请先取消它。` });
    } finally {
      rmSync(hold);
      await service.wait(runId);
      vi.stubEnv('DLSETUP_SYSROOT', root);
    }
  });
});
