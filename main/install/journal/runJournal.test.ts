import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DlsetupError } from '../../../shared/errors.js';
import type { JournalEntry } from './journalEntry.js';
import { appendJournalLine, journalPath, readRunJournal, RunJournal } from './runJournal.js';
import { errorMessageIn } from '../../../shared/i18n/sayError.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { mountTinyDisk, type TinyDisk } from '../../../testkit/install/tinyDisk.js';

let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-journal-'));
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

const time = '2025-01-01T00:00:00.000Z';
const started = (runId: string): JournalEntry => ({ t: 'run-started', time, runId, plan: testPlan([]), dryRun: false, pid: 1, bootId: null });
const line = (entry: JournalEntry) => `${JSON.stringify(entry)}\n`;
let counter = 0;
const nextRunId = () => `20250101-000000-${(++counter).toString(16).padStart(6, '0')}`;

/** A data folder of its own for each test, so runs never meet. */
function useDataDir(dir: string): void {
  vi.stubEnv('DLSETUP_HOME', dir);
  mkdirSync(path.join(dir, 'runs'), { recursive: true });
}

describe('the journal on disk', () => {
  it('repairs a line cut short by a crash before appending: the next entry starts clean, and the cut line is reported', () => {
    useDataDir(path.join(tmp, 'torn'));
    const runId = nextRunId();
    const file = journalPath(runId);
    const cut = '{"t":"change","time":"2025-01-01T00:00:01.000Z","stepId":"vars","elevated":false,"change":{"type":"file-cre';
    writeFileSync(file, `${line(started(runId))}${line({ t: 'step-started', time, stepId: 'vars' })}${cut}`);
    expect(readRunJournal(runId).damaged).toEqual([{ line: 3, reason: 'torn', text: cut }]);

    new RunJournal(runId).append({ t: 'step-finished', time, stepId: 'vars', state: 'failed' });
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines).toHaveLength(5);
    expect(JSON.parse(lines[2]!)).toEqual({ t: 'torn', text: cut });
    expect(JSON.parse(lines[3]!)).toMatchObject({ t: 'step-finished', stepId: 'vars' });
    const read = readRunJournal(runId);
    expect(read.entries.map((entry) => entry.t)).toEqual(['run-started', 'step-started', 'step-finished']);
    expect(read.damaged).toEqual([{ line: 3, reason: 'torn', text: cut }]);
  });

  it('appendJournalLine (the helper\'s journals) truncates a torn last line to the last newline before appending', () => {
    const file = path.join(tmp, 'helper.jsonl');
    writeFileSync(file, '{"t":"change","n":1}\n{"t":"chan');
    appendJournalLine(file, { t: 'undone', n: 2 });
    expect(readFileSync(file, 'utf8')).toBe('{"t":"change","n":1}\n{"t":"undone","n":2}\n');
    writeFileSync(file, '{"t":"chan');
    appendJournalLine(file, { t: 'change', n: 3 });
    expect(readFileSync(file, 'utf8')).toBe('{"t":"change","n":3}\n');
  });

  it('reports lines that are not JSON or not an entry, with their line numbers, and reads the rest', () => {
    useDataDir(path.join(tmp, 'damaged'));
    const runId = nextRunId();
    const bad = ['{"t":"change","stepId":"vars"', '{"t":"change","time":"x","stepId":"vars","elevated":false,"change":{"type":"rm -rf"}}', '', '\0\0\0\0'];
    writeFileSync(journalPath(runId), `${line(started(runId))}${bad.join('\n')}\n${line({ t: 'run-finished', time, state: 'failed' })}`);
    const read = readRunJournal(runId);
    expect(read.entries.map((entry) => entry.t)).toEqual(['run-started', 'run-finished']);
    expect(read.damaged).toEqual([
      { line: 2, reason: 'not-json', text: bad[0] },
      { line: 3, reason: 'not-an-entry', text: bad[1] },
      { line: 4, reason: 'not-json', text: '' },
      { line: 5, reason: 'not-json', text: bad[3] },
    ]);
  });

  it('appendJournalLine passes a full device on as ENOSPC (/dev/full)', () => {
    if (!existsSync('/dev/full')) return void console.log('skipped: no /dev/full on this system');
    expect(() => appendJournalLine('/dev/full', { t: 'x' })).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
  });
});

describe('the journal on a full disk (a real tmpfs)', () => {
  let disk: TinyDisk | { skip: string };

  beforeAll(() => {
    disk = mountTinyDisk(path.join(tmp, 'disk'), '64k');
    if ('skip' in disk) console.log(`skipped: ${disk.skip}`);
  });
  afterAll(() => {
    if (!('skip' in disk)) disk.unmount();
  });

  it('a run that cannot write its first entry leaves no journal and says DISK_FULL in English and Chinese', (context) => {
    if ('skip' in disk) return context.skip();
    useDataDir(path.join(disk.dir, 'data'));
    disk.fill(0);
    try {
      const runId = nextRunId();
      let thrown: unknown;
      try {
        RunJournal.begin(runId, started(runId));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DlsetupError);
      expect((thrown as DlsetupError).code).toBe('DISK_FULL');
      const dir = path.join(disk.dir, 'data', 'runs');
      expect(errorMessageIn(thrown, 'en')).toBe(
        `DL Setup could not start run ${runId}: the disk holding ${dir} is full (or your disk quota is used up), so the run could not be recorded. Nothing was changed. Free some space there, then start the install again.`,
      );
      expect(errorMessageIn(thrown, 'zh-CN')).toContain(`DL Setup 无法开始运行 ${runId}：${dir} 所在的磁盘已满`);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      disk.free();
    }
  });

  it('a line that fits only in part is taken back whole: the journal still ends on its last entry', (context) => {
    if ('skip' in disk) return context.skip();
    useDataDir(path.join(disk.dir, 'data'));
    const runId = nextRunId();
    const journal = RunJournal.begin(runId, started(runId));
    // Grow the journal to 100 bytes short of a full page, then take every other page.
    const pad = 4096 - 100 - statSync(journal.file).size - line({ t: 'command', time, stepId: 's', argv: [], exitCode: 0, durationMs: 0, elevated: false }).length;
    journal.append({ t: 'command', time, stepId: 's', argv: ['x'.repeat(pad - 2)], exitCode: 0, durationMs: 0, elevated: false });
    const before = readFileSync(journal.file);
    expect(before.length).toBe(4096 - 100);
    disk.fill(0);
    try {
      const long: JournalEntry = { t: 'step-finished', time, stepId: 's', state: 'failed', message: 'y'.repeat(300) };
      expect(() => journal.append(long)).toThrow(expect.objectContaining({ code: 'DISK_FULL' }));
      expect(readFileSync(journal.file)).toEqual(before);
      expect(readRunJournal(runId).damaged).toEqual([]);
    } finally {
      disk.free();
    }
    journal.append({ t: 'run-finished', time, state: 'failed' });
    expect(readRunJournal(runId).entries.map((entry) => entry.t)).toEqual(['run-started', 'command', 'run-finished']);
  });
});
