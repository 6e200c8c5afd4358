import type { DiagnoseFacts } from '../../shared/types/diagnose.js';
import { compareMajorMinor } from '../../shared/versions/dottedVersion.js';
import { cudaOfDriver } from './cudaOfDriver.js';
import type { StructuralMatch } from './structuralMatches.js';
import { compatAfterUpdate } from './compatAfterUpdate.js';
import { keyRejectedWithSecureBootOff, secureBootRefusal } from './secureBootStated.js';
import { paddleCudnnMismatch } from './paddleCudnn.js';
import { exclusiveModeSaid, xlaDriverOlderThanStatedCuda } from './statedSetup.js';
import { jaxCudnnMismatch } from './jaxCudnn.js';
import { tensorflowLibrariesMissing } from './tensorflowLibraries.js';
import { FALSE, IS_AVAILABLE, SAID_FALSE, firstLine, lineEvidence as evidence, printedAfter, printedUnderLabel, saidNear, type Line } from './textLines.js';
import { OUTSIDE_WSL, containerWithoutGpus, smiMissingDespiteGpus, wslWithoutGpu } from './whereItRan.js';

/**
 * Families that no single line shows: a value printed on the line after its call (`print(tf.test.is_built_with_cuda())`
 * then `False`), a failure read together with where it ran (WSL, a container, native Windows) or with the versions the
 * text states. Each looks at lines of at most 1 MB of text (the caller's bound) with bounded patterns.
 */

const BUILT_WITH_CUDA = /is_buil[dt]_with_cuda\(\)/;
const NO_TF_GPU =
  /GPU is NOT AVAILABLE|not (?:built|compiled) with CUDA|list_physical_devices\(["']GPU["']\)\)?\s{0,4}(?:#|->|=>)?[^\n[]{0,40}\[\]|Num GPUs Available:? {0,3}0\b|(?:can(?:no|['’])t|doesn['’]t|does not|did not|didn['’]t|not) (?:use|utili[sz]e|detect|see|find|recogni[sz]e) (?:the |my |any |a )?GPU|GPUs? (?:could|can|was|were|is)? ?not (?:be )?(?:found|detected|recogni[sz]ed|used)/i;

/** TensorFlow's device list with CPUs only: `device_lib.list_local_devices()` printed no `device_type: "GPU"`. */
function deviceListWithoutGpu(text: string, lines: readonly string[]): Line | undefined {
  if (!/list_local_devices\(\)/.test(text) || /device_type: {0,2}"GPU"/.test(text)) return undefined;
  return firstLine(lines, /device_type: {0,2}"CPU"/);
}

function tensorflowBuiltWithoutCuda(lines: readonly string[]): Line | undefined {
  return printedAfter(lines, BUILT_WITH_CUDA, FALSE) ?? printedUnderLabel(lines, BUILT_WITH_CUDA, /^\W{0,4}False\b/);
}

const SAID_EMPTY = /\b(?:returns?|returned|returning|gives?|gave|prints?|printed|shows?|showed|is|was|got|get)\s{1,3}(?:an? )?(?:empty (?:array|list)|\[\]|nothing)/i;

const WINDOWS = /\bWindows(?: ?(?:10|11|Server))?\b|win_amd64|\bwin32\b|\bWin(?:10|11)\b|\b[A-Z]:\\(?:Users|Program Files|Python|ProgramData)\\/i;

/** CUDA 12 or newer stated: later than any CUDA a native-Windows TensorFlow GPU build uses. */
const CUDA_AFTER_TF_WINDOWS = /\bCUDA(?: Toolkit)?(?: version)?:? {0,3}v?1[2-9](?:\.\d{1,2}){0,2}\b/i;

/**
 * TensorFlow ≥ 2.11 on native Windows with no GPU: the release has no Windows GPU build at all. With no release named,
 * a CUDA 12 or newer beside TensorFlow on Windows says the same: 2.10, the last Windows GPU build, wants CUDA 11.2.
 */
function tensorflowOnWindows(text: string, lines: readonly string[], facts: DiagnoseFacts): StructuralMatch | null {
  if (!WINDOWS.test(text) || /\bWSL|microsoft-standard/i.test(text)) return null;
  const printed = printedAfter(lines, /tf\.__version__\)?/, /v?2\.\d{1,2}\.\d{1,3}/);
  const stated =
    /Tensor ?Flow(?:-gpu)?(?: version)?(?::| is| =)? {0,3}v?(2\.\d{1,2})(?:\.\d{1,3})?\b/i.exec(text)?.[1] ??
    /tensorflow(?:-gpu|-intel|-cpu)?(?:==|-| {1,30})(2\.\d{1,2})(?:\.\d|\b)/i.exec(text)?.[1] ??
    /\bTF(?: version)?:? {0,3}v?(2\.\d{1,2})\.\d/i.exec(text)?.[1] ??
    (printed ? /(2\.\d{1,2})\.\d/.exec(printed.text.replace(/^.{0,200}tf\.__version__\)?/, ''))?.[1] : undefined) ??
    (facts.framework?.name === 'tensorflow' ? /^(2\.\d{1,2})/.exec(facts.framework.version ?? '')?.[1] : undefined);
  // No release named, but a CUDA no Windows GPU build of TensorFlow was ever made for (2.10, the last, wants 11.2).
  const afterLastWindowsBuild = !stated && /\btensor ?flow\b/i.test(text) && CUDA_AFTER_TF_WINDOWS.test(text);
  if (!afterLastWindowsBuild && (!stated || Number(stated.split('.')[1]) < 11)) return null;
  const signal =
    tensorflowBuiltWithoutCuda(lines) ??
    saidNear(lines, /list_physical_devices\(["']GPU["']\)/, SAID_EMPTY) ??
    printedAfter(lines, /list_physical_devices\(["']GPU["']\)\)?/, /\[\]/) ??
    printedUnderLabel(lines, /list_physical_devices\(["']GPU["']\)/, /^\W{0,4}\[\]/) ??
    printedAfter(lines, /is_gpu_available\(\)\)?/, FALSE) ??
    deviceListWithoutGpu(text, lines) ??
    firstLine(lines, NO_TF_GPU) ??
    // A report of this release on native Windows that speaks of the GPU at all: the release has none there to give.
    firstLine(lines, /\bgpu\b/i);
  if (!signal) return null;
  return { code: 'TF_WINDOWS_NO_GPU', evidence: evidence(signal), values: stated ? { frameworkVersion: stated } : {} };
}

/** `is_available()` False with a torch built for a newer CUDA than the driver (or the CUDA install next to it) the text shows. */
function driverOlderThanBuild(text: string, lines: readonly string[], facts: DiagnoseFacts): StructuralMatch | null {
  const unavailable = printedAfter(lines, /cuda\.is_available\(\)/, FALSE);
  if (!unavailable) return null;
  const built = printedAfter(lines, /torch\.version\.cuda\)?/, /\d{1,2}\.\d{1,2}(?:\.\d{1,4})?/);
  const builtCuda =
    (built ? /(\d{1,2}\.\d{1,2})/.exec(built.text.replace(/^.{0,200}torch\.version\.cuda\)?/, ''))?.[1] : undefined) ??
    /\+cu(\d{2})(\d)\b/.exec(text)?.slice(1, 3).join('.');
  const systemCuda =
    facts.cudaVersion ??
    (facts.driverVersion ? cudaOfDriver(facts.driverVersion) : undefined) ??
    /^CUDA Version (\d{1,2}\.\d{1,2})\.\d{1,4}\s{0,4}$/m.exec(text)?.[1];
  if (!builtCuda || !systemCuda || compareMajorMinor(builtCuda, systemCuda) <= 0) return null;
  return { code: 'DRIVER_TOO_OLD', evidence: evidence(unavailable), values: { frameworkCuda: builtCuda, driverCuda: systemCuda } };
}

/** `torch.cuda.is_available()` False, printed under the call or said in words a line or two around it. */
function torchCudaUnavailable(lines: readonly string[]): StructuralMatch | null {
  const found = printedAfter(lines, IS_AVAILABLE, FALSE) ?? saidNear(lines, IS_AVAILABLE, SAID_FALSE);
  return found ? { code: 'CUDA_NOT_AVAILABLE', evidence: evidence(found), values: {} } : null;
}

/** "Ollama always uses cpu", "can't find compatible GPUs": the program runs without the GPU, said in words. */
const ON_CPU_IN_WORDS = /\b(?:always|only|still|keeps?) (?:uses?|using|runs? on|running on) (?:the )?cpu\b|\bcan(?:no|['’])t (?:find|detect|see) (?:a |any |the )?(?:compatible )?gpus?\b/i;

/** The installed framework said to be its CPU build ("it installs the cpu only version", "torch默认是cpu版本"). */
const CPU_BUILD_SAID = /(?:torch|pytorch|tensorflow|paddle)[^\n]{0,40}(?:cpu[- ]?(?:only )?(?:version|build)|cpu ?版本?)|(?:installed|installs|install|装的|安装的?|默认是?)[^\n]{0,20}cpu[- ]?(?:only )?(?:version|build|版本?)/i;

/** CUDA unavailable where the text says the framework installed is its CPU build: the build is the cause, with its fix. */
function cpuBuildSaid(lines: readonly string[]): StructuralMatch | null {
  const said = firstLine(lines, CPU_BUILD_SAID);
  return said ? { code: 'CPU_ONLY_BUILD', evidence: evidence(said), values: {}, outranks: ['CUDA_NOT_AVAILABLE'] } : null;
}

function cpuInWords(lines: readonly string[]): StructuralMatch | null {
  const found = firstLine(lines, ON_CPU_IN_WORDS);
  return found ? { code: 'CUDA_NOT_AVAILABLE', evidence: evidence(found), values: {} } : null;
}

const JAX_NO_GPU = /No GPU\/TPU found, falling back to CPU|Could not find cuda drivers on your machine, GPU will not be used|does not provide the extra '(?:cuda|gpu)|CUDA backend failed to initialize|Unable to initialize backend 'cuda'|jaxlib[^\n]{0,80}\+cuda[^\n]{0,120}is not a supported wheel on this platform/i;
// pip walking back through jax releases it cannot install: three or more versions of jax/jaxlib fetched in turn.
const JAX_FETCHED = /(?:Downloading|Using cached|Collecting) (jax(?:lib)?)[-=]{1,2}(\d{1,2}\.\d{1,2}\.\d{1,3})/;

function jaxBacktracking(lines: readonly string[]): Line | undefined {
  const versions = new Set<string>();
  for (let index = 0; index < lines.length; index += 1) {
    const fetched = JAX_FETCHED.exec(lines[index] as string);
    if (fetched) versions.add(`${fetched[1]}-${fetched[2]}`);
    if (versions.size >= 3) return { index, text: lines[index] as string };
  }
  return undefined;
}

/** JAX asked for CUDA on native Windows (or pip backtracking through jax for a CUDA extra): JAX has no Windows CUDA build. */
function jaxOnWindows(text: string, lines: readonly string[]): StructuralMatch | null {
  if (!/\bjax/i.test(text) || (/\bWSL|microsoft-standard/i.test(text) && !OUTSIDE_WSL.test(text))) return null;
  const cudaAsked = /jax\[cuda|jax_cuda_releases|jaxlib[^\n]{0,40}\+cuda/i.test(text);
  // Or the question itself: JAX with a GPU on Windows, asked about ("Windows OS + GPU … supported").
  // Or pip with no jaxlib at all for native Windows (none was published before 0.4.13; CUDA ones never were).
  const signal = WINDOWS.test(text)
    ? firstLine(lines, JAX_NO_GPU) ??
      firstLine(lines, /\bwindows\b[^\n]{0,60}\b(?:gpu|cuda)\b[^\n]{0,80}\bsupport|\bsupport[^\n]{0,80}\b(?:gpu|cuda)\b[^\n]{0,60}\bwindows\b/i) ??
      firstLine(lines, /(?:No matching distribution found for|satisfies the requirement) jaxlib\b/i)
    : undefined;
  const backtracked = cudaAsked ? jaxBacktracking(lines) : undefined;
  const found = signal ?? backtracked;
  // TensorFlow's and JAX's shared loader (tsl) says "Could not find cuda drivers": in a JAX text it is JAX's family.
  return found ? { code: 'JAX_WINDOWS_NO_GPU', evidence: evidence(found), values: {}, outranks: ['TF_CUDA_LIBS_NOT_FOUND'] } : null;
}

const FALLS_BACK_TO_CPU = /\bfall(?:s|ing)? back to (?:the )?CPU\b/i;

/** A JAX text that says JAX fell back to the CPU in the user's words (its own warning is a pattern of the family). */
function jaxFallsBackInWords(lines: readonly string[], facts: DiagnoseFacts): StructuralMatch | null {
  if (facts.framework?.name !== 'jax') return null;
  const found = firstLine(lines, FALLS_BACK_TO_CPU);
  return found ? { code: 'JAX_CUDA_BACKEND_FAILED', evidence: evidence(found), values: {} } : null;
}

const AMD = /\b(?:ROCm|HIP|hipcc|AMDGPU|gfx ?\d{3,4}[a-z]?|Radeon|HSA_OVERRIDE_GFX_VERSION)\b/i;

/** "invalid device function" on an AMD GPU is ROCm without code for its gfx target, whatever the message's "CUDA" says. */
function rocmInvalidDeviceFunction(text: string, lines: readonly string[]): StructuralMatch | null {
  if (!AMD.test(text)) return null;
  const failure = firstLine(lines, /invalid device function/i);
  return failure ? { code: 'ROCM_GFX_UNSUPPORTED', evidence: evidence(failure), values: {} } : null;
}

const OPEN_MODULES = /nvidia-open(?:-dkms)?\b|open-gpu-kernel-modules|nvidia-driver-\d{3}-open\b|kernel-open\b|open kernel modules?/i;
const NOT_SUPPORTED = /\b(?:not supported|unsupported|no longer supports?|does not support)\b/i;

/** The open kernel modules installed on a GPU they do not drive: said in words as often as in NVRM's own line. */
function openModulesOnOldGpu(text: string, lines: readonly string[]): StructuralMatch | null {
  if (!OPEN_MODULES.test(text)) return null;
  const failure = lines.findIndex((line) => NOT_SUPPORTED.test(line) && /\b(?:card|gpu|nvidia)/i.test(line));
  return failure === -1 ? null : { code: 'OPEN_MODULES_UNSUPPORTED_GPU', evidence: evidence({ index: failure, text: lines[failure] as string }), values: {} };
}

export function contextFamilies(text: string, facts: DiagnoseFacts, lines: readonly string[]): StructuralMatch[] {
  const found: (StructuralMatch | null)[] = [
    tensorflowOnWindows(text, lines, facts),
    jaxOnWindows(text, lines),
    wslWithoutGpu(text, lines),
    containerWithoutGpus(text, lines),
    smiMissingDespiteGpus(text, lines),
    driverOlderThanBuild(text, lines, facts),
    rocmInvalidDeviceFunction(text, lines),
    openModulesOnOldGpu(text, lines),
    torchCudaUnavailable(lines),
    cpuInWords(lines),
    cpuBuildSaid(lines),
    tensorflowLibrariesMissing(lines, facts),
    jaxCudnnMismatch(text, lines, facts),
    paddleCudnnMismatch(text, lines),
    jaxFallsBackInWords(lines, facts),
    secureBootRefusal(text, lines),
    keyRejectedWithSecureBootOff(text, lines),
    compatAfterUpdate(text, lines),
    exclusiveModeSaid(text, lines),
    xlaDriverOlderThanStatedCuda(text, lines),
  ];
  const cpuBuild = tensorflowBuiltWithoutCuda(lines);
  if (cpuBuild) found.push({ code: 'CPU_ONLY_BUILD', evidence: evidence(cpuBuild), values: {} });
  return found.filter((match): match is StructuralMatch => match !== null);
}
