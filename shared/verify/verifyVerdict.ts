import { formatTflops } from '../text/formatTflops.js';
import type { MatmulResult, VerifyCheck, VerifyReport } from '../types/verify.js';
import { isFramework } from '../frameworks/registry.js';
import { FRAMEWORK_NAMES } from '../plan/frameworkNames.js';

// One verdict for the Verify screen and the saved HTML report; the sentences live in the wizard catalog (verify.verdict.*).

/** What the verdict line says, as a catalog key and its values, so both languages word the same facts. */
export interface Verdict {
  tone: 'pass' | 'fail' | 'cpu';
  key: string;
  params: Record<string, string | number>;
}

/** The precision the verdict quotes: the fastest tensor format measured against its spec, else fp32. */
const PREFERRED = ['bf16', 'fp16', 'tf32', 'fp32'];

export function headlineMatmul(matmul: MatmulResult[]): MatmulResult | undefined {
  const gpu = matmul.filter((entry) => entry.device !== 'cpu');
  const rank = (entry: MatmulResult) => (entry.peakTflops ? 0 : 10) + Math.max(0, PREFERRED.indexOf(entry.dtype));
  return [...gpu].sort((a, b) => rank(a) - rank(b))[0];
}

export const percentOfSpec = (entry: MatmulResult) => Math.round((entry.efficiency ?? entry.tflops / entry.peakTflops!) * 100);

/** A machine with no NVIDIA GPU, where the CPU is what runs the framework (main/verify/noNvidiaGpu.ts). */
export const isCpuOnlyMachine = (report: VerifyReport) => report.checks.some((check) => check.id === 'gpu-available' && check.code === 'NO_NVIDIA_GPU');

export function frameworkName(report: VerifyReport): string {
  return report.framework ? (isFramework(report.framework.name) ? FRAMEWORK_NAMES[report.framework.name] : report.framework.name) : '';
}

/** The first failed check, which the verdict names (it is usually the cause of the rest). */
export function firstFailure(report: VerifyReport): VerifyCheck | undefined {
  return report.checks.find((check) => check.status === 'fail');
}

/** One sentence first: does it work, with the figure that proves it (issue 17: "Your RTX 4090 works: bf16 ..."). */
export function verifyVerdict(report: VerifyReport): Verdict {
  const failed = firstFailure(report);
  if (failed) return { tone: 'fail', key: report.summary.failed > 1 ? 'verify.verdict.failMany' : 'verify.verdict.fail', params: { count: report.summary.failed } };
  const framework = frameworkName(report);
  const cpu = report.matmul.find((entry) => entry.device === 'cpu');
  if (isCpuOnlyMachine(report) || (report.devices.length === 0 && cpu)) {
    return cpu
      ? { tone: 'cpu', key: 'verify.verdict.cpu', params: { framework, gflops: (cpu.gflops ?? cpu.tflops * 1000).toFixed(1) } }
      : { tone: 'cpu', key: 'verify.verdict.cpuNoFigure', params: { framework } };
  }
  const gpu = report.devices[0]?.name ?? report.spec?.name ?? 'GPU';
  const best = headlineMatmul(report.matmul);
  const convOk = report.checks.some((check) => check.id === 'conv2d-forward' && check.status === 'pass');
  const conv = convOk ? 'Conv' : '';
  if (best?.peakTflops) return { tone: 'pass', key: `verify.verdict.passSpec${conv}`, params: { gpu, dtype: best.dtype, tflops: formatTflops(best.tflops), percent: percentOfSpec(best) } };
  if (best) return { tone: 'pass', key: `verify.verdict.passMeasured${conv}`, params: { gpu, dtype: best.dtype, tflops: formatTflops(best.tflops) } };
  return { tone: 'pass', key: 'verify.verdict.passPlain', params: { gpu, framework } };
}
