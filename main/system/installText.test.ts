import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translationProblems, type Locale } from '../../shared/i18n/localize.js';
import type { ProgressEvent } from '../../shared/types/install.js';
import { InstallService } from '../install/installService.js';
import { installText } from './installText.js';
import installTextEn from '../../locales/en/install.json' with { type: 'json' };
import installTextZhCN from '../../locales/zh-CN/install.json' with { type: 'json' };
import { readJournal } from '../install/journal/runJournal.js';
import { userEnvPlan } from '../../testkit/install/testPlan.js';

const CJK = /[\u4e00-\u9fff]/;

describe('install text catalogs', () => {
  it('has a complete Chinese translation with the same placeholders', () => {
    expect(translationProblems(installTextEn, installTextZhCN)).toEqual([]);
  });

  it('keeps the plan\'s own names quoted as in the plan ("{{name}}") in Chinese, so they can be found in the plan file', () => {
    const quoted = (text: string) => [...text.matchAll(/"\{\{(\w+)\}\}"/g)].map((match) => match[1]).sort();
    const keys = Object.keys(installTextEn).filter((key) => key.startsWith('params.') || key.startsWith('undo.')) as (keyof typeof installTextEn)[];
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((key) => quoted(installTextZhCN[key]).join() !== quoted(installTextEn[key]).join())).toEqual([]);
  });

  it('says every sentence in Chinese for zh-CN and in English by default', () => {
    const sentences = Object.entries(installTextZhCN).filter(([key]) => key !== 'list.separator');
    expect(sentences.filter(([, text]) => !CJK.test(text)).map(([key]) => key)).toEqual([]);
    expect(installText()('envVars.done')).toBe('Environment set');
    expect(installText('zh-CN')('envVars.done')).toBe('环境变量已设置');
  });
});

describe('a real run speaks the locale it was started in', () => {
  let tmp: string;
  let rc: string;
  let failFlag: string;
  const saved = { ...process.env };

  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-i18n-'));
    process.env.DLSETUP_HOME = path.join(tmp, 'data');
    process.env.HOME = path.join(tmp, 'user');
    mkdirSync(process.env.HOME);
    rc = path.join(process.env.HOME, '.bashrc');
    failFlag = path.join(tmp, 'fail');
    // An interpreter that fails while tmp/fail exists, else makes a real venv quickly.
    writeFileSync(
      path.join(tmp, 'python'),
      `#!/bin/sh\nif [ -e "${failFlag}" ]; then echo "no python today" >&2; exit 3; fi\n[ "$1" = -m ] || exit 0; exec /usr/bin/python3 -m venv --without-pip "$3"\n`,
    );
    chmodSync(path.join(tmp, 'python'), 0o755);
  });

  afterAll(() => {
    rmSync(tmp, { recursive: true, force: true });
    process.env = saved;
  });

  const plan = (envDir: string) => userEnvPlan(envDir, path.join(tmp, 'python'));

  async function run(envDir: string, options: { dryRun?: boolean; locale?: Locale }) {
    const service = new InstallService({ elevation: 'direct' });
    const events: ProgressEvent[] = [];
    service.onProgress((event) => events.push(event));
    const { runId } = service.start(plan(envDir), options);
    const status = await service.wait(runId);
    return { service, runId, status, events };
  }

  /** What the Install screen shows: progress details, step results and the run's error. */
  function shown(events: ProgressEvent[]): string[] {
    return events.flatMap((event) => {
      if (event.type === 'step-progress') return [event.detail];
      if (event.type === 'step-finished' || event.type === 'run-finished') return event.message ? [event.message] : [];
      return [];
    });
  }

  it('in English, says exactly what it always said', async () => {
    writeFileSync(rc, '# rc\n');
    const envDir = path.join(tmp, 'envs', 'en');
    const first = await run(envDir, {});
    expect(first.status.state).toBe('succeeded');
    expect(shown(first.events)).toEqual([
      `Writing ${rc}`,
      'Environment set',
      `New shells get CUDA_HOME=/usr/local/cuda-12.4; open a new terminal (or run: source ${rc}).`,
      `Creating the venv environment in ${envDir}`,
      'Python environment ready',
      `Activate it with: source ${envDir}/bin/activate`,
    ]);
    const again = await run(envDir, { locale: 'en' });
    expect(again.status.steps.map((step) => step.message)).toEqual([`${rc} already sets CUDA_HOME=/usr/local/cuda-12.4.`, expect.stringMatching(new RegExp(`^${envDir} already has Python \\d+\\.\\d+\\.\\d+\\.$`))]);
    expect(readJournal(first.runId)[0]).not.toHaveProperty('locale');
  });

  it('in Chinese, shows Chinese progress, results, skip reasons and errors, and a resume keeps Chinese', async () => {
    writeFileSync(rc, '# rc\n');
    writeFileSync(failFlag, '');
    const envDir = path.join(tmp, 'envs', 'zh');
    const failed = await run(envDir, { locale: 'zh-CN' });
    expect(failed.status.state).toBe('failed');
    const said = shown(failed.events);
    expect(said).toContain(`正在写入 ${rc}`);
    expect(said).toContain(`正在 ${envDir} 中创建 venv 环境`);
    expect(failed.status.error).toMatchObject({ code: 'COMMAND_FAILED', message: `运行 ${path.join(tmp, 'python')} 失败（${path.join(tmp, 'python')} 退出码为 3）。` });
    for (const sentence of said) expect(sentence).toMatch(CJK);
    // The undo note is the engine's own sentence; the command line and exit status lines stay as they are.
    const logs = failed.events.flatMap((event) => (event.type === 'step-log' ? [event.line] : []));
    expect(logs).toContain('正在撤销此步骤所做的更改（1 项）…');
    expect(logs.some((line) => line.startsWith('$ '))).toBe(true);
    expect(readJournal(failed.runId)[0]).toMatchObject({ t: 'run-started', locale: 'zh-CN' });

    rmSync(failFlag);
    const service = new InstallService({ elevation: 'direct' });
    const events: ProgressEvent[] = [];
    service.onProgress((event) => events.push(event));
    service.resume(failed.runId);
    const resumed = await service.wait(failed.runId);
    expect(resumed.state).toBe('succeeded');
    expect(shown(events)).toEqual([`正在 ${envDir} 中创建 venv 环境`, 'Python 环境已就绪', `激活方法：source ${envDir}/bin/activate`]);

    const again = await run(envDir, { locale: 'zh-CN' });
    expect(again.status.steps.map((step) => step.state)).toEqual(['skipped', 'skipped']);
    expect(again.status.steps.map((step) => step.message)).toEqual([`${rc} 已设置 CUDA_HOME=/usr/local/cuda-12.4。`, expect.stringMatching(/^.+ 中已有 Python \d+\.\d+\.\d+。$/)]);
  });

  it('a Chinese dry run lists the commands with Chinese notes and changes nothing', async () => {
    const envDir = path.join(tmp, 'envs', 'dry');
    const { status, events } = await run(envDir, { dryRun: true, locale: 'zh-CN' });
    expect(status.state).toBe('succeeded');
    expect(status.steps.map((step) => step.message)).toEqual(['演练模式：未做任何更改。', '演练模式：未做任何更改。']);
    const logs = events.flatMap((event) => (event.type === 'step-log' ? [event.line] : []));
    expect(logs).toContain(`# 向 ${rc} 写入带标记的“dlsetup cuda”配置块（保留备份）`);
    expect(logs).toContain(`$ ${path.join(tmp, 'python')} -m venv ${envDir}`);
  });
});
