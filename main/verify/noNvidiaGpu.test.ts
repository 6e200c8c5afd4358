import { describe, expect, it } from 'vitest';
import { hasDebianTorch, SYSTEM_PYTHON } from '../../testkit/debianTorch.js';
import { createSimulatedHost, withSimulatedHost } from '../../testkit/simulatedHost.js';
import { explainNoNvidiaGpu, pciHasAmdGpu } from './noNvidiaGpu.js';
import { verify } from './verify.js';
import { verifyText } from './verifyText.js';

const nvidiaPci = (slot: string) => ({ [`/sys/bus/pci/devices/${slot}/class`]: '0x030000\n', [`/sys/bus/pci/devices/${slot}/vendor`]: '0x10de\n', [`/sys/bus/pci/devices/${slot}/device`]: '0x2684\n' });
const intelPci = { '/sys/bus/pci/devices/0000:00:02.0/class': '0x030000\n', '/sys/bus/pci/devices/0000:00:02.0/vendor': '0x8086\n', '/sys/bus/pci/devices/0000:00:02.0/device': '0x9bc4\n' };

/** Debian's CPU-only PyTorch, run for real on a simulated machine (sysfs and nvidia-smi from the host kit). */
async function verifyOn(files: Record<string, string>, locale?: 'zh-CN') {
  const host = await createSimulatedHost({ files });
  return withSimulatedHost(host, () => verify({ python: SYSTEM_PYTHON, framework: 'pytorch', quick: true, ...(locale ? { locale } : {}) }));
}

describe.runIf(hasDebianTorch)('a CPU-only PyTorch build (issue 17)', () => {
  it('on a machine with no NVIDIA GPU passes: the GPU check is skipped as expected, no "install a CUDA build" advice, tuning not measured with the reason', async () => {
    const report = await verifyOn(intelPci);
    const gpu = report.checks.find((check) => check.id === 'gpu-available');
    expect(gpu).toMatchObject({ status: 'skip', code: 'NO_NVIDIA_GPU' });
    expect(gpu?.reason).toMatch(/^This machine has no NVIDIA GPU, so PyTorch \S+ runs on the CPU/);
    expect(report.summary.failed).toBe(0);
    expect(report.checks.find((check) => check.id === 'matmul-cpu-reference')?.status).toBe('pass');
    const everything = JSON.stringify(report);
    expect(everything).not.toMatch(/Install a CUDA build|see gpu-available/);
    expect(report.tuning?.map((tip) => [tip.id, tip.skipped])).toEqual(
      ['tf32', 'cudnn-benchmark', 'bf16-autocast', 'fp16-autocast', 'pinned-copy'].map((id) => [id, 'there is no usable GPU to time it on']),
    );
  }, 60_000);

  it('says the same in Chinese', async () => {
    const report = await verifyOn(intelPci, 'zh-CN');
    expect(report.checks.find((check) => check.id === 'gpu-available')?.reason).toMatch(/^这台电脑没有 NVIDIA GPU/);
    expect(report.tuning?.[0]?.skipped).toBe('没有可用的 GPU 来测量');
  }, 60_000);

  it('on an AMD machine says ROCm, never "install a CUDA build", in both languages', async () => {
    const amdPci = { '/sys/bus/pci/devices/0000:03:00.0/class': '0x030000\n', '/sys/bus/pci/devices/0000:03:00.0/vendor': '0x1002\n', '/sys/bus/pci/devices/0000:03:00.0/device': '0x744c\n' };
    const report = await verifyOn(amdPci);
    const gpu = report.checks.find((check) => check.id === 'gpu-available');
    expect(gpu).toMatchObject({ status: 'skip', code: 'NO_NVIDIA_GPU' });
    expect(gpu?.reason).toMatch(/^This machine's GPU is AMD, which no CUDA build can use, so PyTorch \S+ runs on the CPU: .* install a ROCm build instead/);
    expect(JSON.stringify(report)).not.toMatch(/Install a CUDA build/);
    const zh = await verifyOn(amdPci, 'zh-CN');
    expect(zh.checks.find((check) => check.id === 'gpu-available')?.reason).toMatch(/^这台电脑的 GPU 是 AMD 的，任何 CUDA 版本都用不了它/);
  }, 60_000);

  it('on a machine WITH an NVIDIA GPU fails and says to install a CUDA build', async () => {
    const report = await verifyOn(nvidiaPci('0000:01:00.0'));
    const gpu = report.checks.find((check) => check.id === 'gpu-available');
    expect(gpu).toMatchObject({ status: 'fail', code: 'CPU_ONLY_BUILD' });
    expect(gpu?.reason).toContain('Install a CUDA build of PyTorch to use the GPU.');
    expect(report.summary.failed).toBe(1);
  }, 60_000);
});

describe('the GPU check on a machine without an NVIDIA GPU names ROCm when the GPU is AMD (issue 28 item 5)', () => {
  const amdPci = { '/sys/bus/pci/devices/0000:03:00.0/class': '0x030000\n', '/sys/bus/pci/devices/0000:03:00.0/vendor': '0x1002\n', '/sys/bus/pci/devices/0000:03:00.0/device': '0x744c\n' };
  const cpuBuild = [{ id: 'gpu-available', status: 'fail' as const, code: 'CPU_ONLY_BUILD', reason: 'This PyTorch build (2.5.1+cpu) has no CUDA support (torch.version.cuda is None): it was built for the CPU only. Install a CUDA build of PyTorch to use the GPU.' }];

  it.runIf(process.platform === 'linux')('sysfs with an AMD display controller is an AMD machine; an Intel one is not', async () => {
    expect(await withSimulatedHost(await createSimulatedHost({ files: amdPci }), pciHasAmdGpu)).toBe(true);
    expect(await withSimulatedHost(await createSimulatedHost({ files: intelPci }), pciHasAmdGpu)).toBe(false);
  });

  it('says ROCm, not "install a CUDA build", in English and Chinese', () => {
    const framework = { name: 'pytorch', version: '2.5.1+cpu' };
    const [en] = explainNoNvidiaGpu(cpuBuild, framework, verifyText('en'), true);
    expect(en).toMatchObject({ status: 'skip', code: 'NO_NVIDIA_GPU' });
    expect(en?.reason).toBe("This machine's GPU is AMD, which no CUDA build can use, so PyTorch 2.5.1+cpu runs on the CPU: the CPU check shows it works. To use the AMD GPU, install a ROCm build instead (PyTorch publishes them for Linux), if ROCm supports this GPU.");
    const [zh] = explainNoNvidiaGpu(cpuBuild, framework, verifyText('zh-CN'), true);
    expect(zh?.reason).toBe('这台电脑的 GPU 是 AMD 的，任何 CUDA 版本都用不了它，所以 PyTorch 2.5.1+cpu 在 CPU 上运行：CPU 检查表明它可以工作。要使用这块 AMD GPU，请改装 ROCm 版本（PyTorch 为 Linux 提供），前提是 ROCm 支持这块 GPU。');
    expect(explainNoNvidiaGpu(cpuBuild, framework, verifyText('en'))[0]?.reason).toMatch(/^This machine has no NVIDIA GPU/);
  });
});
