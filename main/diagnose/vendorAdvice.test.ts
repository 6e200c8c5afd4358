import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { fixturePath } from '../../testkit/fixturePath.js';
import { diagnoseText } from './diagnoseText.js';
import { formatDiagnosis } from './formatDiagnosis.js';
import { linuxReport } from '../../testkit/detect/linuxReport.js';

const read = (...parts: string[]) => readFileSync(fixturePath(...parts), 'utf8');
const cpuBuildError = read('error-logs', 'torch_not_compiled_with_cuda_tail.txt');
const noKernelImage = read('error-logs', 'torch_sm86_rtx3090_not_compatible_no_kernel_image.txt');

const machine = linuxReport;

const rx7900xtx = machine({ gpus: [{ vendor: 'amd', name: 'AMD Radeon RX 7900 XTX', pciId: '1002:744c', gfxArch: 'gfx1100' }], rocmTools: ['rocm-smi'] });
const rx5700xt = machine({ gpus: [{ vendor: 'amd', name: 'AMD Radeon RX 5700 XT', pciId: '1002:731f', gfxArch: 'gfx1010' }] });
const rtx3090 = (driver: string) => machine({
  gpus: [{ vendor: 'nvidia', name: 'NVIDIA GeForce RTX 3090', computeCapability: '8.6' }],
  driver: { version: driver, cudaVersion: '11.0', source: 'nvidia-smi' },
});

/** The diagnosis the test is about: the build's own (CPU_ONLY_BUILD, CUDA_NOT_AVAILABLE), whatever else the text raises. */
const fixTexts = (text: string, on: HardwareReport, locale: 'en' | 'zh-CN' = 'en') =>
  diagnoseText(text, { machine: on, locale }).diagnoses.find((diagnosis) => ['CPU_ONLY_BUILD', 'CUDA_NOT_AVAILABLE'].includes(diagnosis.code))!;

describe('CUDA advice follows the GPU vendor (issue 28 item 5)', () => {
  it('an AMD RX 7900 XTX (gfx1100) is never told a CUDA build will work: ROCm, in English and Chinese', () => {
    const en = fixTexts(cpuBuildError, rx7900xtx);
    expect(en.code).toBe('CPU_ONLY_BUILD');
    expect(en.onThisMachine).toBe("This machine's GPU is AMD Radeon RX 7900 XTX (gfx1100), an AMD GPU: no CUDA build can use it; PyTorch's ROCm builds (Linux) support its gfx target.");
    expect(en.fixes.join('\n')).not.toMatch(/install a CUDA build/i);
    expect(en.fixSteps?.[1]?.text).toBe("This machine's GPU is AMD Radeon RX 7900 XTX (gfx1100), an AMD GPU whose gfx target PyTorch's ROCm builds support: uninstall this build and install a ROCm build (Linux, from download.pytorch.org/whl/rocm…); no CUDA build can use an AMD GPU");
    const zh = fixTexts(cpuBuildError, rx7900xtx, 'zh-CN');
    expect(zh.onThisMachine).toBe('本机的 GPU 是 AMD Radeon RX 7900 XTX (gfx1100)，这是 AMD GPU：CUDA 版本用不了它；PyTorch 的 ROCm 版本（Linux）支持它的 gfx 架构。');
    expect(zh.onThisMachine).not.toContain('可以使用 CUDA 版本');
  });

  it('an AMD GPU ROCm does not list (gfx1010) gets the CPU build, not ROCm and not CUDA', () => {
    const en = fixTexts(cpuBuildError, rx5700xt);
    expect(en.onThisMachine).toBe("This machine's GPU is AMD Radeon RX 5700 XT (gfx1010), an AMD GPU: no CUDA build can use it; its gfx target is not on the list PyTorch's ROCm builds support, so the CPU build is what runs here.");
    expect(en.fixSteps?.[1]?.text).toContain('so the CPU build is the one that runs here');
  });

  it('a machine without a GPU and a Mac are told the CPU build (or MPS) is right', () => {
    expect(fixTexts(cpuBuildError, machine({})).onThisMachine).toBe('This machine has no GPU that a CUDA build can use, so the CPU build is the right one here.');
    expect(fixTexts(cpuBuildError, machine({}), 'zh-CN').onThisMachine).toBe('本机没有 CUDA 版本能用的 GPU，所以 CPU 版本就是合适的。');
    const mac = machine({ os: { ...machine({}).os, platform: 'macos' }, gpus: [{ vendor: 'apple', name: 'Apple M3 Pro', integrated: true }] });
    expect(fixTexts(cpuBuildError, mac).onThisMachine).toBe("This machine's GPU is Apple's: CUDA builds do not exist for macOS, and PyTorch's own macOS build uses the GPU through MPS.");
  });

  it('an NVIDIA machine still gets the CUDA build', () => {
    const en = fixTexts(cpuBuildError, rtx3090('550.54.15'));
    expect(en.onThisMachine).toBe('This machine has NVIDIA GeForce RTX 3090 (compute capability 8.6), so a CUDA build will work: the plan below installs one.');
    expect(en.fixSteps?.[1]?.text).toContain('install a CUDA build');
  });

  it("a text from an NVIDIA machine keeps its CUDA fix; this AMD machine's facts stay labelled as this machine's", () => {
    const fromServer = `| NVIDIA-SMI 550.54.15    Driver Version: 550.54.15    CUDA Version: 12.4     |\n${cpuBuildError}`;
    const en = fixTexts(fromServer, rx7900xtx);
    expect(en.fixSteps?.[1]?.text).toContain('install a CUDA build');
    expect(en.onThisMachine).toMatch(/^This machine's GPU is AMD Radeon RX 7900 XTX/);
  });

  it('"CUDA is not available" on an AMD machine points at ROCm, not nvidia-smi', () => {
    const report = 'Is CUDA available: False\nCUDA runtime version: Could not collect\n';
    const en = fixTexts(report, rx7900xtx);
    expect(en.code).toBe('CUDA_NOT_AVAILABLE');
    expect(en.fixSteps?.[0]).toEqual({ text: "This machine's GPU is AMD: check that ROCm and its amdgpu driver see it", command: 'rocm-smi' });
    expect(en.onThisMachine).toContain('an AMD GPU: CUDA never sees it, whatever driver is installed; PyTorch\'s ROCm builds (Linux) support its gfx target');
  });
});

describe('sm_XY names read as compute capability X.Y', () => {
  const rtx5090 = noKernelImage.replaceAll('RTX 3090', 'RTX 5090').replace('sm_86 is not', 'sm_120 is not');

  it('sm_120 is 12.0, in the facts and the title', () => {
    const result = diagnoseText(rtx5090);
    expect(result.diagnoses[0]?.code).toBe('NO_KERNEL_IMAGE');
    expect(result.facts.gpus).toEqual([expect.objectContaining({ name: 'NVIDIA GeForce RTX 5090', computeCapability: '12.0' })]);
    expect(result.diagnoses[0]?.title).toBe('This build has no GPU code for NVIDIA GeForce RTX 5090 (compute capability 12.0)');
    expect(formatDiagnosis(result)).toContain('GPU 0: NVIDIA GeForce RTX 5090 (compute capability 12.0)');
    expect(formatDiagnosis(result)).not.toContain('1.20');
  });

  it('an arch-specific build list (sm_90a) is kept in the explanation', () => {
    const hopper = rtx5090.replace('sm_37 sm_50 sm_60 sm_70.', 'sm_80 sm_86 sm_90 sm_90a.');
    expect(diagnoseText(hopper).diagnoses[0]?.explanation).toContain('this build contains code only for sm_80, sm_86, sm_90, sm_90a');
  });
});

describe('the compute-capability command works on the driver in question (issue 28 item 6)', () => {
  const step = (text: string, on?: HardwareReport, locale: 'en' | 'zh-CN' = 'en') =>
    diagnoseText(text, { ...(on ? { machine: on } : {}), locale }).diagnoses.find((diagnosis) => diagnosis.code === 'NO_KERNEL_IMAGE')!.fixSteps!.find((fix) => /compute capability|计算能力/.test(fix.text))!;

  it('a driver whose nvidia-smi knows compute_cap (R535 and newer) gets --query-gpu=compute_cap', () => {
    expect(step(noKernelImage, rtx3090('550.54.15'))).toEqual({ text: "Check your GPU's compute capability", command: 'nvidia-smi --query-gpu=name,compute_cap --format=csv' });
  });

  it('a driver up to R470 is told what to run instead, in English and Chinese', () => {
    const en = step(noKernelImage, rtx3090('450.66'));
    expect(en.text).toBe("Driver 450.66's nvidia-smi has no compute_cap field (it came after R470): ask PyTorch for the compute capability instead, or read the Product Name in 'nvidia-smi -q' and look it up at https://developer.nvidia.com/cuda-gpus");
    expect(en.command).toBe('python -c "import torch; print(torch.cuda.get_device_name(0), torch.cuda.get_device_capability(0))"');
    const zh = step(noKernelImage, rtx3090('470.256.02'), 'zh-CN');
    expect(zh.text).toBe("驱动 470.256.02 的 nvidia-smi 没有 compute_cap 字段（R470 之后才有）：改用 PyTorch 查询计算能力，或者在 'nvidia-smi -q' 里读出 Product Name，再到 https://developer.nvidia.com/cuda-gpus 查找");
  });

  it('the driver the text names decides before this machine\'s', () => {
    const pasted = `${read('pastes', 'nvcc_10.1_plus_nvidia-smi_header_450.66_cuda11.0.txt')}\n${noKernelImage}`;
    expect(step(pasted, rtx3090('550.54.15')).command).toMatch(/^python -c/);
  });

  it('between R470 and R535 (not confirmed by the sources here) the sentence stays conditional', () => {
    const en = step(noKernelImage, rtx3090('515.65.01'));
    expect(en.command).toBe('nvidia-smi --query-gpu=name,compute_cap --format=csv');
    expect(en.text).toContain('If nvidia-smi says compute_cap is not a valid field (older drivers; R470 and older lack it), ask PyTorch instead');
    expect(step(noKernelImage).text).toContain('If nvidia-smi says compute_cap is not a valid field');
  });
});
