import { capabilityFromArch } from '../../shared/plan/computeCapability.js';
import type { DiagnoseFacts } from '../../shared/types/diagnose.js';
import { cudnnVersionFromNumber } from '../detect/parsers/parseCudnnHeader.js';
import { ALL_FRAMEWORK_SPECS, FRAMEWORK_IDS } from '../../shared/frameworks/registry.js';

/** Families Troubleshoot names beside the planned frameworks, whose labels their specs give. */
const FRAMEWORK_LABELS: Record<string, string> = {
  paddle: 'PaddlePaddle',
  onnxruntime: 'ONNX Runtime',
  ...Object.fromEntries(ALL_FRAMEWORK_SPECS.map((spec) => [spec.id, spec.label])),
};

/** The frameworks `dlsetup plan` can plan for. */
export const PLANNABLE: ReadonlySet<string> = new Set(FRAMEWORK_IDS);

export function frameworkLabel(name: string): string {
  return FRAMEWORK_LABELS[name] ?? name;
}

/** "7201" → "7.2.1", "(8, 5, 0)" → "8.5.0", "8600" → "8.6.0", "7.4.1" stays. */
export function normalizeCudnnVersion(raw: string): string {
  const tuple = /^\((\d{1,2}), (\d{1,2}), (\d{1,3})\)$/.exec(raw);
  if (tuple) return `${tuple[1]}.${tuple[2]}.${tuple[3]}`;
  if (/^\d{4,6}$/.test(raw)) return cudnnVersionFromNumber(Number(raw)) ?? raw;
  return raw;
}

/**
 * The CUDA major a library's file name belongs to. Only the runtime and cuBLAS follow CUDA's major version
 * (libcudart.so.11.0 is in every 11.x Toolkit, libcudart.so.12 in 12.x); cuFFT, cuRAND… have their own numbering.
 */
export function cudaMajorFromSoname(soname: string): string | undefined {
  const linux = /^lib(?:cudart|cublas|cublasLt)\.so\.(\d{1,2})(?:\.\d{1,3})*$/.exec(soname);
  if (linux) return linux[1];
  // Windows: cudart64_110.dll (11.0), cudart64_12.dll (12), cudart64_101.dll (10.1), cudart64_92.dll (9.2).
  const windows = /^(?:cudart|cublas|cublasLt)64_(\d{2,3})\.dll$/.exec(soname);
  if (!windows) return undefined;
  const digits = windows[1] as string;
  if (digits.length === 3) return digits.slice(0, 2);
  return Number(digits) >= 50 ? digits.slice(0, 1) : digits;
}

export function cudnnMajorFromSoname(soname: string): string | undefined {
  return /^libcudnn[a-z_]{0,24}\.so\.(\d{1,2})/.exec(soname)?.[1] ?? /^cudnn[a-z_]{0,24}64_(\d{1,2})\.dll$/.exec(soname)?.[1];
}

/** "86" → "8.6", "120" → "12.0", "90a" → "9.0" (the digits of an sm_ name). */
export function computeCapabilityFromSm(sm: string): string {
  return capabilityFromArch(`sm_${sm}`) ?? sm;
}

/**
 * Values a diagnosis's wording can use: named groups from the matched lines, turned into what a student reads
 * (soname → CUDA major, 7201 → 7.2.1, sm_86 → 8.6), plus facts the text states.
 */
export function detailValues(groups: Readonly<Record<string, string>>, facts: DiagnoseFacts): Record<string, string> {
  const values: Record<string, string> = { ...groups };
  const soname = groups.soname;
  if (soname) {
    const cudaMajor = cudaMajorFromSoname(soname);
    if (cudaMajor) values.cudaMajor = cudaMajor;
    const cudnnMajor = cudnnMajorFromSoname(soname);
    if (cudnnMajor) values.cudnnMajor = cudnnMajor;
  }
  if (groups.loadedCudnn) values.loadedCudnnVersion = normalizeCudnnVersion(groups.loadedCudnn);
  if (groups.compiledCudnn) values.compiledCudnnVersion = normalizeCudnnVersion(groups.compiledCudnn);
  if (groups.gpuSm) values.gpuComputeCapability = computeCapabilityFromSm(groups.gpuSm);
  else if (groups.gpuCc) values.gpuComputeCapability = groups.gpuCc;
  if (groups.buildArchs) values.buildArchs = groups.buildArchs.trim().split(/\s{1,8}/).filter((arch) => /^sm_\d{2,3}[af]?$/.test(arch)).join(', ');
  if (groups.gpuName) values.gpuName = groups.gpuName.trim();
  if (groups.foundCuda) {
    const found = Number(groups.foundCuda);
    values.driverCuda = `${Math.floor(found / 1000)}.${Math.floor((found % 1000) / 10)}`;
  }
  const gpu = facts.gpus?.[0];
  if (gpu && !values.gpuName && gpu.computeCapability) values.gpuName = gpu.name;
  if (gpu?.computeCapability && !values.gpuComputeCapability) values.gpuComputeCapability = gpu.computeCapability;
  if (facts.driverVersion) values.driverVersion = facts.driverVersion;
  if (facts.cudaVersion) values.driverCuda ??= facts.cudaVersion;
  const framework = facts.framework;
  // Which framework's fixes apply: TensorFlow's and JAX's users must not be told to reinstall torch.
  if (framework?.name === 'tensorflow') values.frameworkIsTensorflow = 'yes';
  else if (framework?.name === 'jax') values.frameworkIsJax = 'yes';
  else values.frameworkNotTensorflowOrJax = 'yes';
  if (framework) {
    values.frameworkLabel = frameworkLabel(framework.name);
    if (PLANNABLE.has(framework.name)) values.framework = framework.name;
    if (framework.version) values.frameworkVersion = framework.version;
  }
  return values;
}
