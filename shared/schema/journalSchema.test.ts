import { describe, expect, it } from 'vitest';
import { checkSchema } from './checkSchema.js';
import { journalChangeSchema, journalEntrySchema } from './journalSchema.js';

const time = '2025-01-01T12:00:00.000Z';
const sha = 'a'.repeat(64);
const message = (value: unknown) => {
  const result = checkSchema(journalEntrySchema, value);
  return result.ok ? 'ok' : result.error.message;
};

describe('journalEntrySchema', () => {
  it('accepts every kind of line the engine writes', () => {
    const changes = [
      { type: 'file-backed-up', path: '/home/u/.bashrc', backup: '/Users/u/Library/Application Support/dlsetup/runs/x.backups/1', sha256: sha, mode: 0o644 },
      { type: 'file-created', path: '/etc/profile.d/dlsetup-cuda.sh' },
      { type: 'file-written', path: '/etc/ld.so.conf.d/dlsetup-cuda.conf', sha256: sha },
      { type: 'dir-created', path: 'C:\\Users\\Jane Doe\\.dlsetup\\envs\\dlsetup-pytorch-2.5', owned: true },
      { type: 'packages-installed', manager: 'apt', packages: ['cuda-toolkit-12-6'] },
      { type: 'packages-installed', manager: 'pip', packages: ['torch==2.5.1'], python: '/home/u/.dlsetup/envs/x/bin/python' },
      { type: 'packages-upgraded', manager: 'pip', packages: [{ name: 'numpy', from: '1.26.4', to: '2.1.0+local' }], python: '/home/u/env/bin/python' },
      { type: 'alternative-set', name: 'cuda', path: '/usr/local/cuda-12.6', previous: null, registered: true },
      { type: 'needs-ldconfig' },
      { type: 'needs-initramfs' },
    ];
    for (const change of changes) {
      expect(message({ t: 'change', time, stepId: 'env-vars', elevated: false, change }), change.type).toBe('ok');
      expect(message({ t: 'rollback-undone', time, stepId: 'env-vars', change, ok: true }), change.type).toBe('ok');
    }
    for (const entry of [
      { t: 'run-resumed', time, pid: 42, bootId: '3f2a9c3e-1b7d-4c55-9d0e-6f1b2a3c4d5e', locale: 'zh-CN' },
      { t: 'step-started', time, stepId: 'driver' },
      { t: 'step-finished', time, stepId: 'driver', state: 'failed', errorCode: 'COMMAND_FAILED', message: 'apt-get failed:\nE: Unable to locate package' },
      { t: 'command', time, stepId: 'driver', argv: ['apt-get', 'install', '--yes', 'nvidia-driver-580'], exitCode: 100, durationMs: 1234.5, elevated: true },
      { t: 'run-finished', time, state: 'needs-reboot' },
      { t: 'rollback-started', time, dryRun: false },
      { t: 'rollback-finished', time, ok: false, message: 'Some changes could not be undone.' },
    ]) {
      expect(message(entry), entry.t).toBe('ok');
    }
  });

  it('refuses lines the engine never writes, naming the field', () => {
    const change = (value: Record<string, unknown>) => message({ t: 'change', time, stepId: 's', elevated: true, change: value });
    expect(change({ type: 'dir-created', path: '/etc/../run/x' })).toBe(
      'change.path is not accepted: it must be an absolute path of letters, digits and . _ / + - (or a Windows path such as C:\\Program Files\\…) without "..", "." or empty parts.',
    );
    expect(change({ type: 'service-enabled', path: '/etc/x' })).toMatch(/^change\.type is not accepted: it must be one of: file-backed-up, /);
    expect(change({ type: 'packages-installed', manager: 'apt', packages: ['-oDPkg::Pre-Invoke::=id'] })).toMatch(/^change\.packages\[0\] is not accepted/);
    expect(change({ type: 'file-created', path: '/etc/x\n' })).toMatch(/^change\.path is not accepted: it contains the control character U\+000A/);
    expect(change({ type: 'file-backed-up', path: '/etc/x', backup: 'relative/backup', sha256: sha, mode: 420 })).toMatch(/^change\.backup is not accepted/);
    expect(message({ t: 'run-finished', time, state: 'done' })).toMatch(/^state is not accepted/);
    expect(message({ t: 'step-started', time: 'yesterday', stepId: 's' })).toMatch(/^time is not accepted/);
    expect(message({ t: 'shell', time })).toMatch(/^t is not accepted/);
    expect(message(null)).toBe('The argument is not accepted: it must be an object.');
    expect(checkSchema(journalChangeSchema, { type: 'needs-ldconfig', extra: 1 }).ok).toBe(false);
  });
});
