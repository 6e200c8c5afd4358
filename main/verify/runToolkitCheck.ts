import { mkdtemp, copyFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DlsetupError } from '../../shared/errors.js';
import type { Locale } from '../../shared/i18n/localize.js';
import type { VerifyCheck, VerifyDevice, VerifyEvent } from '../../shared/types/verify.js';
import { packageRoot } from '../appPaths.js';
import { parseCudnnHeader, cudnnVersionFromNumber } from '../detect/parsers/parseCudnnHeader.js';
import { parseNvccVersion } from '../detect/parsers/parseNvccVersion.js';
import { runCommand, type CommandResult } from '../system/runCommand.js';
import { hostPathExists, readHostFile, sysrootPath } from '../system/sysroot.js';
import { verifyText } from './verifyText.js';

/** The CUDA C++ program compiled and run by the toolkit check (shipped with the app). */
export const toolkitProbeSource = path.join(packageRoot, 'main', 'verify', 'cuda', 'dlsetup_probe.cu');

export interface ToolkitCheckOptions {
  /** nvcc to use; default $CUDA_HOME/bin/nvcc, /usr/local/cuda/bin/nvcc, then nvcc on PATH. */
  nvcc?: string;
  signal?: AbortSignal;
  onEvent?: (event: VerifyEvent) => void;
  compileTimeoutMs?: number;
  runTimeoutMs?: number;
  /** The language of the check reasons (English when absent). */
  locale?: Locale;
}

export interface ToolkitCheckResult {
  nvcc: string | null;
  version: string | null;
  cudnn: string | null;
  /** CUDA version the driver supports as the runtime saw it ("12.4"); null without a driver. */
  driverCuda: string | null;
  devices: VerifyDevice[];
  checks: VerifyCheck[];
}

interface ProbeLine {
  type: string;
  [key: string]: unknown;
}

/** nvcc from the option, CUDA_HOME, /usr/local/cuda/bin, then PATH (the order people expect). */
export async function resolveNvcc(explicit?: string): Promise<string> {
  if (explicit) return explicit;
  const cudaHome = process.env.CUDA_HOME ?? process.env.CUDA_PATH;
  if (cudaHome && (await hostPathExists(path.join(cudaHome, 'bin', 'nvcc')))) return sysrootPath(path.join(cudaHome, 'bin', 'nvcc'));
  if (await hostPathExists('/usr/local/cuda/bin/nvcc')) return sysrootPath('/usr/local/cuda/bin/nvcc');
  return 'nvcc';
}

const INCLUDE_DIRS = ['/usr/include', '/usr/include/x86_64-linux-gnu', '/usr/include/aarch64-linux-gnu'];
const LIB_DIRS = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib64', '/usr/local/lib'];

/** Finds cuDNN headers and a linkable libcudnn.so beside the toolkit or in the system paths. */
async function findCudnn(cudaHome: string | null): Promise<{ includeDir: string; libDir: string; headerVersion: string | null } | null> {
  const includes = [...(cudaHome ? [path.join(cudaHome, 'include')] : []), ...INCLUDE_DIRS];
  const libs = [...(cudaHome ? [path.join(cudaHome, 'lib64'), path.join(cudaHome, 'lib')] : []), ...LIB_DIRS];
  let includeDir: string | null = null;
  let headerVersion: string | null = null;
  for (const dir of includes) {
    for (const header of ['cudnn_version.h', 'cudnn.h']) {
      const text = await readHostFile(path.join(dir, header));
      if (text === null) continue;
      includeDir ??= dir;
      headerVersion ??= parseCudnnHeader(text)?.version ?? null;
    }
    if (includeDir) break;
  }
  if (!includeDir) return null;
  for (const dir of libs) {
    if (await hostPathExists(path.join(dir, 'libcudnn.so'))) return { includeDir, libDir: dir, headerVersion };
  }
  return null;
}

function cudaVersionOf(numeric: number): string | null {
  return numeric > 0 ? `${Math.floor(numeric / 1000)}.${Math.floor((numeric % 1000) / 10)}` : null;
}

/** First line that says what went wrong in compiler output (`none` when there is no output at all). */
function compilerGist(output: string, none: string): string {
  const lines = output.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  return (lines.find((line) => /error|unsupported|cannot find|fatal/i.test(line)) ?? lines[0] ?? none).slice(0, 300);
}

/** Maps the CUDA runtime's error name (plus the driver version it saw) to a diagnosis code and a sentence. */
export function diagnoseCudaRuntimeError(
  name: string,
  message: string,
  driverVersion: number,
  runtimeVersion: number,
  locale?: Locale,
): { code: string | undefined; reason: string } {
  const say = verifyText(locale);
  const runtime = cudaVersionOf(runtimeVersion) ?? say('cudaError.unknownRuntime');
  switch (name) {
    case 'cudaErrorInsufficientDriver':
      return driverVersion === 0
        ? { code: 'DRIVER_NOT_LOADED', reason: say('cudaError.noDriver', { name, message }) }
        : { code: 'DRIVER_TOO_OLD', reason: say('cudaError.driverTooOld', { driverCuda: String(cudaVersionOf(driverVersion)), runtime, name }) };
    case 'cudaErrorNoDevice':
    case 'cudaErrorDevicesUnavailable':
      return { code: 'NO_DEVICES_FOUND', reason: say('cudaError.noDevice', { name, message }) };
    case 'cudaErrorNoKernelImageForDevice':
    case 'cudaErrorInvalidDeviceFunction':
      return { code: 'NO_KERNEL_IMAGE', reason: say('cudaError.noKernelImage', { name }) };
    case 'cudaErrorUnsupportedPtxVersion':
    case 'cudaErrorInvalidPtx':
      return { code: 'PTX_TOO_NEW', reason: say('cudaError.ptxTooNew', { name, runtime }) };
    case 'cudaErrorMemoryAllocation':
      return { code: 'OUT_OF_MEMORY', reason: say('cudaError.outOfMemory', { name }) };
    case 'cudaErrorSystemDriverMismatch':
    case 'cudaErrorInitializationError':
    case 'cudaErrorOperatingSystem':
      return { code: 'DRIVER_NOT_LOADED', reason: say('cudaError.initFailed', { name, message }) };
    default:
      return { code: undefined, reason: say('cudaError.other', { name, message }) };
  }
}

/**
 * Toolkit check for the `system` method: compiles dlsetup_probe.cu with nvcc (with cuDNN when its headers and
 * library are there), runs it, and reports compile and run as separate checks. Never throws except on cancel.
 */
export async function runToolkitCheck(options: ToolkitCheckOptions = {}): Promise<ToolkitCheckResult> {
  const say = verifyText(options.locale);
  const result: ToolkitCheckResult = { nvcc: null, version: null, cudnn: null, driverCuda: null, devices: [], checks: [] };
  const add = (check: Omit<VerifyCheck, 'source'>) => {
    const full: VerifyCheck = { ...check, source: 'toolkit' };
    result.checks.push(full);
    options.onEvent?.({ kind: 'check', check: full });
  };
  const run = async (argv: string[], timeoutMs: number, env?: Record<string, string>): Promise<CommandResult | DlsetupError> => {
    try {
      return await runCommand(argv, { timeoutMs, signal: options.signal, env });
    } catch (error) {
      if (!(error instanceof DlsetupError) || error.code === 'CANCELLED') throw error;
      return error;
    }
  };

  const nvcc = await resolveNvcc(options.nvcc);
  result.nvcc = nvcc;
  const versionRun = await run([nvcc, '--version'], 30_000);
  if (versionRun instanceof DlsetupError) {
    add({
      id: 'toolkit-compile',
      status: 'fail',
      code: versionRun.code === 'COMMAND_NOT_FOUND' ? 'NVCC_NOT_FOUND' : versionRun.code,
      reason: say('toolkit.nvccNotFound', { nvcc }),
    });
    add({ id: 'toolkit-run', status: 'skip', reason: say('toolkit.nothingCompiled') });
    return result;
  }
  result.version = parseNvccVersion(versionRun.stdout)?.version ?? null;
  const cudaHome = path.isAbsolute(nvcc) ? path.dirname(path.dirname(nvcc)) : null;
  const cudnn = await findCudnn(cudaHome);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'dlsetup-toolkit-'));
  try {
    const source = path.join(dir, 'dlsetup_probe.cu');
    const exe = path.join(dir, 'dlsetup_probe');
    await copyFile(toolkitProbeSource, source);
    const cudnnFlags = cudnn ? ['-DDLSETUP_WITH_CUDNN', `-I${sysrootPath(cudnn.includeDir)}`, `-L${sysrootPath(cudnn.libDir)}`, '-lcudnn'] : [];
    const compileTimeout = options.compileTimeoutMs ?? 180_000;
    let compiled = await run([nvcc, '-O2', '-o', exe, source, ...cudnnFlags], compileTimeout);
    let cudnnLinked = cudnn !== null;
    let cudnnCompileError: string | null = null;
    // A broken cuDNN install must not hide a working toolkit: retry without it and report cuDNN on its own.
    if (cudnn && !(compiled instanceof DlsetupError) && compiled.exitCode !== 0) {
      cudnnCompileError = compilerGist(compiled.stderr + compiled.stdout, say('toolkit.noOutput'));
      cudnnLinked = false;
      compiled = await run([nvcc, '-O2', '-o', exe, source], compileTimeout);
    }
    if (compiled instanceof DlsetupError || compiled.exitCode !== 0) {
      const output = compiled instanceof DlsetupError ? compiled.message : compiled.stderr + compiled.stdout;
      const hostCompiler = /unsupported GNU version|unsupported (clang|Microsoft Visual Studio) version|-allow-unsupported-compiler/i.test(output);
      const noHostCompiler = /cannot find compiler|gcc: not found|Cannot find compiler 'cl\.exe'|failed to preprocess host compiler/i.test(output);
      add({
        id: 'toolkit-compile',
        status: 'fail',
        code: compiled instanceof DlsetupError ? compiled.code : hostCompiler ? 'HOST_COMPILER_UNSUPPORTED' : noHostCompiler ? 'HOST_COMPILER_MISSING' : 'COMPILE_FAILED',
        reason: say('toolkit.compileFailed', { version: result.version ?? '', error: compilerGist(output, say('toolkit.noOutput')) }),
      });
      add({ id: 'toolkit-run', status: 'skip', reason: say('toolkit.notCompiled') });
      return result;
    }
    add({
      id: 'toolkit-compile',
      status: 'pass',
      reason: say(cudnnLinked ? 'toolkit.compiledWithCudnn' : 'toolkit.compiled', { version: result.version ?? say('toolkit.unknownVersion') }),
      metrics: { seconds: Math.round(compiled.durationMs / 100) / 10, nvcc: result.version ?? 'unknown' },
    });

    const env = cudnn ? { LD_LIBRARY_PATH: [sysrootPath(cudnn.libDir), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') } : undefined;
    const ran = await run([exe], options.runTimeoutMs ?? 60_000, env);
    if (ran instanceof DlsetupError) {
      add({ id: 'toolkit-run', status: 'fail', code: ran.code, reason: say('toolkit.runDidNotFinish', { error: ran.message }) });
      return result;
    }
    const lines: ProbeLine[] = [];
    for (const line of ran.stdout.split('\n')) {
      try {
        const parsed = JSON.parse(line) as ProbeLine;
        if (parsed && typeof parsed.type === 'string') lines.push(parsed);
      } catch {
        // The program prints only JSON; anything else (a loader message) is in stderr.
      }
    }
    const versions = lines.find((line) => line.type === 'versions');
    const driverNumeric = Number(versions?.driver ?? 0);
    const runtimeNumeric = Number(versions?.runtime ?? 0);
    result.driverCuda = cudaVersionOf(driverNumeric);
    for (const device of lines.filter((line) => line.type === 'device')) {
      result.devices.push({ name: String(device.name), computeCapability: String(device.cc), memoryMiB: Number(device.memoryMiB), index: Number(device.index) });
    }
    const error = lines.find((line) => line.type === 'error');
    const kernel = lines.find((line) => line.type === 'kernel');
    if (ran.exitCode === 0 && kernel?.ok === true) {
      const first = result.devices[0];
      add({
        id: 'toolkit-run',
        status: 'pass',
        reason: first
          ? say('toolkit.kernelPassedOn', { count: result.devices.length, name: first.name, computeCapability: String(first.computeCapability) })
          : say('toolkit.kernelPassed', { count: result.devices.length }),
        metrics: { devices: result.devices.length, driverCuda: result.driverCuda ?? 'unknown' },
      });
    } else if (error) {
      const diagnosis = diagnoseCudaRuntimeError(String(error.name), String(error.message), driverNumeric, runtimeNumeric, options.locale);
      add({
        id: 'toolkit-run',
        status: 'fail',
        code: diagnosis.code,
        reason: say('toolkit.runFailedAt', { reason: diagnosis.reason, step: String(error.step), exitCode: ran.exitCode }),
        metrics: { error: String(error.name), driverVersion: driverNumeric, runtimeVersion: runtimeNumeric },
      });
    } else {
      const loader = /error while loading shared libraries: (\S+?):/.exec(ran.stderr);
      add({
        id: 'toolkit-run',
        status: 'fail',
        code: loader ? (/cudnn/i.test(loader[1] ?? '') ? 'CUDNN_LIB_MISSING' : 'CUDA_LIB_MISSING') : kernel ? 'WRONG_RESULT' : undefined,
        reason: loader
          ? say('toolkit.libraryMissing', { library: String(loader[1]) })
          : kernel
            ? say('toolkit.wrongResults', { count: String(kernel.wrong) })
            : say('toolkit.stopped', { exitCode: ran.exitCode, error: compilerGist(ran.stderr, say('toolkit.noOutput')) }),
      });
    }

    const cudnnLine = lines.find((line) => line.type === 'cudnn');
    if (!cudnn) {
      add({ id: 'toolkit-cudnn', status: 'skip', reason: say('toolkit.noCudnn') });
    } else if (cudnnCompileError) {
      add({ id: 'toolkit-cudnn', status: 'fail', code: 'CUDNN_LIB_MISSING', reason: say('toolkit.cudnnLinkFailed', { dir: cudnn.libDir, error: cudnnCompileError }) });
    } else if (cudnnLine) {
      const runtime = cudnnVersionFromNumber(Number(cudnnLine.version));
      const header = cudnnVersionFromNumber(Number(cudnnLine.headerVersion));
      result.cudnn = runtime;
      const sameMajor = runtime?.split('.')[0] === header?.split('.')[0];
      add({
        id: 'toolkit-cudnn',
        status: sameMajor ? 'pass' : 'fail',
        code: sameMajor ? undefined : 'CUDNN_VERSION_MISMATCH',
        reason: sameMajor
          ? say('toolkit.cudnnVersion', { version: String(runtime), header: String(header) })
          : say('toolkit.cudnnMismatch', { version: String(runtime), header: String(header) }),
        metrics: { version: runtime ?? 'unknown', header: header ?? 'unknown' },
      });
    } else {
      add({ id: 'toolkit-cudnn', status: 'fail', code: 'CUDNN_LIB_MISSING', reason: say('toolkit.cudnnNotLoaded') });
    }
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
