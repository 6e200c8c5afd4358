import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { translationProblems } from '../../../shared/i18n/localize.js';
import { RunJournal, readJournal } from '../../install/journal/runJournal.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import cliTextEn from '../../../locales/en/cli.json' with { type: 'json' };
import cliTextZhCN from '../../../locales/zh-CN/cli.json' with { type: 'json' };
import { main } from '../main.js';
import { captureIo, pinLocaleEnv } from '../testIo.js';

let tmp: string;
let home: string;
let planFile: string;

/**
 * One unprivileged step (CUDA variables in the user's ~/.bashrc) whose file title is in neither language's words: the
 * install says every title from the step's kind and params in its own language (issue 30).
 */
const plan = testPlan([{ id: 'vars', kind: 'env-vars', title: 'vars from the file', elevated: false, params: { scope: 'user', cudaHome: '/usr/local/cuda-12.4' } }]);
const TITLE_ZH = '为当前用户把 CUDA_HOME 设为 /usr/local/cuda-12.4（写入 shell 启动文件）';
const TITLE_EN = 'Set CUDA_HOME to /usr/local/cuda-12.4 for the current user (in the shell startup file)';

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-cli-lang-'));
  home = path.join(tmp, 'home');
  mkdirSync(home);
  planFile = path.join(tmp, 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

const setLocaleEnv = (lang: string) => pinLocaleEnv(vi.stubEnv, lang);

beforeEach(() => {
  setLocaleEnv('en_US.UTF-8');
  vi.stubEnv('HOME', home);
  vi.stubEnv('DLSETUP_HOME', path.join(tmp, 'data'));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

async function dlsetup(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/** What a person reads when the command runs without a terminal to confirm in (as in CI or over ssh without -t). */
async function withoutTerminal<T>(body: () => Promise<T>): Promise<T> {
  const isTTY = process.stdin.isTTY;
  process.stdin.isTTY = false;
  try {
    return await body();
  } finally {
    process.stdin.isTTY = isTTY;
  }
}

describe('dlsetup install --dry-run --lang', () => {
  const chinese = [
    '演练模式：共 1 个步骤，不会做任何更改。标有 [管理员] 的行以管理员身份运行（整个安装只需输入一次密码）。',
    '',
    `1. ${TITLE_ZH}`,
    '   （如已完成则跳过）',
  ];

  it('--lang zh-CN prints the dry run with Chinese framing', async () => {
    const result = await dlsetup(['install', '--plan', planFile, '--dry-run', '--lang', 'zh-CN']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').slice(0, 4)).toEqual(chinese);
    expect(result.stdout).toMatch(/^ {12}# .*[\u4e00-\u9fff].*\.bashrc/m);
    expect(result.stdout).not.toMatch(/Dry run|skipped when already done|\[root\]|vars from the file|env-vars/);
  });

  it('follows LANG without --lang, and --lang en wins over LANG', async () => {
    setLocaleEnv('zh_CN.UTF-8');
    expect((await dlsetup(['install', '--plan', planFile, '--dry-run'])).stdout.split('\n').slice(0, 4)).toEqual(chinese);
    const english = await dlsetup(['install', '--plan', planFile, '--dry-run', '--lang', 'en']);
    expect(english.stdout.split('\n').slice(0, 4)).toEqual([
      'Dry run: 1 step; nothing will be changed. Lines marked [admin] run as administrator (one password prompt for the whole install).',
      '',
      `1. ${TITLE_EN}`,
      '   (skipped when already done)',
    ]);
    expect(english.stdout).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('dlsetup install and rollback in Chinese', () => {
  it('catalog: the commands\' own lines have a complete Chinese translation with the same placeholders', () => {
    expect(translationProblems(cliTextEn, cliTextZhCN)).toEqual([]);
  });

  it('installs with Chinese progress and summary, then rolls back with a Chinese listing', async () => {
    const rc = path.join(home, '.bashrc');
    writeFileSync(rc, '# rc\n');
    const install = await dlsetup(['install', '--plan', planFile, '--yes', '--lang', 'zh-CN']);
    expect(install.code).toBe(0);
    const runId = /^开始安装 (\S+)（共 1 个步骤）$/m.exec(install.stderr)?.[1];
    expect(runId).toBeDefined();
    expect(install.stderr.split('\n')).toEqual([
      `开始安装 ${runId}（共 1 个步骤）`,
      `==> ${TITLE_ZH}`,
      `    [20%] 正在写入 ${rc}`,
      '    [100%] 环境变量已设置',
      `    完成：新打开的 shell 会获得 CUDA_HOME=/usr/local/cuda-12.4；请打开新终端（或运行：source ${rc}）。`,
      `安装 ${runId} 已完成`,
      '',
    ]);
    expect(install.stderr).not.toMatch(/Starting|install \S+ \(|succeeded|ETA/);
    expect(install.stdout).toBe(`安装完成（运行 ID ${runId}）。下一步：dlsetup verify\n`);
    expect(readFileSync(rc, 'utf8')).toContain('CUDA_HOME=/usr/local/cuda-12.4');

    const preview = await dlsetup(['rollback', runId!, '--dry-run', '--lang', 'zh-CN']);
    expect(preview.code).toBe(0);
    const [heading, ...actions] = preview.stdout.trimEnd().split('\n');
    expect(heading).toBe(`回滚运行 ${runId} 会执行以下操作：`);
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((line) => line.startsWith('  ') && !line.includes('[admin]'))).toBe(true);

    const unconfirmed = await withoutTerminal(() => dlsetup(['rollback', runId!, '--lang', 'zh-CN']));
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toBe(`即将回滚运行 ${runId}，执行以下操作：\n${actions.join('\n')}\n这台计算机上的其他内容都不会被改动。\n没有可用于确认的终端：加上 --yes 即可直接撤销。\n`);

    const rollback = await dlsetup(['rollback', runId!, '--yes', '--lang', 'zh-CN']);
    expect(rollback.code).toBe(0);
    expect(rollback.stdout).toBe(`已回滚运行 ${runId}。\n`);
    expect(readFileSync(rc, 'utf8')).toBe('# rc\n');

    const nothing = await dlsetup(['rollback', runId!, '--lang', 'zh-CN']);
    expect(nothing.stdout).toBe(`运行 ${runId} 已没有需要撤销的更改。\n`);
  });

  it('rollback --dry-run marks the undo steps that need administrator rights in the chosen language', async () => {
    // A journal as a failed system install leaves it: one change that only root can undo.
    const runId = '20250101-000000-a1b2c3';
    const journal = new RunJournal(runId);
    journal.append({ t: 'run-started', time: '2025-01-01T00:00:00.000Z', runId, plan, dryRun: false, pid: 1, bootId: null });
    journal.append({ t: 'change', time: '2025-01-01T00:00:01.000Z', stepId: 'vars', elevated: true, change: { type: 'needs-ldconfig' } });
    journal.append({ t: 'run-finished', time: '2025-01-01T00:00:02.000Z', state: 'failed' });

    const chinese = await dlsetup(['rollback', runId, '--dry-run', '--lang', 'zh-CN']);
    // The action itself is the engine's sentence; the command frames and marks it.
    expect(chinese.stdout.split('\n')).toEqual([`回滚运行 ${runId} 会执行以下操作：`, expect.stringMatching(/^ {2}\[管理员\] \S.*ldconfig/), '']);
    const english = await dlsetup(['rollback', runId, '--dry-run', '--lang', 'en']);
    expect(english.stdout).toBe(`Rolling back run ${runId} would:\n  [admin] Refresh the library cache (ldconfig)\n`);
  });

  it('rollback --lang zh-CN lists, undoes and reports problems in Chinese, even for a run installed in English', async () => {
    const rc = path.join(home, '.bashrc');
    writeFileSync(rc, '# rc\n');
    const install = await dlsetup(['install', '--plan', planFile, '--yes', '--lang', 'en']);
    expect(install.code).toBe(0);
    const runId = /\d{8}-\d{6}-[0-9a-f]{6}/.exec(install.stdout)![0];

    const preview = await dlsetup(['rollback', runId, '--dry-run', '--lang', 'zh-CN']);
    expect(preview.stdout).toBe(`回滚运行 ${runId} 会执行以下操作：\n  用安装前备份的副本恢复 ${rc}\n`);
    const english = await dlsetup(['rollback', runId, '--dry-run', '--lang', 'en']);
    expect(english.stdout).toBe(`Rolling back run ${runId} would:\n  Restore ${rc} from the backup taken before the install\n`);

    // Someone changed the backup since the install: rollback refuses to restore it and says so in Chinese.
    const backedUp = readJournal(runId).flatMap((entry) => (entry.t === 'change' && entry.change.type === 'file-backed-up' ? [entry.change.backup] : []));
    expect(backedUp).toHaveLength(1);
    writeFileSync(backedUp[0]!, 'not the original\n');
    const rollback = await dlsetup(['rollback', runId, '--yes', '--lang', 'zh-CN']);
    expect(rollback.code).toBe(1);
    expect(rollback.stderr).toBe(`即将回滚运行 ${runId}，执行以下操作：\n  用安装前备份的副本恢复 ${rc}\n这台计算机上的其他内容都不会被改动。\n`);
    expect(rollback.stdout).toBe(`回滚已结束，但有问题：\n  vars: ${rc} 位于 ${backedUp[0]} 的备份已被改动，因此没有恢复它。\n`);
    expect(readFileSync(rc, 'utf8')).toContain('CUDA_HOME=/usr/local/cuda-12.4');
  });

  it('rollback --lang zh-CN refuses what is not a run in Chinese, with the same error code', async () => {
    expect(await dlsetup(['rollback', 'nope', '--lang', 'zh-CN'])).toEqual({ code: 1, stdout: '', stderr: 'dlsetup rollback: “nope”不是 DL Setup 的运行 ID。 [INVALID_ARGUMENT]\n' });
    expect((await dlsetup(['rollback', 'nope', '--lang', 'en'])).stderr).toBe('dlsetup rollback: "nope" is not a DL Setup run id. [INVALID_ARGUMENT]\n');
  });

  it('install --dry-run --lang zh-CN says in Chinese which field of the plan file is refused', async () => {
    const badPlanFile = path.join(tmp, 'bad-plan.json');
    writeFileSync(badPlanFile, JSON.stringify(testPlan([{ id: 'vars', kind: 'env-vars', title: '设置 CUDA 环境变量', elevated: false, params: { scope: 'galaxy', cudaHome: '/usr/local/cuda-12.4' } }])));
    const result = await dlsetup(['install', '--plan', badPlanFile, '--dry-run', '--lang', 'zh-CN']);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `dlsetup install: “${badPlanFile}”不是 DL Setup 计划文件（可用 dlsetup plan --json 生成）。steps[0].params.scope 不被接受：它必须是以下之一：system、user、environment。 [INVALID_ARGUMENT]\n`,
    });
  });

  it('rollback --json prints the same JSON in any language', async () => {
    setLocaleEnv('zh_CN.UTF-8');
    writeFileSync(path.join(home, '.bashrc'), '# rc\n');
    const install = await dlsetup(['install', '--plan', planFile, '--yes', '--json-progress']);
    const runId = (JSON.parse(install.stdout.split('\n')[0]!) as { runId: string }).runId;
    const plain = await dlsetup(['rollback', runId, '--dry-run', '--json']);
    const chinese = await dlsetup(['rollback', runId, '--dry-run', '--json', '--lang', 'zh-CN']);
    expect(chinese.stdout).toBe(plain.stdout);
    expect(JSON.parse(plain.stdout)).toMatchObject({ preview: { runId }, applied: false });
  });
});
