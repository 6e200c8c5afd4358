import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../shared/text/terminalSafe.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { runCommand } from '../system/runCommand.js';
import { fixturePath } from '../../testkit/fixturePath.js';
import { cudaMajorFromSoname, normalizeCudnnVersion } from './detailValues.js';
import { diagnoseFailure } from './diagnoseFailure.js';
import { diagnoseText } from './diagnoseText.js';
import { formatDiagnosis } from './formatDiagnosis.js';
import { recognizeKind } from './recognizeKind.js';
import { renderTemplate } from './renderTemplate.js';

const read = (...parts: string[]) => readFileSync(fixturePath(...parts), 'utf8');

/** A workstation as detection reports it: RTX 3090, driver 550, CUDA 12.4 and 13.0 Toolkits, TensorFlow 2.10 installed. */
function workstation(overrides: Partial<HardwareReport> = {}): HardwareReport {
  return {
    os: { platform: 'linux', distro: 'ubuntu', version: '22.04', kernel: '6.5.0', arch: 'x86_64', wsl: false, container: false, packageManager: 'apt', secureBoot: 'enabled', nouveauLoaded: false, disks: [] },
    cpu: { model: 'AMD Ryzen 9 5950X', cores: 16, memoryBytes: 64 * 1024 ** 3 },
    gpus: [{ vendor: 'nvidia', name: 'NVIDIA GeForce RTX 3090', computeCapability: '8.6', memoryMiB: 24576 }],
    displayAdapters: [],
    driver: { version: '550.54.15', cudaVersion: '12.4', source: 'nvidia-smi' },
    cudaToolkits: [
      { version: '12.4.131', path: '/usr/local/cuda-12.4', active: true, source: 'nvcc' },
      { version: '13.0.48', path: '/usr/local/cuda-13.0', active: false, source: 'version.json' },
    ],
    cudnn: [{ version: '9.1.0', path: '/usr/include/cudnn_version.h', source: 'header' }],
    pythons: [{ path: '/usr/bin/python3', version: '3.10.12', kind: 'system', packages: { tensorflow: '2.10.0', numpy: '1.24.4' } }],
    findings: [],
    warnings: [],
    durationMs: 1,
    ...overrides,
  };
}

describe('diagnoseText on the machine itself', () => {
  it('turns "libcudart.so.11.0 is missing" into what this machine has and what TensorFlow 2.10 needs, and offers the plan', () => {
    const result = diagnoseText(read('error-logs', 'tf_dso_loader_libcudart.so.11.0_not_found.txt'), { machine: workstation() });
    const [diagnosis] = result.diagnoses;
    // TensorFlow's own loader missing its CUDA runtime: TensorFlow's family, with the library and the versions named.
    expect(diagnosis?.code).toBe('TF_CUDA_LIBS_NOT_FOUND');
    expect(diagnosis?.title).toBe('TensorFlow could not load libcudart.so.11.0 (CUDA 11) and runs on the CPU');
    expect(diagnosis?.onThisMachine).toContain(
      'CUDA Toolkits on this machine: 12.4 and 13.0. TensorFlow 2.10.0 was built for CUDA 11.2 and cuDNN 8.1: the plan below installs those next to what you have.',
    );
    expect(diagnosis?.suggestedPlan).toEqual({ framework: 'tensorflow', frameworkVersion: '2.10.0' });
    expect(diagnosis?.fixes[0]).toBe(
      'TensorFlow 2.10.0 was built for CUDA 11.2 and cuDNN 8.1: install that version next to what you have and put its library folder on the search path (LD_LIBRARY_PATH on Linux, PATH on Windows)',
    );
    expect(diagnosis?.fixes.join('\n')).not.toContain('On native Windows');
    expect(diagnosis?.details).toMatchObject({ soname: 'libcudart.so.11.0', cudaMajor: '11', libraries: 'libcudart.so.11.0' });
  });

  it('says so in Simplified Chinese', () => {
    const result = diagnoseText(read('error-logs', 'tf_dso_loader_libcudart.so.11.0_not_found.txt'), { machine: workstation(), locale: 'zh-CN' });
    expect(result.locale).toBe('zh-CN');
    expect(result.diagnoses[0]?.title).toBe('TensorFlow 加载不了 libcudart.so.11.0（CUDA 11），只能在 CPU 上运行');
    expect(result.diagnoses[0]?.onThisMachine).toContain('本机安装的 CUDA 工具包：12.4 和 13.0。');
    expect(result.diagnoses[0]?.explanation).toMatch(/[\u4e00-\u9fff]/);
  });

  it('uses Secure Boot and the driver state the machine reports', () => {
    const noDriver = workstation({ driver: null });
    const result = diagnoseText(read('nvidia-smi-errors', 'nvidia-smi_failed_communicate_driver_in_container.txt'), { machine: noDriver });
    expect(result.diagnoses[0]?.onThisMachine).toBe(
      'No NVIDIA driver was found on this machine. Secure Boot is enabled on this machine: a driver module that is not signed with an enrolled key will be refused.',
    );
    const plain = diagnoseText(read('nvidia-smi-errors', 'nvidia-smi_failed_communicate_driver_in_container.txt'));
    expect(plain.diagnoses[0]?.onThisMachine).toBeUndefined();
  });

  it('offers the newest build when the GPU is too new for the installed one', () => {
    const result = diagnoseText(read('error-logs', 'torch_sm86_rtx3090_not_compatible_no_kernel_image.txt'), { machine: workstation() });
    expect(result.diagnoses[0]?.explanation).toContain('Your GPU has compute capability 8.6, but this build contains code only for sm_37, sm_50, sm_60, sm_70.');
    expect(result.diagnoses[0]?.suggestedPlan).toEqual({ framework: 'pytorch' });
    expect(result.diagnoses[0]?.onThisMachine).toBe("This machine's GPU: NVIDIA GeForce RTX 3090 (compute capability 8.6).");
  });
});

describe('details read from the text', () => {
  it('reads both cuDNN versions, old numeric formats included', () => {
    expect(normalizeCudnnVersion('7201')).toBe('7.2.1');
    expect(normalizeCudnnVersion('90600')).toBe('9.6.0');
    expect(normalizeCudnnVersion('(8, 5, 0)')).toBe('8.5.0');
    const pytorch = diagnoseText('RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 5, 0) but found runtime version (8, 2, 0).');
    expect(pytorch.diagnoses[0]?.title).toBe('cuDNN 8.2.0 is loaded but the build needs 8.5.0');
    const jax = diagnoseText('CUDA backend failed to initialize: Found cuDNN version 8600, but JAX was built against version 8700, which is newer.');
    expect(jax.diagnoses[0]?.title).toBe('cuDNN 8.6.0 is loaded but the build needs 8.7.0');
  });

  it('knows which library names carry the CUDA major version', () => {
    expect(cudaMajorFromSoname('libcudart.so.11.0')).toBe('11');
    expect(cudaMajorFromSoname('libcudart.so.12')).toBe('12');
    expect(cudaMajorFromSoname('cudart64_110.dll')).toBe('11');
    expect(cudaMajorFromSoname('cudart64_12.dll')).toBe('12');
    expect(cudaMajorFromSoname('cudart64_92.dll')).toBe('9');
    expect(cudaMajorFromSoname('libcufft.so.10')).toBeUndefined();
  });

  it('renders optional sections, flags and alternatives', () => {
    expect(renderTemplate('A[[ {x}]] B', {})).toBe('A B');
    expect(renderTemplate('A[[ {x}]] B', { x: '1' })).toBe('A 1 B');
    expect(renderTemplate('needs {x}||fallback', {})).toBe('fallback');
    expect(renderTemplate('on{?flag}', {})).toBeNull();
    expect(renderTemplate('on{?flag}', { flag: 'yes' })).toBe('on');
  });

  it('reads every GPU of a collect_env that lists them on the lines after its header', () => {
    // The shape collect_env prints when torch has no CUDA and it asks `nvidia-smi -L` (UUIDs already removed by it).
    const text = [
      'PyTorch version: 2.5.1+cpu',
      'Is CUDA available: False',
      'CUDA runtime version: 12.4.131',
      'GPU models and configuration: ',
      'GPU 0: NVIDIA A100-SXM4-80GB',
      'GPU 1: NVIDIA A100-SXM4-80GB',
      '',
      'Nvidia driver version: 550.54.15',
      'cuDNN version: Could not collect',
    ].join('\n');
    const result = diagnoseText(text);
    expect(result.kind).toBe('collect-env');
    expect(result.facts.gpus?.map((gpu) => gpu.name)).toEqual(['NVIDIA A100-SXM4-80GB', 'NVIDIA A100-SXM4-80GB']);
    expect(result.facts).toMatchObject({ driverVersion: '550.54.15', toolkitVersion: '12.4.131' });
  });

  it('reads PyTorch OOM figures in the newer wording', () => {
    const result = diagnoseText(
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 170.00 MiB. GPU 0 has a total capacity of 22.30 GiB of which 14.69 MiB is free.',
    );
    expect(result.diagnoses[0]?.title).toBe('The GPU ran out of memory (tried to allocate 170.00 MiB, the GPU has 22.30 GiB)');
  });
});

describe('recognizeKind', () => {
  it('tells empty text, a traceback and a plain log apart', () => {
    expect(recognizeKind('')).toBe('empty');
    expect(recognizeKind('\n  \n')).toBe('empty');
    expect(recognizeKind('Traceback (most recent call last):\n  File "x.py", line 1, in <module>\nValueError: bad')).toBe('python-traceback');
    expect(recognizeKind('step 1 done\nstep 2 done')).toBe('log');
  });

  it('gives an empty text no facts and no diagnosis', () => {
    expect(diagnoseText('')).toEqual({ kind: 'empty', facts: {}, diagnoses: [], locale: 'en' });
  });
});

describe('diagnoseFailure', () => {
  it('explains a pip failure next to the failed step', () => {
    const result = diagnoseFailure({
      code: 'COMMAND_FAILED',
      message: 'Installing the framework failed (pip exited with 1).',
      log: 'ERROR: Could not find a version that satisfies the requirement tensorflow==2.10.0 (from versions: 2.16.1, 2.17.0)\nERROR: No matching distribution found for tensorflow==2.10.0',
    });
    expect(result.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['PIP_NO_MATCHING_DISTRIBUTION']);
    expect(result.diagnoses[0]?.title).toBe('pip found no build of tensorflow==2.10.0 for this Python and system');
  });

  it('explains an apt lock and a full disk', () => {
    const apt = diagnoseFailure({ code: 'COMMAND_FAILED', message: 'apt-get failed', log: 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 2101 (unattended-upgr)' });
    expect(apt.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['APT_LOCKED']);
    const disk = diagnoseFailure({ code: 'DISK_FULL', message: 'The disk is full', log: "ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device" });
    expect(disk.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['DISK_FULL']);
  });
});

describe('formatDiagnosis', () => {
  it('prints the kind, the facts, each diagnosis with its evidence and numbered fixes with commands', () => {
    const text = formatDiagnosis(diagnoseText(read('nvidia-smi-errors', 'nvml_driver_library_mismatch_570.124.txt')));
    expect(text).toContain('Recognised: an nvidia-smi error');
    expect(text).toContain('Facts: NVML library 570.124');
    expect(text).toContain('✖ The driver was updated, but the old version is still running [DRIVER_LIBRARY_MISMATCH]');
    expect(text).toContain('  line 2: Failed to initialize NVML: Driver/library version mismatch');
    expect(text.replace(/\n\s+/g, ' ')).toContain('The libraries on disk are version 570.124.');
    expect(text).toContain('    1. Restart the computer; this loads the matching kernel module\n       $ sudo reboot');
    expect(text).not.toContain('\x1b[');
    expect(terminalSafe(formatDiagnosis(diagnoseText(read('nvidia-smi-errors', 'nvml_driver_library_mismatch_570.124.txt')), { color: true }), true)).toContain('\x1b[31m✖\x1b[0m');
  });

  it('says plainly when nothing is wrong, and lists the GPUs', () => {
    const text = formatDiagnosis(diagnoseText(read('nvidia-smi-table', 'rtx3090_driver535.161.07_empty-process-list.txt')));
    expect(text).toBe(
      'Recognised: nvidia-smi output\nFacts: driver 535.161.07 · driver supports CUDA 12.2\n  GPU 0: NVIDIA GeForce RTX 3090 (24576 MiB)\n\nNo known problem found in this text.\n',
    );
    expect(formatDiagnosis({ ...diagnoseText(''), locale: 'zh-CN' })).toContain('这段文字里没有发现已知问题。');
  });
});

describe('real output from this machine', () => {
  it.skipIf(!existsSync('/usr/bin/python3'))("Debian's CPU-only torch: CPU_ONLY_BUILD from its real traceback", async () => {
    const run = await runCommand(['/usr/bin/python3', '-c', 'import torch; torch.zeros(1).cuda()'], { timeoutMs: 60_000 });
    if (!/Torch not compiled with CUDA enabled/.test(run.stderr)) return;
    const result = diagnoseText(run.stderr);
    expect(result.kind).toBe('python-traceback');
    expect(result.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['CPU_ONLY_BUILD']);
    expect(result.diagnoses[0]?.title).toBe('PyTorch is a CPU-only build');
    expect(result.diagnoses[0]?.suggestedPlan).toEqual({ framework: 'pytorch' });
  });

  it.skipIf(!existsSync('/usr/local/cuda-13.0/bin/nvcc'))('the CUDA 13.0 nvcc here: its full version', async () => {
    const run = await runCommand(['/usr/local/cuda-13.0/bin/nvcc', '--version'], { timeoutMs: 30_000 });
    const result = diagnoseText(`$ nvcc --version\n${run.stdout}`);
    expect(result.kind).toBe('nvcc');
    expect(result.facts.toolkitVersion).toMatch(/^13\.0\.\d+$/);
    expect(result.diagnoses).toEqual([]);
  });
});

describe('environment managers (texts as conda and uv print them, cited in data/errors.json)', () => {
  it.each([
    ['PackagesNotFoundError: The following packages are not available from current channels:\n\n  - cudnn=8.1\n', 'CONDA_PACKAGES_NOT_FOUND'],
    ['CondaToSNonInteractiveError: Terms of Service have not been accepted for the following channels. Please accept or remove them before proceeding:\n', 'CONDA_TOS_NOT_ACCEPTED'],
    ['error: No interpreter found for Python 3.12 in managed installations or search path\n', 'UV_PYTHON_NOT_FOUND'],
  ])('%s → %s', (text, code) => {
    const result = diagnoseText(text);
    expect(result.diagnoses.map((diagnosis) => diagnosis.code)).toEqual([code]);
  });

  it('names the missing Python in the uv fix', () => {
    const [diagnosis] = diagnoseText('error: No interpreter found for Python 3.12 in managed installations or search path').diagnoses;
    expect(diagnosis!.title).toBe('uv has no Python 3.12 to make the environment with');
    expect(diagnosis!.fixSteps?.map((fix) => fix.command)).toContain('uv python install 3.12');
  });
});
