import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchema } from '../../../shared/schema/checkSchema.js';
import { journalEntrySchema } from '../../../shared/schema/journalSchema.js';
import { InstallService } from '../installService.js';
import { journalPath } from './runJournal.js';
import { userEnvPlan } from '../../../testkit/install/testPlan.js';

let tmp: string;
const saved = { ...process.env };

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-journal-schema-'));
  process.env.DLSETUP_HOME = path.join(tmp, 'data');
  process.env.HOME = path.join(tmp, 'user');
  mkdirSync(process.env.HOME);
  writeFileSync(path.join(process.env.HOME, '.bashrc'), '# rc\n');
  // A stand-in interpreter that makes a real (pip-less) venv quickly.
  writeFileSync(path.join(tmp, 'python'), '#!/bin/sh\n[ "$1" = -m ] || exit 0; exec /usr/bin/python3 -m venv --without-pip "$3"\n');
  chmodSync(path.join(tmp, 'python'), 0o755);
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  process.env = saved;
});

describe('journalEntrySchema against the journal a real run writes', () => {
  it('every line of an install and its rollback passes the schema', async () => {
    const service = new InstallService({ elevation: 'direct' });
    const { runId } = service.start(userEnvPlan(path.join(tmp, 'envs', 'one'), path.join(tmp, 'python')));
    expect((await service.wait(runId)).state).toBe('succeeded');
    expect((await service.rollback(runId)).ok).toBe(true);
    const lines = readFileSync(journalPath(runId), 'utf8').split('\n').filter(Boolean);
    const kinds = new Set<string>();
    for (const line of lines) {
      const value = JSON.parse(line) as { t: string; change?: { type: string } };
      kinds.add(value.change ? `${value.t}:${value.change.type}` : value.t);
      const result = checkSchema(journalEntrySchema, value);
      expect(result.ok ? 'ok' : result.error.message, line).toBe('ok');
    }
    expect([...kinds]).toEqual(expect.arrayContaining(['run-started', 'step-finished', 'change:file-backed-up', 'change:dir-created', 'rollback-undone:dir-created', 'rollback-finished']));
  });
});
