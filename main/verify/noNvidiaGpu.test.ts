import { describe, expect, it } from 'vitest';
import { hasDebianTorch, SYSTEM_PYTHON } from '../../testkit/debianTorch.js';
import { createSimulatedHost, withSimulatedHost } from '../../testkit/simulatedHost.js';
import { verify } from './verify.js';

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

  it('on a machine WITH an NVIDIA GPU fails and says to install a CUDA build', async () => {
    const report = await verifyOn(nvidiaPci('0000:01:00.0'));
    const gpu = report.checks.find((check) => check.id === 'gpu-available');
    expect(gpu).toMatchObject({ status: 'fail', code: 'CPU_ONLY_BUILD' });
    expect(gpu?.reason).toContain('Install a CUDA build of PyTorch to use the GPU.');
    expect(report.summary.failed).toBe(1);
  }, 60_000);
});
