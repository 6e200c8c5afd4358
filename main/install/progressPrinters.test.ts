import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../shared/i18n/localize.js';
import type { ProgressEvent, StepSummary } from '../../shared/types/install.js';
import { createNdjsonProgressPrinter, createTextProgressPrinter } from './progressPrinters.js';

type EventBody = ProgressEvent extends infer Event ? (Event extends ProgressEvent ? Omit<Event, 'runId' | 'seq' | 'time'> : never) : never;

const steps: StepSummary[] = [
  { id: 'driver', kind: 'driver', title: '安装 NVIDIA 驱动 R580', elevated: true, weight: 3, state: 'pending' },
  { id: 'fw', kind: 'framework', title: '用 pip 安装 torch', elevated: false, weight: 1, state: 'pending' },
];

/** A run as the engine reports it (its own sentences already in Chinese), one event every 1.5 s so none is throttled. */
const run: EventBody[] = [
  { type: 'run-started', steps, dryRun: false, resumed: false },
  { type: 'step-started', stepId: 'driver' },
  { type: 'step-progress', stepId: 'driver', fraction: 0.4, detail: '正在下载', overall: 0.2, bytes: { done: 1_500_000, total: 2_500_000_000, perSecond: 3_000_000, etaSeconds: 12 } },
  { type: 'step-log', stepId: 'driver', stream: 'info', line: '需要管理员权限' },
  { type: 'step-log', stepId: 'driver', stream: 'stdout', line: 'Reading package lists...' },
  { type: 'step-finished', stepId: 'driver', state: 'needs-reboot', message: '请重启计算机。' },
  { type: 'step-finished', stepId: 'fw', state: 'skipped' },
  { type: 'run-finished', state: 'needs-reboot', message: '重启后继续。' },
];

function printed(events: readonly EventBody[], options: { verbose?: boolean; locale?: Locale; redraw?: boolean } = {}): string {
  let text = '';
  // A terminal's redrawErr (main/cli/terminalIo.ts): carriage return and erase-line before the line.
  const redraw = options.redraw ? (line: string) => void (text += `\r\x1b[K${line}`) : undefined;
  const print = createTextProgressPrinter((chunk) => (text += chunk), { ...options, redraw });
  events.forEach((event, seq) => {
    vi.advanceTimersByTime(1500);
    print({ runId: 'r1', seq, time: '2025-01-01T00:00:00.000Z', ...event } as ProgressEvent);
  });
  return text;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createTextProgressPrinter', () => {
  it('in Chinese, frames the engine\'s sentences with Chinese labels and keeps sizes and ids', () => {
    expect(printed(run, { locale: 'zh-CN' }).split('\n')).toEqual([
      '开始安装 r1（共 2 个步骤）',
      '==> 安装 NVIDIA 驱动 R580',
      '    [20%] 正在下载 1.5 MB/2.5 GB 3.0 MB/s 剩余 12 秒',
      '    需要管理员权限',
      '    需要重启：请重启计算机。',
      '    已跳过',
      '安装 r1 需要重启：重启后继续。',
      '',
    ]);
  });

  it('in Chinese, names every step and run state in Chinese', () => {
    const states = ['succeeded', 'failed', 'cancelled'] as const;
    const text = printed(
      [
        { type: 'run-started', steps: [steps[0]!], resumed: true },
        ...states.map((state): EventBody => ({ type: 'step-finished', stepId: 'driver', state })),
        ...(['succeeded', 'failed', 'cancelled', 'interrupted'] as const).map((state): EventBody => ({ type: 'run-finished', state })),
      ],
      { locale: 'zh-CN' },
    );
    expect(text.split('\n')).toEqual(['继续安装 r1（共 1 个步骤）', '    完成', '    失败', '    已取消', '安装 r1 已完成', '安装 r1 失败', '安装 r1 已取消', '安装 r1 已中断', '']);
    expect(text).not.toMatch(/Starting|Resuming|install|ETA|succeeded|failed|cancelled|interrupted|needs-reboot|skipped/);
  });

  it('in English by default, prints the lines it always printed', () => {
    expect(printed(run, { verbose: true }).split('\n')).toEqual([
      'Starting install r1 (2 steps)',
      '==> 安装 NVIDIA 驱动 R580',
      '    [20%] 正在下载 1.5 MB/2.5 GB 3.0 MB/s ETA 12s',
      '    需要管理员权限',
      '    Reading package lists...',
      '    needs-reboot: 请重启计算机。',
      '    skipped',
      'Install r1 needs-reboot: 重启后继续。',
      '',
    ]);
  });
});

describe('createNdjsonProgressPrinter', () => {
  it('writes each event as one JSON line, whatever the language of its sentences', () => {
    let text = '';
    const print = createNdjsonProgressPrinter((chunk) => (text += chunk));
    const events = run.map((event, seq) => ({ runId: 'r1', seq, time: '2025-01-01T00:00:00.000Z', ...event }) as ProgressEvent);
    events.forEach(print);
    expect(text.split('\n').slice(0, -1).map((line) => JSON.parse(line) as ProgressEvent)).toEqual(events);
  });
});

describe('createTextProgressPrinter on a terminal', () => {
  it('redraws one progress line in place with speed, ETA and connections, and ends it before the next line', () => {
    const download = (done: number, perSecond: number, connections: number): EventBody => ({
      type: 'step-progress',
      stepId: 'fw',
      fraction: done / 1e9,
      detail: 'Downloading torch',
      overall: done / 1e9,
      bytes: { done, total: 1e9, perSecond, etaSeconds: Math.round((1e9 - done) / perSecond), connections },
    });
    const text = printed([{ type: 'step-started', stepId: 'fw' }, download(250e6, 60e6, 8), download(500e6, 62e6, 8), { type: 'step-finished', stepId: 'fw', state: 'succeeded' }], { redraw: true });
    expect(text).toBe(
      '==> fw\n' +
        '\r\x1b[K    [25%] Downloading torch 250 MB/1.0 GB 60 MB/s ETA 13s 8 connections' +
        '\r\x1b[K    [50%] Downloading torch 500 MB/1.0 GB 62 MB/s ETA 8s 8 connections' +
        '\n    succeeded\n',
    );
  });
});
