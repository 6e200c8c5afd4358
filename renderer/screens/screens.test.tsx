import { describe, expect, it } from 'vitest';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { isChecked, isDisabled, screenOf } from '../../testkit/renderer/queries.js';
import { renderScreen, visibleText } from '../../testkit/renderer/renderScreen.js';
import { pytorchPlan, rtx4090Report, rx7900xtxReport, verifyReport } from '../../testkit/renderer/sampleData.js';
import { emptyRunView, mergeRunStatus, type RunView } from '../wizard/runProgress.js';
import { initialWizardState, type WizardState } from '../wizard/wizardState.js';
import { ChooseScreen } from './ChooseScreen.js';
import { canUndo, InstallRunView } from './InstallScreen.js';
import { MachineScreen } from './MachineScreen.js';
import { PlanScreen } from './PlanScreen.js';
import { TroubleshootScreen } from './TroubleshootScreen.js';
import { UndoInstallView, type UndoStage } from './UndoInstall.js';
import { VerifyResultView } from './VerifyScreen.js';
import { WelcomeScreen } from './WelcomeScreen.js';

const noop = () => undefined;
const state = (patch: Partial<WizardState>): WizardState => ({ ...initialWizardState, ...patch });
const detected = { status: 'ready' as const, value: rtx4090Report() };

/** CSP allows no inline style attributes; every screen must style through classes. */
function expectNoInlineStyle(html: string) {
  expect(screenOf(html).elementsWithAttribute('style').map((element) => element.name)).toEqual([]);
}

describe('screens render alone from wizard state', () => {
  it('Welcome highlights re-verify after a driver change', () => {
    const html = renderScreen(<WelcomeScreen state={state({ detect: detected })} dispatch={noop} reverifyHint="driver-changed" />);
    expect(visibleText(html)).toContain('The NVIDIA driver changed since the last verification.');
    const reverify = screenOf(html).getByRole('button', { name: 'Re-verify this machine' });
    expect(reverify.attribs).toMatchObject({ 'data-highlighted': 'true', class: 'primary' });
    expect(visibleText(html)).toContain('535.86.05 (supports CUDA up to 12.2)');
  });

  it('Your machine: a card per GPU with spec peaks, the active Toolkit, and the 12.2 vs 13.0 explanation', () => {
    const html = renderScreen(<MachineScreen state={state({ screen: 'machine', detect: detected })} dispatch={noop} />);
    const text = visibleText(html);
    expect(text).toContain('NVIDIA GeForce RTX 4090');
    expect(text).toContain('Architecture Ada Lovelace');
    expect(text).toContain('Compute capability 8.9');
    expect(text).toContain('Memory 24 GiB');
    expect(text).toContain('FP32 peak 82.58 TFLOP/s');
    expect(text).toContain('Tensor peak (bf16) 165.15 TFLOP/s');
    expect(text).toContain('Memory bandwidth 1008 GB/s');
    const screen = screenOf(html);
    const current = screen.getAllByRole('listitem').filter((item) => item.attribs['aria-current'] === 'true');
    expect(current.map((item) => screen.text(item))).toEqual(['CUDA 13.0 /usr/local/cuda-13.0 active']);
    expect(text).toContain('nvidia-smi shows what the driver can run (CUDA 12.2), nvcc shows which compiler is installed (CUDA 13.0)');
    expect(text).toContain('Toolkit 13.0 is CUDA 13, newer than the CUDA 12.2 this driver runs');
    expect(text).toContain('Secure Boot is on.');
    expect(text).toContain('torch 1.13.1');
    expectNoInlineStyle(html);
  });

  it('Your machine in Simplified Chinese', () => {
    const text = visibleText(renderScreen(<MachineScreen state={state({ detect: detected })} dispatch={noop} />, 'zh-CN'));
    expect(text).toContain('你的电脑');
    expect(text).toContain('nvidia-smi 显示驱动能运行什么（CUDA 12.2），nvcc 显示装的是哪个编译器（CUDA 13.0）');
  });

  it('Your machine with an AMD GPU and ROCm says so, in both languages, and never that no program can use the GPU', () => {
    const amd = { status: 'ready' as const, value: rx7900xtxReport() };
    const en = visibleText(renderScreen(<MachineScreen state={state({ detect: amd })} dispatch={noop} />));
    expect(en).toContain('AMD ROCm Installed (rocm-smi, rocm_agent_enumerator answered)');
    expect(en).toContain("The GPU here is AMD (AMD Radeon RX 7900 XTX). It needs no NVIDIA driver: programs reach it through AMD's amdgpu kernel driver and ROCm, not CUDA.");
    expect(en).toContain("AMD's kernel driver (amdgpu) is loaded.");
    expect(en).not.toContain('no program can use the GPU');
    const zh = visibleText(renderScreen(<MachineScreen state={state({ detect: amd })} dispatch={noop} />, 'zh-CN'));
    expect(zh).toContain('已安装（rocm-smi, rocm_agent_enumerator 有应答）');
    expect(zh).toContain('这里的 GPU 是 AMD 的（AMD Radeon RX 7900 XTX）。它不需要 NVIDIA 驱动');
    expect(zh).not.toContain('任何程序都还用不了 GPU');
  });

  it('Your machine says plainly when detection is not wired yet', () => {
    const failed = { status: 'failed' as const, error: { code: 'NOT_AVAILABLE' as const, message: 'Detection is not available in this version of DL Setup yet.' } };
    const text = visibleText(renderScreen(<MachineScreen state={state({ detect: failed })} dispatch={noop} />));
    expect(text).toContain('This part of DL Setup is not ready in this version yet.');
    expect(text).toContain('Detection is not available in this version of DL Setup yet.');
  });

  it('Choose: four framework cards (PaddlePaddle the fourth), methods with who needs them, and the China mirrors', () => {
    const html = renderScreen(<ChooseScreen state={state({ choice: { ...initialWizardState.choice, pypiMirror: 'custom' } })} dispatch={noop} />);
    const text = visibleText(html);
    const screen = screenOf(html);
    const frameworks = screen.getAllByRole('radio').filter((radio) => radio.attribs.name === 'framework');
    expect(frameworks.map((radio) => screen.nameOf(radio))).toEqual([expect.stringMatching(/^PyTorch/), expect.stringMatching(/^TensorFlow/), expect.stringMatching(/^JAX/), expect.stringMatching(/^PaddlePaddle/)]);
    expect(frameworks.filter(isChecked).map((radio) => radio.attribs.value)).toEqual(['pytorch']);
    expect(text).toContain('for people who compile CUDA code');
    for (const mirror of ['Tsinghua University TUNA (China)', 'Alibaba Cloud (China)', 'USTC (China)', 'Shanghai Jiao Tong University SJTUG (China)', 'download.pytorch.org (official)']) {
      expect(text).toContain(mirror);
    }
    expect(screen.getByLabelText('Custom PyPI index URL')).toMatchObject({ name: 'input', attribs: expect.objectContaining({ id: 'choose-customPypiUrl' }) });
    expectNoInlineStyle(html);
  });

  it('Plan: current → target per component, reasons, and the script', () => {
    const plan = pytorchPlan();
    const html = renderScreen(<PlanScreen state={state({ detect: detected, plan: { status: 'ready', value: plan } })} dispatch={noop} />);
    const text = visibleText(html);
    expect(text).toContain('This works on your machine: PyTorch 2.5.1 (cu121).');
    expect(text).toContain('NVIDIA driver 535.86.05 → 535.86.05 keep');
    expect(text).toContain('CUDA Toolkit 13.0 → not needed nothing needed');
    expect(text).toContain('Framework 1.13.1 → 2.5.1 (cu121) install');
    expect(text).toContain('Driver 535.86.05 runs CUDA 12.2, so the cu121 build fits.');
    expect(text).toContain('-m pip install --index-url https://download.pytorch.org/whl/cu121 torch==2.5.1');
  });

  it('Plan: a blocked pinned version offers the nearest working one, one click away, and cannot be installed', () => {
    const blocked = pytorchPlan({
      status: 'blocked',
      steps: [{ id: 'driver', kind: 'driver', title: 'Upgrade the NVIDIA driver to 570', elevated: true, params: {} }],
      blockers: [{ code: 'NO_KERNEL_IMAGE', message: 'PyTorch 1.12 has no kernels for compute capability 8.9.', alternative: { framework: 'pytorch', frameworkVersion: '2.0.1', python: '3.10' } }],
    });
    const html = renderScreen(<PlanScreen state={state({ plan: { status: 'ready', value: blocked } })} dispatch={noop} />);
    expect(visibleText(html)).toContain('PyTorch 1.12 has no kernels for compute capability 8.9.');
    const screen = screenOf(html);
    expect(isDisabled(screen.getByRole('button', { name: 'Use PyTorch 2.0.1, Python 3.10 instead' }))).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: 'Install' }))).toBe(true);
    expect(visibleText(html)).toContain('Upgrade the NVIDIA driver to 570 [admin]');
  });

  it('Plan: the engine says conda is missing; its sentence, a button to wheels, and no Install until then', () => {
    // The sentence is the resolver's (plan.json warning.condaMissing), the same one `dlsetup plan` prints.
    const message = 'This plan creates a conda environment, but conda is not installed on this machine (…). Install Miniforge (https://conda-forge.org/download/)…';
    const plan = pytorchPlan({ method: 'conda', warnings: [message], missingPrerequisites: [{ code: 'CONDA_MISSING', message, alternative: { framework: 'pytorch', method: 'wheels' } }] });
    const html = renderScreen(<PlanScreen state={state({ detect: detected, plan: { status: 'ready', value: plan } })} dispatch={noop} />);
    const text = visibleText(html);
    expect(text).toContain('Not ready yet: conda is not installed on this machine.');
    expect(text.split(message)).toHaveLength(2);
    const screen = screenOf(html);
    expect(isDisabled(screen.getByRole('button', { name: 'Use Python packages (wheels) instead' }))).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: 'Install' }))).toBe(true);
  });

  // A run whose environment step is done and whose PyTorch step is running.
  const torchRunning = () =>
    mergeRunStatus(emptyRunView('r1'), {
      runId: 'r1', state: 'running', fraction: 0.3,
      steps: [
        { id: 'python-env', kind: 'python-env', title: 'Create a Python environment', elevated: false, weight: 1, state: 'succeeded' },
        { id: 'framework', kind: 'framework', title: 'Install PyTorch 2.5.1', elevated: false, weight: 10, state: 'running' },
      ],
    });

  it('Install: per-step bars, bytes/speed/ETA, reserved lines and a cancel button while running', () => {
    const view = torchRunning();
    view.steps[1] = { ...view.steps[1]!, fraction: 0.25, detail: 'Downloading torch-2.5.1', bytes: { done: 200 * 1024 ** 2, total: 800 * 1024 ** 2, perSecond: 10 * 1024 ** 2, etaSeconds: 60 } };
    const html = renderScreen(<InstallRunView view={view} busy={false} onCancel={noop} onRetry={noop} onVerify={noop} />);
    const text = visibleText(html);
    expect(text).toContain('210 MB of 839 MB · 10 MB/s · 1:00 left');
    const screen = screenOf(html);
    expect(screen.getByRole('progressbar', { name: 'Progress of Install PyTorch 2.5.1' }).attribs).toMatchObject({ max: '1', value: '0.25' });
    expect(isDisabled(screen.getByRole('button', { name: 'Cancel' }))).toBe(false);
    // The idle step still renders its bytes line (a no-break space) so nothing moves when bytes appear.
    expect(screen.getAllByTestId('step-bytes').map((line) => screen.text(line))).toEqual(['', '210 MB of 839 MB · 10 MB/s · 1:00 left']);
    expectNoInlineStyle(html);
  });

  it('Install: a step\'s log says "1 line" in the singular and "2 lines" in the plural, in both languages', () => {
    const view = torchRunning();
    view.steps[0] = { ...view.steps[0]!, log: ['created /home/student/envs/torch'] };
    view.steps[1] = { ...view.steps[1]!, log: ['Collecting torch==2.5.1', 'Downloading torch-2.5.1'] };
    const summaries = (language: 'en' | 'zh-CN') => {
      const html = renderScreen(<InstallRunView view={view} busy={false} onCancel={noop} onRetry={noop} onVerify={noop} />, language);
      return [...html.matchAll(/<summary>([^<]*)<\/summary>/g)].map((match) => match[1]);
    };
    expect(summaries('en')).toEqual(['Log (1 line)', 'Log (2 lines)']);
    expect(summaries('zh-CN')).toEqual(['日志（1 行）', '日志（2 行）']);
  });

  it('Install: the reboot screen', () => {
    const view = { ...emptyRunView('r1'), state: 'needs-reboot' as const };
    const text = visibleText(renderScreen(<InstallRunView view={view} busy={false} onCancel={noop} onRetry={noop} onVerify={noop} />, 'zh-CN'));
    expect(text).toContain('重启以完成驱动安装');
    expect(text).toContain('重启后继续');
  });

  it('Install: "Undo this install…" only for a real run that has ended; Verify goes once it is undone', () => {
    const ended = (runState: RunView['state'], dryRun = false): RunView => ({ ...emptyRunView('r1'), state: runState, dryRun });
    expect(['succeeded', 'failed', 'cancelled', 'interrupted'].map((s) => canUndo(ended(s as RunView['state'])))).toEqual([true, true, true, true]);
    expect(canUndo(ended('running'))).toBe(false);
    expect(canUndo(ended('needs-reboot'))).toBe(false);
    expect(canUndo(ended('succeeded', true))).toBe(false);
    const offer = <UndoInstallView undo={{ stage: 'offer' }} error={null} onAsk={noop} onConfirm={noop} onKeep={noop} />;
    const html = renderScreen(<InstallRunView view={ended('succeeded')} busy={false} onCancel={noop} onRetry={noop} onVerify={noop} undo={offer} />);
    const screen = screenOf(html);
    screen.getByRole('button', { name: 'Verify the GPU' });
    expect(isDisabled(screen.getByRole('button', { name: 'Undo this install…' }))).toBe(false);
    const undone = renderScreen(<InstallRunView view={ended('succeeded')} busy={false} onCancel={noop} onRetry={noop} onVerify={noop} undone />);
    expect(screenOf(undone).queryByRole('button', { name: 'Verify the GPU' })).toBeNull();
  });

  it('Undo: the preview lists each action, marks administrator ones, and asks before touching anything', () => {
    const preview = {
      runId: 'r1',
      actions: [
        { stepId: 'framework', kind: 'remove-dir' as const, description: 'Remove /home/u/envs/torch and everything in it (created by the install)', elevated: false },
        { stepId: 'vars', kind: 'restore-file' as const, description: 'Restore /etc/profile.d/dlsetup-cuda.sh from the backup taken before the install', elevated: true },
      ],
    };
    const view = (undo: UndoStage, language: 'en' | 'zh-CN' = 'en') => renderScreen(<UndoInstallView undo={undo} error={null} onAsk={noop} onConfirm={noop} onKeep={noop} />, language);
    const html = view({ stage: 'preview', preview });
    const text = visibleText(html);
    expect(text).toContain('What will be undone');
    expect(text).toContain('Remove /home/u/envs/torch and everything in it (created by the install) Restore /etc/profile.d/dlsetup-cuda.sh from the backup taken before the install [admin]');
    const screen = screenOf(html);
    expect(screen.getAllByRole('listitem').map((item) => screen.queryAllByText('[admin]').some((tag) => item.children.includes(tag)))).toEqual([false, true]);
    expect(text).toContain('nothing else on this computer is touched. Lines marked [admin] may ask for your password.');
    expect(screen.getAllByRole('button').map((button) => [screen.nameOf(button), isDisabled(button)])).toEqual([['Undo these changes', false], ['Keep everything', false]]);
    // The preview takes the focus when it appears (focusable by script only).
    expect(screen.getByTestId('undo-preview').attribs.tabindex).toBe('-1');
    // Without administrator lines there is no password to mention; while undoing, neither button can be pressed twice.
    const unelevated = { ...preview, actions: preview.actions.slice(0, 1) };
    expect(visibleText(view({ stage: 'preview', preview: unelevated }))).not.toContain('password');
    const undoing = view({ stage: 'undoing', preview: unelevated });
    expect(isDisabled(screenOf(undoing).getByRole('button', { name: 'Undo these changes' }))).toBe(true);
    expect(visibleText(undoing)).toContain('Undoing…');
    expect(isDisabled(screenOf(view({ stage: 'asking' })).getByRole('button', { name: 'Undo this install…' }))).toBe(true);
    expect(visibleText(view({ stage: 'preview', preview: { runId: 'r1', actions: [] } }))).toBe('This install left nothing to undo.');
    expect(visibleText(view({ stage: 'finished', result: { preview, applied: true, ok: true, notes: [] } }))).toBe('Undone. What this install changed is back as it was before.');
    const problems = visibleText(view({ stage: 'finished', result: { preview, applied: true, ok: false, notes: ['/home/u/.bashrc was edited after the install, so it was kept.'] } }));
    expect(problems).toBe('Undo this install… Some changes could not be undone: /home/u/.bashrc was edited after the install, so it was kept.');
    expectNoInlineStyle(html);

    const chinese = visibleText(view({ stage: 'preview', preview: { runId: 'r1', actions: [{ ...preview.actions[1]!, description: '从安装前的备份恢复 /etc/profile.d/dlsetup-cuda.sh' }] } }, 'zh-CN'));
    expect(chinese).toBe('将被撤销的更改 从安装前的备份恢复 /etc/profile.d/dlsetup-cuda.sh [管理员] 只撤销这些更改，这台电脑上的其他内容都不会被改动。 标有 [管理员] 的行可能会请你输入密码。 撤销这些更改 全部保留');
    expect(visibleText(view({ stage: 'offer' }, 'zh-CN'))).toBe('撤销这次安装…');
    expect(visibleText(view({ stage: 'finished', result: { preview, applied: true, ok: true, notes: [] } }, 'zh-CN'))).toBe('已撤销。这次安装改动的内容都已恢复原样。');
    expect(visibleText(view({ stage: 'preview', preview: { runId: 'r1', actions: [] } }, 'zh-CN'))).toBe('这次安装没有留下需要撤销的更改。');
  });

  it('Verify: checks, a gauge against the spec, a bar per precision, cuDNN and measured tuning', () => {
    const comparison = {
      previousCreatedAt: '2026-11-01T00:00:00Z', currentCreatedAt: '2026-12-03T10:00:00.000Z',
      changes: [{ subject: 'driver', before: '535.86.05', after: '550.54.15', direction: 'changed' as const }],
      matmulDeltas: [{ dtype: 'bf16', before: 140, after: 148.3, deltaPercent: 5.9 }],
    };
    const saved = { jsonPath: '/home/me/.local/share/dlsetup/reports/r.json', htmlPath: '/home/me/.local/share/dlsetup/reports/r.html' };
    const html = renderScreen(<VerifyResultView outcome={{ report: verifyReport(), comparison, saved }} />);
    const text = visibleText(html);
    expect(text).toContain('4 passed, 0 failed, 0 skipped');
    const screen = screenOf(html);
    screen.getByRole('img', { name: 'bf16: 148 of 165 TFLOP/s (90 % of the specification)' });
    expect(text).toContain('fp32 71.2 of 82.6 TFLOP/s (86 %) bf16 148 of 165 TFLOP/s (90 %)');
    expect(text).toContain('Convolution (forward) A cuDNN convolution gives the same result as the CPU. pass');
    expect(text).toContain('Turning on TF32 made fp32 matmuls 2.3× faster here: torch.backends.cuda.matmul.allow_tf32 = True');
    expect(text).toContain('driver: 535.86.05 → 550.54.15');
    expect(text).toContain('bf16: 140 → 148 TFLOP/s (+5.9 %)');
    expect(text).toContain('Saved on this machine: /home/me/.local/share/dlsetup/reports/r.json and');
    expectNoInlineStyle(html);
  });

  it('Verify on a CPU-only build says the numbers are from the CPU', () => {
    const report = verifyReport({
      checks: [{ id: 'gpu-available', status: 'fail', reason: 'Torch not compiled with CUDA enabled', code: 'CPU_ONLY_BUILD' }],
      matmul: [{ dtype: 'fp32', tflops: 0.21, device: 'cpu' }],
      summary: { passed: 0, failed: 1, skipped: 0 },
    });
    const text = visibleText(renderScreen(<VerifyResultView outcome={{ report, comparison: null, saved: { jsonPath: '/r.json', htmlPath: '/r.html' } }} />));
    expect(text).toContain('Verify found a problem: this setup does not work yet. GPU available: Torch not compiled with CUDA enabled');
    expect(text).toContain('GPU available The framework sees the GPU through the driver. fail Torch not compiled with CUDA enabled');
    expect(text).toContain('Measured on the CPU: fp32 matrix multiply (?×?) at 210.0 GFLOP/s.');
  });

  it('Troubleshoot shows a diagnosis with its fixes', () => {
    const diagnose = {
      status: 'ready' as const,
      value: {
        kind: 'python-traceback' as const,
        facts: { toolkitVersion: '11.2.152' },
        diagnoses: [{
          code: 'CUDA_LIB_MISSING', title: 'libcudart.so.11.0 is missing', explanation: 'TensorFlow looks for the CUDA 11 runtime.', fixes: ['Install tensorflow[and-cuda] in a fresh environment.'],
          suggestedPlan: { framework: 'tensorflow' as const, frameworkVersion: '2.15' },
        }],
      },
    };
    const text = visibleText(renderScreen(<TroubleshootScreen state={state({ diagnose })} dispatch={noop} />));
    expect(text).toContain('Recognised as: a Python error (traceback)');
    expect(text).toContain('Plan TensorFlow 2.15 for this machine');
    expect(text).toContain('CUDA Toolkit (nvcc) 11.2.152');
    expect(text).toContain('libcudart.so.11.0 is missing');
    expect(text).toContain('How to fix it Install tensorflow[and-cuda] in a fresh environment.');
  });

  it('an unwired channel reads as "not ready yet", with the code', () => {
    const html = renderScreen(<ErrorPanel error={{ code: 'NOT_AVAILABLE', message: 'Planning is not available in this version of DL Setup yet.' }} />, 'zh-CN');
    const screen = screenOf(html);
    expect(screen.text(screen.getByRole('alert'))).toContain('DL Setup 的这一部分在当前版本中还没有准备好。');
  });

  it('an English engine sentence in the Chinese UI is led by its code in Chinese and kept, marked English', () => {
    const html = renderScreen(<ErrorPanel error={{ code: 'APT_LOCKED', message: 'Another program holds the apt lock (unattended-upgrades).' }} />, 'zh-CN');
    expect(visibleText(html)).toContain('另一个程序正在使用 apt。请等它结束后重试。 Another program holds the apt lock (unattended-upgrades).');
    // The English sentence is marked as English, so a screen reader speaks it with an English voice.
    expect(screenOf(html).queryAllByText('Another program holds the apt lock (unattended-upgrades).').map((element) => element.attribs.lang)).toEqual(['en']);
    const chinese = renderScreen(<ErrorPanel error={{ code: 'APT_LOCKED', message: '另一个程序占用了 apt 锁。' }} />, 'zh-CN');
    expect(visibleText(chinese)).not.toContain('请等它结束后重试');
    expect(visibleText(renderScreen(<ErrorPanel error={{ code: 'APT_LOCKED', message: 'Another program holds the apt lock.' }} />))).not.toContain('Wait for it to finish');
  });

  it('Plan: the download estimate with its time at two speeds, its parts with sources, and what has no known size', () => {
    const download = {
      megabytes: 2809.3,
      items: [
        { component: 'pytorch-cuda-wheels', stepId: 'framework', megabytes: 2809.3, source: 'https://github.com/pytorch/pytorch/pull/156706' },
        { component: 'driver', stepId: 'driver', megabytes: null },
      ],
      unknown: ['driver'],
    };
    const plan = pytorchPlan({ download });
    const text = visibleText(renderScreen(<PlanScreen state={state({ screen: 'plan', detect: detected, plan: { status: 'ready', value: plan } })} dispatch={noop} />));
    expect(text).toContain('About 2.8 GB to download. That takes about 5 min at 10 MB/s, or 24 min at 2 MB/s.');
    expect(text).toContain('Not included, because DL Setup has no size measured for the versions this plan installs: NVIDIA driver.');
    expect(text).toContain('PyTorch with its CUDA libraries: 2.8 GB source: https://github.com/pytorch/pytorch/pull/156706');
    const zh = visibleText(renderScreen(<PlanScreen state={state({ screen: 'plan', detect: detected, plan: { status: 'ready', value: plan } })} dispatch={noop} />, 'zh-CN'));
    expect(zh).toContain('大约需要下载 2.8 GB。按 10 MB/s 约需 5 分钟，按 2 MB/s 约需 24 分钟。');
  });

  it('Plan: when no part of the download was measured for this plan, the size is unknown, not "about 0 B"', () => {
    const download = { megabytes: 0, items: [{ component: 'pytorch-cuda-wheels', stepId: 'framework', megabytes: null }], unknown: ['pytorch-cuda-wheels'] };
    const plan = pytorchPlan({ download });
    const screen = (locale?: 'zh-CN') => visibleText(renderScreen(<PlanScreen state={state({ screen: 'plan', detect: detected, plan: { status: 'ready', value: plan } })} dispatch={noop} />, locale));
    const en = screen();
    expect(en).toContain('Size unknown, because DL Setup has no size measured for the versions this plan installs: PyTorch with its CUDA libraries.');
    expect(en).not.toMatch(/About 0|0 B|Not included/);
    const zh = screen('zh-CN');
    expect(zh).toContain('大小未知，因为 DL Setup 没有本计划所装版本的实测大小：PyTorch 及其 CUDA 库。');
    expect(zh).not.toMatch(/大约需要下载|未计入/);
  });

  it('Choose: while the version list loads, the recommended choice stands; the mirror checks are offered', () => {
    const html = renderScreen(<ChooseScreen state={state({ screen: 'choose', detect: detected })} dispatch={noop} />);
    expect(isDisabled(screenOf(html).getByRole('combobox', { name: /^Version/ }))).toBe(true);
    expect(visibleText(html)).toContain('Newest that works here (recommended)');
    expect(visibleText(html)).toContain('Check PyPI mirror');
    expect(visibleText(html)).toContain('Check PyTorch mirror');
  });
});
