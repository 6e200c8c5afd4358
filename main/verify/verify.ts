import { lookupGpu, type GpuRow } from '../../shared/gpus/lookupGpu.js';
import { appVersion } from '../appPaths.js';
import type { VerifyCheck, VerifyEvent, VerifyReport, VerifyRequest } from '../../shared/types/verify.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { gpuTableSchema } from '../../shared/data/gpusSchema.js';
import { findPythonWithFramework } from './findPythonWithFramework.js';
import { machineFingerprint } from './machineFingerprint.js';
import { certainlyNoNvidiaGpu, explainNoNvidiaGpu, pciHasAmdGpu } from './noNvidiaGpu.js';
import { queryDriverAndGpus, queryGpuHealth } from './queryNvidiaSmi.js';
import { runFrameworkCheck } from './runFrameworkCheck.js';
import { runToolkitCheck, type ToolkitCheckResult } from './runToolkitCheck.js';
import { applySpecPeaks, bandwidthEfficiency, efficiencyFindings } from './specEfficiency.js';
import { staticAdvice, tuningAdvice } from './verifyAdvice.js';
import { verifyText } from './verifyText.js';

export const REPORT_SCHEMA_VERSION = 1;

export interface VerifyOptions extends VerifyRequest {
  signal?: AbortSignal;
  onEvent?: (event: VerifyEvent) => void;
  /** Interpreters tried, in order, when `python` is not given (default: python3, python, /usr/bin/python3). */
  pythonCandidates?: string[];
}

export function summarize(checks: VerifyCheck[]): VerifyReport['summary'] {
  return {
    passed: checks.filter((check) => check.status === 'pass').length,
    failed: checks.filter((check) => check.status === 'fail').length,
    skipped: checks.filter((check) => check.status === 'skip').length,
  };
}

/** The spec row for the first GPU, by PCI id from nvidia-smi, else by the name the framework printed. */
function findSpec(pciId: string | null, name: string | undefined): GpuRow | undefined {
  if (!pciId && !name) return undefined;
  let rows: GpuRow[];
  try {
    rows = loadDataTable('gpus', gpuTableSchema).gpus;
  } catch {
    return undefined;
  }
  return lookupGpu(rows, { pciId: pciId ?? undefined, name });
}

/**
 * `dlsetup verify`: runs the framework check in the chosen interpreter (and the toolkit check when asked), then
 * compares the measured throughput with the card's spec and fingerprints the machine for later re-verification.
 */
export async function verify(options: VerifyOptions = {}): Promise<VerifyReport> {
  const started = Date.now();
  const emit = options.onEvent ?? (() => {});
  const { locale } = options;
  const say = verifyText(locale);
  let python = options.python;
  if (!python) {
    emit({ kind: 'stage', stage: 'python', detail: say('stage.findPython') });
    python = (await findPythonWithFramework({ candidates: options.pythonCandidates, signal: options.signal })).python;
  }
  emit({ kind: 'stage', stage: 'framework', detail: say('stage.framework', { python }) });
  const framework = await runFrameworkCheck({
    python,
    framework: options.framework,
    quick: options.quick,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    onEvent: emit,
    locale,
  });
  for (const message of framework.warnings) emit({ kind: 'warning', message });

  let toolkit: ToolkitCheckResult | null = null;
  if (options.toolkit) {
    emit({ kind: 'stage', stage: 'toolkit', detail: say('stage.toolkit') });
    toolkit = await runToolkitCheck({ nvcc: options.nvcc, signal: options.signal, onEvent: emit, locale });
  }

  emit({ kind: 'stage', stage: 'report', detail: say('stage.report') });
  const host = await queryDriverAndGpus(options.signal);
  const devices = framework.devices.length > 0 ? framework.devices : (toolkit?.devices ?? []);
  const firstName = devices[0]?.name ?? host.gpus[0]?.name;
  const spec = findSpec(host.gpus[0]?.pciId ?? null, firstName);
  const matmul = applySpecPeaks(framework.matmul, spec);
  const gbs = framework.checks.find((check) => check.id === 'memory-bandwidth' && check.status === 'pass')?.metrics?.gbs;
  const bandwidth = bandwidthEfficiency(typeof gbs === 'number' ? gbs : undefined, spec);
  let findings = efficiencyFindings(matmul, bandwidth, null, spec?.name ?? firstName ?? 'GPU', locale);
  if (findings.length > 0) {
    const health = await queryGpuHealth(options.signal);
    findings = efficiencyFindings(matmul, bandwidth, health, spec?.name ?? firstName ?? 'GPU', locale);
  }

  const frameworkChecks = (await certainlyNoNvidiaGpu(host.gpus.length)) ? explainNoNvidiaGpu(framework.checks, framework.framework, say, await pciHasAmdGpu()) : framework.checks;
  const checks = [...frameworkChecks, ...(toolkit?.checks ?? [])];
  const gpuNames = host.gpus.length > 0 ? host.gpus.map((gpu) => gpu.name) : devices.map((device) => device.name);
  const report: VerifyReport = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    createdAt: new Date().toISOString(),
    dlsetupVersion: appVersion,
    framework: framework.framework,
    devices,
    checks,
    matmul,
    summary: summarize(checks),
    fingerprint: machineFingerprint({
      gpus: gpuNames,
      driver: host.driver,
      framework: framework.framework,
      python: framework.python.version,
      toolkit: toolkit?.version ?? null,
    }),
    python: framework.python,
    tuning: framework.tuning,
    findings,
    bandwidth,
    spec: spec ? { name: spec.name, source: spec.source } : null,
    toolkit: toolkit ? { nvcc: toolkit.nvcc, version: toolkit.version, cudnn: toolkit.cudnn } : null,
    advice: [...tuningAdvice(framework.tuning, locale), ...(devices.length > 0 ? staticAdvice(locale) : [])],
    warnings: framework.warnings,
    durationMs: Date.now() - started,
    quick: options.quick ?? false,
  };
  return report;
}
