import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { examplePlan } from '../../../testkit/export/examplePlans.js';
import { captureIo } from '../testIo.js';
import { exportCommand } from './exportCommand.js';

test('dlsetup export prints the main file, writes all files with --out, and refuses to overwrite without --force', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-export-cli-'));
  try {
    const plan = path.join(dir, 'plan.json');
    writeFileSync(plan, JSON.stringify(examplePlan('rtx4090Wheels')));
    const printed = captureIo();
    expect(await exportCommand.run({ flags: { plan, format: 'shell' }, positionals: [] }, printed)).toBe(0);
    expect(printed.stdout()).toMatch(/^#!\/bin\/sh\n/);
    expect(printed.stderr()).toContain('install.sh needs dlsetup_check.py, dlsetup_report.py beside it');

    const out = path.join(dir, 'ansible');
    const io = captureIo();
    expect(await exportCommand.run({ flags: { plan, format: 'ansible', out }, positionals: [] }, io)).toBe(0);
    // site.yml, group_vars, the role's defaults/vars/handlers, the two scripts and tasks main/python_env/framework/verify/failure.
    expect(io.stdout()).toContain('Wrote 12 files');
    expect(readFileSync(path.join(out, 'site.yml'), 'utf8')).toContain('role: dlsetup');
    await expect(exportCommand.run({ flags: { plan, format: 'ansible', out }, positionals: [] }, captureIo())).rejects.toThrow(/--force/);
    expect(await exportCommand.run({ flags: { plan, format: 'ansible', out, force: true }, positionals: [] }, captureIo())).toBe(0);
    await expect(exportCommand.run({ flags: { plan: path.join(dir, 'nope.json'), format: 'shell' }, positionals: [] }, captureIo())).rejects.toThrow(/Cannot read the plan/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
