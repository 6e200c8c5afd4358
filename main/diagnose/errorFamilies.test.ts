import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { fixturePath } from '../../testkit/fixturePath.js';
import { diagnoseText } from './diagnoseText.js';
import { formatDiagnosis } from './formatDiagnosis.js';
import { linuxReport } from '../../testkit/detect/linuxReport.js';

/**
 * Issue 31's families, each shown on a real text of the development half (fixtures/troubleshoot-set-3/development.json,
 * every text with its thread): the first diagnosis is the family, in English and in Simplified Chinese, and its fix is
 * the one for the framework and platform in the text.
 */
const development = (JSON.parse(readFileSync(fixturePath('troubleshoot-set-3', 'development.json'), 'utf8')) as { texts: { id: string; code: string; text: string }[] }).texts;
const text = (id: string) => (development.find((sample) => sample.id === id) as { text: string }).text;
const CJK = /[\u4e00-\u9fff]/;

const FAMILIES: [id: string, code: string][] = [
  ['dev-003', 'CONTAINER_NO_GPUS'],
  ['dev-004', 'CONTAINER_NO_GPUS'],
  ['dev-005', 'CONTAINER_TOOLKIT_MISSING'],
  ['dev-006', 'CPU_ONLY_BUILD'],
  ['dev-008', 'CPU_ONLY_BUILD'],
  ['dev-009', 'CUDA_LIB_CONFLICT'],
  ['dev-010', 'CUDA_LIB_CONFLICT'],
  ['dev-014', 'CUDNN_LIB_MISSING'],
  ['dev-017', 'CUDNN_VERSION_MISMATCH'],
  ['dev-018', 'DKMS_BUILD_FAILED'],
  ['dev-022', 'DRIVER_NOT_LOADED'],
  ['dev-024', 'DRIVER_TOO_OLD'],
  ['dev-026', 'FABRIC_MANAGER_NOT_RUNNING'],
  ['dev-027', 'FABRIC_MANAGER_NOT_RUNNING'],
  ['dev-028', 'GPU_BUSY_EXCLUSIVE'],
  ['dev-030', 'HOST_COMPILER_UNSUPPORTED'],
  ['dev-031', 'HOST_COMPILER_UNSUPPORTED'],
  ['dev-032', 'JAX_WINDOWS_NO_GPU'],
  ['dev-034', 'NCCL_FAILED'],
  ['dev-035', 'NCCL_FAILED'],
  ['dev-038', 'NVCC_NOT_FOUND'],
  ['dev-039', 'OPEN_MODULES_UNSUPPORTED_GPU'],
  ['dev-041', 'OUT_OF_MEMORY'],
  ['dev-045', 'PIP_EXTERNALLY_MANAGED'],
  ['dev-049', 'PTXAS_TOO_OLD'],
  ['dev-052', 'ROCM_GFX_UNSUPPORTED'],
  ['dev-053', 'TF_WINDOWS_NO_GPU'],
  ['dev-054', 'TF_WINDOWS_NO_GPU'],
  ['dev-055', 'WINDOWS_DLL_LOAD_FAILED'],
  ['dev-056', 'WINDOWS_DLL_LOAD_FAILED'],
  ['dev-057', 'WINDOWS_DLL_LOAD_FAILED'],
  ['dev-058', 'WSL_LIBCUDA_NOT_SYMLINK'],
  ['dev-059', 'WSL_NO_GPU'],
  ['dev-060', 'WSL_NO_GPU'],
  ['dev-061', 'XLA_DRIVER_OLDER_THAN_PTXAS'],
];

describe('issue 31 families on development texts', () => {
  it.each(FAMILIES)('%s is %s, in English and in Chinese', (id, code) => {
    const en = diagnoseText(text(id)).diagnoses[0];
    expect(en?.code).toBe(code);
    expect(en?.title).not.toMatch(CJK);
    const zh = diagnoseText(text(id), { locale: 'zh-CN' }).diagnoses[0];
    expect(zh?.code).toBe(code);
    expect(zh?.title).toMatch(CJK);
    expect(zh?.explanation).toMatch(CJK);
    expect(zh?.fixes.every((fix) => CJK.test(fix))).toBe(true);
  });

  it("names what it read: the cuDNN pair, the NCCL error and version, the DKMS kernel, the driver's and ptxas' CUDA", () => {
    expect(diagnoseText(text('dev-017')).diagnoses[0]?.details).toMatchObject({ compiledCudnnVersion: '8.3.2', loadedCudnnVersion: '8.0.3' });
    expect(diagnoseText(text('dev-035')).diagnoses[0]?.title).toBe('NCCL, the library that connects the GPUs, failed: unhandled system error');
    expect(diagnoseText(text('dev-035')).diagnoses[0]?.explanation).toContain('NCCL 2.4.8');
    expect(diagnoseText(text('dev-019')).diagnoses[0]?.title).toBe('DKMS could not build the NVIDIA kernel module for kernel 6.8.10-300.fc40.x86_64');
    expect(diagnoseText(text('dev-061')).diagnoses[0]?.title).toBe("The driver's CUDA 12.4 is older than JAX's ptxas 12.5.40");
    expect(diagnoseText(text('dev-024')).diagnoses[0]?.details).toMatchObject({ frameworkCuda: '10.0', driverCuda: '9.0' });
    expect(diagnoseText(text('dev-052')).diagnoses[0]?.title).toContain('gfx1150');
  });

  it("TensorFlow's CPU build gets TensorFlow's fix, never torch's", () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const diagnosis = diagnoseText(text('dev-008'), { locale }).diagnoses[0];
      const commands = diagnosis?.fixSteps?.map((fix) => fix.command ?? '') ?? [];
      expect(commands).toContain('pip install "tensorflow[and-cuda]"');
      expect(commands.some((command) => command.includes("list_physical_devices('GPU')"))).toBe(true);
      expect(diagnosis?.fixes.join('\n')).not.toMatch(/torch/i);
    }
    // PyTorch's own message keeps PyTorch's check.
    const torch = diagnoseText('AssertionError: Torch not compiled with CUDA enabled').diagnoses[0];
    expect(torch?.fixSteps?.map((fix) => fix.command)).toContain('python -c "import torch; print(torch.__version__, torch.version.cuda)"');
    expect(torch?.fixes.join('\n')).not.toContain('tensorflow[and-cuda]');
  });

  it('TensorFlow 2.11+ on native Windows is sent to WSL2 or TensorFlow 2.10; jax on Windows to WSL2', () => {
    const tf = diagnoseText(text('dev-054')).diagnoses[0];
    expect(tf?.title).toBe('TensorFlow 2.11.0 has no GPU support on native Windows');
    expect(tf?.fixSteps?.map((fix) => fix.command)).toEqual(expect.arrayContaining(['wsl --install -d Ubuntu', 'pip install "tensorflow<2.11"']));
    const jax = diagnoseText(text('dev-033'), { locale: 'zh-CN' }).diagnoses[0];
    expect(jax?.code).toBe('JAX_WINDOWS_NO_GPU');
    expect(jax?.explanation).toContain('WSL2');
  });

  it('a WSL or container context is required: the same failure elsewhere keeps its own family', () => {
    expect(diagnoseText('bash: nvidia-smi: command not found').diagnoses[0]?.code).toBe('NVIDIA_SMI_NOT_FOUND');
    const couldNot = "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.";
    expect(diagnoseText(couldNot).diagnoses[0]?.code).toBe('DRIVER_NOT_LOADED');
    expect(diagnoseText(`docker run --gpus all -it img\n${'bash: nvidia-smi: command not found'}`).diagnoses[0]?.code).toBe('NVIDIA_SMI_NOT_FOUND');
    // TensorFlow 2.10 on Windows still has a GPU build: a False there is a CPU build, not the Windows cut-off.
    expect(diagnoseText('Windows 10, tensorflow==2.10.0\ntf.test.is_built_with_cuda() # False').diagnoses[0]?.code).toBe('CPU_ONLY_BUILD');
  });
});

describe('no family matched (issue 31, item 4)', () => {
  it('lists what it read and the closest families with the words the text holds, in both languages', () => {
    const log = 'Loading libfoo_gpu.so.3 for sm_90 on CUDA 12.4\nncclCommInitRank returned an unexpected value\nprocess exited';
    const en = diagnoseText(log);
    expect(en.diagnoses).toEqual([]);
    expect(en.unmatched?.extracted).toEqual(['libfoo_gpu.so.3', 'sm_90', 'CUDA 12.4']);
    const zh = diagnoseText('No interpreter found for this request', { locale: 'zh-CN' });
    expect(zh.diagnoses).toEqual([]);
    expect(zh.unmatched?.closest[0]?.code).toBe('UV_PYTHON_NOT_FOUND');
    expect(zh.unmatched?.closest[0]?.title).toMatch(CJK);
    expect(zh.unmatched?.closest[0]?.found.length).toBeGreaterThan(0);
    const printed = formatDiagnosis(zh);
    expect(printed).toContain('最接近的已知问题');
    expect(printed).toContain(`[${zh.unmatched?.closest[0]?.code}]`);
    // Said as an error, the same words read like uv's reports enough to name the family, as a likeness.
    expect(diagnoseText('error: No interpreter found anywhere, a wording nobody has seen').diagnoses.map((diagnosis) => [diagnosis.code, diagnosis.resembles !== undefined])).toEqual([['UV_PYTHON_NOT_FOUND', true]]);
  });

  it('a family its message does not name but the words do is read from the words, and says so (en and zh-CN)', () => {
    const text = 'RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:825, a wording nobody has seen';
    const en = diagnoseText(text);
    expect(en.diagnoses.map((diagnosis) => [diagnosis.code, diagnosis.fromWords])).toEqual([['NCCL_FAILED', true]]);
    expect(formatDiagnosis(en)).toContain('Read from your words alone (no error message in the text matched)');
    expect(formatDiagnosis(diagnoseText(text, { locale: 'zh-CN' }))).toContain('这只是根据你的描述判断的');
    // A tool's message decides where there is one: no diagnosis it raises is marked as read from words.
    expect(diagnoseText('NCCL WARN Call to ibv_reg_mr failed\nI think the NCCL error is a timeout').diagnoses.every((diagnosis) => !diagnosis.fromWords)).toBe(true);
  });

  it('a healthy report keeps its plain answer', () => {
    expect(diagnoseText(readFileSync(fixturePath('nvidia-smi-table', 'rtx3090_driver535.161.07_empty-process-list.txt'), 'utf8')).unmatched).toBeUndefined();
  });
});

describe('"on this machine" only about the machine the text came from (issue 31, item 5)', () => {
  const machine: HardwareReport = linuxReport({
    os: { version: '22.04', kernel: '6.5.0-27-generic' },
    cpu: { model: 'AMD Ryzen 9 5950X', cores: 16, memoryBytes: 64 * 1024 ** 3 },
    gpus: [{ vendor: 'nvidia', name: 'NVIDIA GeForce RTX 3090', computeCapability: '8.6', memoryMiB: 24576 }],
    driver: { version: '550.54.15', cudaVersion: '12.4', source: 'nvidia-smi' },
  });
  const notFound = (kernel: string) => `modprobe: FATAL: Module nvidia not found in directory /lib/modules/${kernel}`;
  const find = (text: string, locale: 'en' | 'zh-CN' = 'en') => diagnoseText(text, { machine, locale }).diagnoses.find((item) => item.code === 'DRIVER_MODULE_LOAD_FAILED');

  it("a log from another kernel is not given this machine's kernel headers, and what is said about this machine is labelled", () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const diagnosis = find(notFound('5.4.0-42-generic'), locale);
      expect(diagnosis?.fixes.join('\n')).not.toContain('6.5.0-27-generic');
      expect(diagnosis?.onThisMachine).toMatch(locale === 'en' ? /^On the machine DL Setup runs on \(this text came from another one\): / : /^DL Setup 所在的这台机器（这段文字来自另一台机器）：/);
    }
  });

  it("a log from this machine's own kernel keeps this machine's fix, unlabelled", () => {
    const diagnosis = find(notFound('6.5.0-27-generic'));
    expect(diagnosis?.fixes.join('\n')).toContain('running kernel 6.5.0-27-generic');
    expect(diagnosis?.onThisMachine).toMatch(/^Checked on this machine/);
  });
});

describe('memory exhaustion gets the fix of the framework that ran out', () => {
  it('MPS, XLA and TensorFlow each get their own first fix; CUDA PyTorch keeps the allocator advice', () => {
    const first = (text: string) => diagnoseText(text).diagnoses[0]?.fixSteps?.[0]?.command;
    expect(first(text('dev-042'))).toBe('export PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0');
    expect(first('jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Failed to allocate request for 1.00GiB (1073741824B) on device ordinal 0')).toBe('export XLA_PYTHON_CLIENT_PREALLOCATE=false');
    const zh = diagnoseText(text('dev-042'), { locale: 'zh-CN' }).diagnoses[0];
    expect(zh?.fixes[0]).toMatch(/^在 Mac（MPS）上/);
    const cuda = diagnoseText('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB').diagnoses[0];
    expect(cuda?.fixSteps?.map((fix) => fix.command)).toContain('export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True');
    expect(cuda?.fixSteps?.map((fix) => fix.command)).not.toContain('export XLA_PYTHON_CLIENT_PREALLOCATE=false');
  });
});
