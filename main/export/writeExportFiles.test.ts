import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { exportPlan } from './exportPlan.js';
import { writeExportFiles } from './writeExportFiles.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-write-export-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('writeExportFiles inside a folder someone prepared', () => {
  it('a link planted where the Ansible role goes (roles → /proc/self) is refused at once instead of looping in mkdir', async () => {
    const out = path.join(tmp, 'ansible');
    mkdirSync(out);
    symlinkSync('/proc/self', path.join(out, 'roles'));
    const { files } = exportPlan(examplePlan('cpuOnly'), 'ansible');
    await expect(writeExportFiles(out, files, { force: true })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('is a symbolic link') });
  }, 5_000);

  it('the same export into a clean folder writes every file', async () => {
    const { files } = exportPlan(examplePlan('cpuOnly'), 'ansible');
    expect(await writeExportFiles(path.join(tmp, 'clean'), files)).toHaveLength(files.length);
  });
});
