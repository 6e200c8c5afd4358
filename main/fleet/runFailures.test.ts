import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleReport } from '../../testkit/verify/sampleReport.js';
import { fleetCommand } from '../cli/commands/fleetCommand.js';
import { captureIo } from '../cli/testIo.js';
import { buildFleetReport } from './buildFleetReport.js';
import { loadFleetReports } from './loadFleetReports.js';

/** A failure record exactly as the exported role's tasks/failure.yml writes it (the fleet lane's h3, issue 33). */
function failure(overrides: Record<string, unknown> = {}) {
  return {
    dlsetupRunFailure: 1,
    host: 'ws-03',
    createdAt: '2026-12-05T08:34:21Z',
    task: "Install the distribution's venv support for Python 3.11",
    code: 'APT_LOCKED',
    message: 'apt-get (process 25649) is installing software, so apt is locked. DL Setup waited 5 s. Let it finish (or close Software Updater), then resume the install.',
    params: { program: 'apt-get', pid: '25649', seconds: '5', command: "Install the distribution's venv support for Python 3.11", said: 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 25649 (apt-get)' },
    detail: 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 25649 (apt-get)\nE: Unable to acquire the dpkg frontend lock',
    ...overrides,
  };
}

/** A passing report (sampleReport's first check, no throughput to compare), so only a failure flags a row. */
const passing = (createdAt: string) => sampleReport({ createdAt, checks: [sampleReport().checks[0]!], summary: { passed: 1, failed: 0, skipped: 0 }, matmul: [] });

const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-fleet-failures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (file: string, value: unknown) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), JSON.stringify(value));
};

describe('fleet report: a host whose run stopped', () => {
  write('ws-01/verify-20261205T083300.json', passing('2026-12-05T08:33:00.000Z'));
  // ws-02 stopped after an earlier good run: the failure is newer than its report, so it is flagged.
  write('ws-02/verify-20261201T100000.json', passing('2026-12-01T10:00:00.000Z'));
  write('ws-02/failed-20261205T083421Z.json', failure({ host: 'vm', code: 'DISK_FULL', params: { command: 'apt-get install python3.11-venv' } }));
  // ws-03 never got as far as the verification.
  write('ws-03/failed-20261205T083421Z.json', failure());
  // ws-04 failed once, then a later run verified it: the newest file wins.
  write('ws-04/failed-20261204T090000Z.json', failure({ createdAt: '2026-12-04T09:00:00Z', code: 'NETWORK' }));
  write('ws-04/verify-20261205T083300.json', passing('2026-12-05T08:33:00.000Z'));
  // Another machine's file: a terminal escape in the task name is refused with the field named.
  write('ws-05/failed-20261205T083421Z.json', failure({ task: 'x\u001b[2Jy' }));

  it('flags it with the installer\'s sentence and code, names it by its folder, and keeps the others', async () => {
    const loaded = await loadFleetReports(dir);
    expect(loaded.warnings).toEqual([`Skipped ${path.join('ws-05', 'failed-20261205T083421Z.json')}: task is not accepted: it contains the control character U+001B, which DL Setup never writes into files, commands or sentences.`]);
    const report = buildFleetReport(loaded.reports, { failures: loaded.failures, now: new Date('2026-12-05T09:00:00Z') });
    const row = (host: string) => report.rows.find((r) => r.host === host)!;
    expect(report.rows.map((r) => r.host)).toEqual(['ws-02', 'ws-03', 'ws-01', 'ws-04']);
    expect(row('ws-03').flags).toEqual([
      {
        code: 'RUN_FAILED',
        message:
          "The run stopped at “Install the distribution's venv support for Python 3.11” (2026-12-05T08:34:21Z): apt-get (process 25649) is installing software, so apt is locked. DL Setup waited 5 s. Let it finish (or close Software Updater), then resume the install. [APT_LOCKED]",
      },
    ]);
    expect(row('ws-03')).toMatchObject({ reports: 0, gpu: null, failure: { code: 'APT_LOCKED', task: "Install the distribution's venv support for Python 3.11" } });
    // The record's own host name ("vm", a cloned image's) does not merge machines: the folder is the inventory's name.
    expect(row('ws-02').flags[0]!.message).toContain('The disk is full while running apt-get install python3.11-venv.');
    expect(row('ws-02').reports).toBe(1);
    expect(row('ws-04').flags).toEqual([]);
    expect(row('ws-04').failure).toBeNull();
  });

  it('says it in Chinese with --lang zh-CN, and marks the row failed in the text table and the HTML page', async () => {
    const zh = captureIo();
    expect(await fleetCommand.run({ flags: { lang: 'zh-CN' }, positionals: ['report', dir] }, zh)).toBe(0);
    expect(zh.stdout()).toContain("ws-03: 运行在“Install the distribution's venv support for Python 3.11”处停止（2026-12-05T08:34:21Z）：apt-get（进程 25649） 正在安装软件，apt 已被锁定。DL Setup 已等待 5 秒。");
    expect(zh.stdout()).toContain('[APT_LOCKED]');
    const en = captureIo();
    const html = path.join(dir, 'fleet.html');
    expect(await fleetCommand.run({ flags: { html }, positionals: ['report', dir] }, en)).toBe(0);
    expect(en.stdout()).toMatch(/ws-03 +— +— +— +0\/0 +— +— +RUN_FAILED/);
    const page = readFileSync(html, 'utf8');
    expect(page).toMatch(/<tr class="fail"><td>ws-03<br><small><\/small><\/td>/);
    expect(page).toContain('so apt is locked. DL Setup waited 5 s.');
  });
});
