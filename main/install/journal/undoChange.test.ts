import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../shared/i18n/localize.js';
import { sha256Of } from '../hostFileWriter.js';
import { installText } from '../../system/installText.js';
import type { JournalChange } from './journalEntry.js';
import { createStepContext } from '../stepContext.js';
import { describeUndo, undoChange } from './undoChange.js';
import { undoRecordedChanges } from './undoRecordedChanges.js';

const zh = installText('zh-CN');
const en = installText('en');

/** One change of every kind rollback describes, with what the Chinese preview says for it. */
const described: [JournalChange, string, string][] = [
  [{ type: 'file-backed-up', path: '/etc/profile.d/dlsetup-cuda.sh', backup: '/var/backups/dlsetup/r/1', sha256: 'a', mode: 0o644 }, 'restore-file', '用安装前备份的副本恢复 /etc/profile.d/dlsetup-cuda.sh'],
  [{ type: 'file-created', path: '/etc/ld.so.conf.d/dlsetup-cuda.conf' }, 'remove-file', '删除安装时创建的 /etc/ld.so.conf.d/dlsetup-cuda.conf'],
  [{ type: 'dir-created', path: '/opt/dlsetup/cudnn-9', owned: true }, 'remove-dir', '删除 /opt/dlsetup/cudnn-9 及其中的全部内容（由安装创建）'],
  [{ type: 'dir-created', path: '/opt/dlsetup', owned: false }, 'remove-dir', '如果文件夹 /opt/dlsetup 为空，则将其删除'],
  [{ type: 'packages-installed', manager: 'apt', packages: ['cuda-toolkit-12-4', 'cuda-keyring'] }, 'remove-packages', '删除安装时添加的 apt 软件包（以及它们的脚本在 /etc 下所做的改动）：cuda-toolkit-12-4 cuda-keyring'],
  [{ type: 'packages-installed', manager: 'pip', python: '/home/u/env/bin/python', packages: ['torch', 'numpy'] }, 'remove-packages', '从 /home/u/env/bin/python 中卸载：torch numpy'],
  [
    { type: 'packages-upgraded', manager: 'pip', python: '/home/u/env/bin/python', packages: [{ name: 'numpy', from: '1.26.4', to: '2.1.0' }, { name: 'pillow', from: '10.0.0', to: '11.0.0' }] },
    'reinstall-packages',
    '在 /home/u/env/bin/python 中恢复先前的版本：numpy==1.26.4 pillow==10.0.0',
  ],
  [
    { type: 'alternative-set', name: 'cuda', path: '/usr/local/cuda-12.4', previous: '/usr/local/cuda-11.8', registered: true },
    'restore-alternative',
    '将 "cuda" 重新指向 /usr/local/cuda-11.8，并取消 /usr/local/cuda-12.4 作为 "cuda" 的注册',
  ],
  [{ type: 'alternative-set', name: 'cuda', path: '/usr/local/cuda-12.4', previous: '/usr/local/cuda-11.8', registered: false }, 'restore-alternative', '将 "cuda" 重新指向 /usr/local/cuda-11.8'],
  [{ type: 'alternative-set', name: 'cuda', path: '/usr/local/cuda-12.4', previous: null, registered: true }, 'restore-alternative', '取消 /usr/local/cuda-12.4 作为 "cuda" 的注册'],
  [{ type: 'alternative-set', name: 'cuda', path: '/usr/local/cuda-12.4', previous: null, registered: false }, 'restore-alternative', '让 "cuda" 重新自动选择'],
  [{ type: 'needs-ldconfig' }, 'run-ldconfig', '刷新动态链接库缓存（ldconfig）'],
  [{ type: 'needs-initramfs' }, 'run-update-initramfs', '重建 initramfs（update-initramfs -u），使恢复的内核模块设置在下次启动时生效'],
];

describe('describeUndo', () => {
  it.each(described)('says in Chinese what undoing %j will do', (change, kind, chinese) => {
    expect(describeUndo(change, zh)).toEqual({ kind, description: chinese });
  });

  it('says the alternative cases in English as it always did', () => {
    const alternatives = described.filter(([change]) => change.type === 'alternative-set').map(([change]) => describeUndo(change, en)?.description);
    expect(alternatives).toEqual([
      'Point "cuda" back to /usr/local/cuda-11.8 and unregister /usr/local/cuda-12.4 as "cuda"',
      'Point "cuda" back to /usr/local/cuda-11.8',
      'Unregister /usr/local/cuda-12.4 as "cuda"',
      'Let "cuda" choose automatically again',
    ]);
  });

  it('has nothing to say about a file it only wrote (its backup or creation is what gets undone)', () => {
    expect(describeUndo({ type: 'file-written', path: '/etc/profile.d/dlsetup-cuda.sh', sha256: 'a' }, zh)).toBeNull();
  });
});

describe('undoing in Chinese', () => {
  let tmp: string;

  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-undo-zh-'));
    vi.stubEnv('DLSETUP_SYSROOT', '');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(tmp, { recursive: true, force: true });
  });

  const context = (locale: Locale) =>
    createStepContext({
      runId: '20250101-000000-a1b2c3',
      stepId: 'vars',
      signal: new AbortController().signal,
      elevated: false,
      plan: null,
      backupDir: tmp,
      locale,
      sinks: { log: () => undefined, progress: () => undefined, record: () => undefined, command: () => undefined },
    });

  it('notes a file the user edited after the install in Chinese, and keeps it', async () => {
    const file = path.join(tmp, 'edited.conf');
    writeFileSync(file, 'the user changed this\n');
    const note = await undoChange({ type: 'file-created', path: file }, context('zh-CN'), new Map([[file, sha256Of(Buffer.from('what DL Setup wrote\n'))]]));
    expect(note).toBe(`${file} 在安装之后被编辑过，因此保留了它。`);
    expect(readFileSync(file, 'utf8')).toBe('the user changed this\n');
  });

  it('restores the backup beside an edited file and says where the edited one went, in Chinese', async () => {
    const file = path.join(tmp, 'restored.conf');
    const backup = path.join(tmp, 'restored.backup');
    writeFileSync(file, 'edited\n');
    writeFileSync(backup, 'original\n');
    const change: JournalChange = { type: 'file-backed-up', path: file, backup, sha256: sha256Of(Buffer.from('original\n')), mode: 0o644 };
    const note = await undoChange(change, context('zh-CN'), new Map([[file, sha256Of(Buffer.from('written\n'))]]));
    expect(note).toBe(`${file} 在安装之后被编辑过；编辑后的版本已保存为 ${file}.dlsetup-before-rollback。`);
    expect(readFileSync(file, 'utf8')).toBe('original\n');
  });

  it('refuses a changed backup in Chinese', async () => {
    const file = path.join(tmp, 'tampered.conf');
    const backup = path.join(tmp, 'tampered.backup');
    writeFileSync(file, 'current\n');
    writeFileSync(backup, 'swapped\n');
    const change: JournalChange = { type: 'file-backed-up', path: file, backup, sha256: sha256Of(Buffer.from('original\n')), mode: 0o644 };
    await expect(undoChange(change, context('zh-CN'), new Map())).rejects.toThrow(`${file} 位于 ${backup} 的备份已被改动，因此没有恢复它。`);
    expect(readFileSync(file, 'utf8')).toBe('current\n');
  });

  it('notes in Chinese a step it could not undo without administrator access', async () => {
    const result = await undoRecordedChanges([{ stepId: 'ld', kind: 'cudnn', elevated: true, change: { type: 'needs-ldconfig' } }], {
      runId: '20250101-000000-a1b2c3',
      channel: null,
      onLog: () => undefined,
      locale: 'zh-CN',
    });
    expect(result).toEqual({ ok: false, notes: ['ld: 撤销此步骤需要管理员权限'] });
  });
});
