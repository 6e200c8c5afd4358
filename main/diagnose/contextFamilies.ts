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

/**
 * Families that no single line shows: a value printed on the line after its call (`print(tf.test.is_built_with_cuda())`
 * then `False`), a failure read together with where it ran (WSL, a container, native Windows) or with the versions the
 * text states. Each looks at lines of at most 1 MB of text (the caller's bound) with bounded patterns.
 */
interface Line {
  index: number;
  text: string;
}

function evidence(line: Line): { line: number; text: string } {
  return { line: line.index + 1, text: line.text.trim().slice(0, 300) };
}

function firstLine(lines: readonly string[], pattern: RegExp): Line | undefined {
  const index = lines.findIndex((line) => pattern.test(line));
  return index === -1 ? undefined : { index, text: lines[index] as string };
}

/** The line that prints a call's value: the call's own line when the value follows it there, else the next non-blank line. */
function printedAfter(lines: readonly string[], call: RegExp, value: RegExp): Line | undefined {
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const at = call.exec(line);
    if (!at) continue;
    if (value.test(line.slice(at.index + at[0].length))) return { index, text: line };
    let next = index + 1;
    while (next < lines.length && (lines[next] as string).trim() === '' && next < index + 3) next += 1;
    // The value alone on its line, or after IPython's "Out[2]:" prompt.
    if (next < lines.length && new RegExp(`^\\s{0,8}(?:Out\\[\\d{1,4}\\]:\\s{0,4})?(?:${value.source})\\s{0,8}$`, 'i').test(lines[next] as string)) return { index: next, text: lines[next] as string };
  }
  return undefined;
}

// The call with or without its parentheses ("print(torch.cuda.is_available) is False").
const IS_AVAILABLE = /cuda\.is_available(?:\(\))?/;
const BUILT_WITH_CUDA = /is_buil[dt]_with_cuda\(\)/;
const FALSE = /\bfalse\b/i;
const NO_TF_GPU =
  /GPU is NOT AVAILABLE|not (?:built|compiled) with CUDA|list_physical_devices\(["']GPU["']\)\)?\s{0,4}(?:#|->|=>)?[^\n[]{0,40}\[\]|Num GPUs Available:? {0,3}0\b|(?:can(?:no|['’])t|doesn['’]t|does not|did not|didn['’]t|not) (?:use|utili[sz]e|detect|see|find|recogni[sz]e) (?:the |my |any |a )?GPU|GPUs? (?:could|can|was|were|is)? ?not (?:be )?(?:found|detected|recogni[sz]ed|used)/i;

/**
 * A value printed under a label: `print("Is GPU available?", tf.config.list_physical_devices('GPU'))` in the script, and
 * `Is GPU available? []` in its output further down. The label is read from the print call, so any wording works.
 */
function printedUnderLabel(lines: readonly string[], call: RegExp, value: RegExp): Line | undefined {
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (!call.test(line)) continue;
    const label = /print\(\s{0,4}(?:f?["'])([^"'{}\n]{3,80}?)\s{0,4}["']\s{0,4},/.exec(line)?.[1]?.trim();
    if (!label) continue;
    for (let next = index + 1; next < Math.min(lines.length, index + 200); next += 1) {
      const output = lines[next] as string;
      const at = output.indexOf(label);
      if (at !== -1 && !output.includes('print(') && value.test(output.slice(at + label.length))) return { index: next, text: output };
    }
  }
  return undefined;
}

/** TensorFlow's device list with CPUs only: `device_lib.list_local_devices()` printed no `device_type: "GPU"`. */
function deviceListWithoutGpu(text: string, lines: readonly string[]): Line | undefined {
  if (!/list_local_devices\(\)/.test(text) || /device_type: {0,2}"GPU"/.test(text)) return undefined;
  return firstLine(lines, /device_type: {0,2}"CPU"/);
}

function tensorflowBuiltWithoutCuda(lines: readonly string[]): Line | undefined {
  return printedAfter(lines, BUILT_WITH_CUDA, FALSE) ?? printedUnderLabel(lines, BUILT_WITH_CUDA, /^\W{0,4}False\b/);
}

const SAID_EMPTY = /\b(?:returns?|returned|returning|gives?|gave|prints?|printed|shows?|showed|is|was|got|get)\s{1,3}(?:an? )?(?:empty (?:array|list)|\[\]|nothing)/i;

/** A value said in words a line or two around a call ("This piece of code return empty array" under the call). */
function saidNear(lines: readonly string[], call: RegExp, said: RegExp): Line | undefined {
  for (let index = 0; index < lines.length; index += 1) {
    if (!call.test(lines[index] as string)) continue;
    for (let near = Math.max(0, index - 3); near <= Math.min(lines.length - 1, index + 2); near += 1) {
      if (said.test(lines[near] as string)) return { index: near, text: lines[near] as string };
    }
  }
  return undefined;
}

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

// Windows' drives seen from Linux (/mnt/c/Users/…) are WSL's too.
const WSL = /microsoft-standard-WSL2|\d\.\d{1,2}\.\d{1,3}-\d{1,6}-Microsoft\b|\bWSL ?2?\b|\/usr\/lib\/wsl\/|\/mnt\/[c-h]\/Users\/|\b(?:ubuntu|debian)[ \d.]{0,10} on win(?:dows)? ?1[01]\b/i;
/** WSL 1's kernel (4.4.0-…-Microsoft) has no GPU at all: any CUDA failure there is WSL's. */
const WSL1_KERNEL = /\b4\.4\.0-\d{1,6}-Microsoft\b/;
const DRIVER_TOO_OLD_SAID = /cudaErrorInsufficientDriver|CUDA driver version is insufficient/i;
/** WSL named only as what the user will not use ("without WSL", "avoid any use of WSL"): the text is about native Windows. */
const OUTSIDE_WSL = /\b(?:without|avoid(?:ing)?(?: any use of)?|not (?:use|using|want)|no) WSL\b/i;
const DRIVER_UNREACHED =
  /couldn.t communicate with the NVIDIA driver|no CUDA-capable device is detected|CUDA_ERROR_NO_DEVICE|cudaErrorNoDevice|Found no NVIDIA driver|kernel headers for kernel|libcuda\.so[.\d]{0,4}: cannot open shared object file|nvidia-smi: (?:command )?not found/i;

/** No GPU seen, said in words or by a program's own summary ("No GPUs detected", "I cannot use GPU in my wsl"). */
const NO_GPU_IN_WORDS = /\bno (?:nvidia )?gpus? (?:were |was |is |are )?(?:detected|found|available)\b|\b(?:can(?:no|['’])t|unable to|could not|couldn['’]t) (?:use|detect|see|find) (?:the |my |any |a )?GPU\b/i;

/** nvidia-smi failing, said in words ("nvidia-smi returns error"). */
const SMI_FAILS_IN_WORDS = /nvidia-smi\W{0,3} (?:returns?|returned|gives?|gave|shows?|showed|throws?|fails?|failed)\b[^\n]{0,12}\berrors?\b/i;

/**
 * On WSL the driver is Windows': a Linux-side "no driver", nvidia-smi failing or `is_available()` False means WSL does
 * not pass a GPU through (it outranks the generic "CUDA not available", whose fixes are for a Linux driver).
 */
function wslWithoutGpu(text: string, lines: readonly string[]): StructuralMatch | null {
  if (!WSL.test(text) || OUTSIDE_WSL.test(text)) return null;
  const failure =
    firstLine(lines, DRIVER_UNREACHED) ??
    firstLine(lines, SMI_FAILS_IN_WORDS) ??
    printedAfter(lines, IS_AVAILABLE, FALSE) ??
    saidNear(lines, IS_AVAILABLE, SAID_FALSE) ??
    firstLine(lines, NO_GPU_IN_WORDS) ??
    (WSL1_KERNEL.test(text) ? firstLine(lines, DRIVER_TOO_OLD_SAID) : undefined);
  return failure ? { code: 'WSL_NO_GPU', evidence: evidence(failure), values: {}, outranks: ['CUDA_NOT_AVAILABLE', 'NO_DEVICES_FOUND', 'DRIVER_MODULE_LOAD_FAILED', ...(WSL1_KERNEL.test(text) ? ['DRIVER_TOO_OLD'] : [])] } : null;
}

const CONTAINER = /\b(?:docker|podman|nerdctl) (?:run|exec|compose|container)\b|docker-compose|\/usr\/local\/nvidia\/bin|\bkubectl\b|\bcontainer\b|\/\.dockerenv/i;
// A container started by a command in the text: only then does a driver that cannot be reached mean "no --gpus".
const DOCKER = /\b(?:docker|podman|nerdctl) run\b|docker-compose up|docker compose up/i;
/** The text ran in a container by its own account ("in Docker works fine", "docker环境") or by Compose's log prefix ("worker_1  | "). */
const RAN_IN_CONTAINER = /\b(?:in|inside) (?:a |the |my )?docker\b|\binside (?:a |the |my )?container\b|docker ?(?:环境|容器)|在 ?docker ?(?:中|里|内)|^\s{0,4}[\w.-]{1,60}_\d{1,3}\s{1,20}\| /im;
// GPUs asked for: a flag with its value, the nvidia runtime, a Kubernetes GPU resource. "--gpus" alone is the option talked about.
const GPU_FLAGS = /--gpus[= ]{1,2}["']?(?:all|\d|device)|--runtime[= ]nvidia|nvidia\.com\/gpu|NVIDIA_VISIBLE_DEVICES=(?!void)/i;
/** The option named without a value ("it seems the `--gpus` option needs to be passed?"): the user suspects it is missing. */
const GPUS_OPTION_SAID = /--gpus\b/i;
const SMI_MISSING = /nvidia-smi:? (?:command )?not found|nvidia-smi (?:is |are |were )?not found|nvidia-smi(?: (?:and|or) nvcc)? (?:are |were )?not found|(?:nvcc|nvidia-smi) and (?:nvcc|nvidia-smi) (?:are |were )?(?:both )?not found|both nvcc and nvidia-smi not found/i;

/** nvidia-smi missing inside a container started without GPUs (with --gpus and still missing, the toolkit is the problem). */
function containerWithoutGpus(text: string, lines: readonly string[]): StructuralMatch | null {
  const ranInContainer = RAN_IN_CONTAINER.test(text);
  if (!(CONTAINER.test(text) || ranInContainer) || GPU_FLAGS.test(text)) return null;
  const started = DOCKER.test(text) || ranInContainer || GPUS_OPTION_SAID.test(text);
  const missing =
    firstLine(lines, SMI_MISSING) ??
    (started ? firstLine(lines, DRIVER_UNREACHED) ?? printedAfter(lines, IS_AVAILABLE, FALSE) ?? firstLine(lines, NO_GPU_IN_WORDS) : undefined);
  return missing ? { code: 'CONTAINER_NO_GPUS', evidence: evidence(missing), values: {} } : null;
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

const SAID_FALSE = /\b(?:getting|get|got|returns?|returned|returning|gives?|gave|prints?|printed|shows?|showed|says?|outputs?|results? in|is|was|still)\s{1,3}(?:a |an |always )?["'`]?false\b/i;

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

const SMI_EXEC_MISSING = /exec: \\{0,2}"nvidia-smi\\{0,2}": executable file not found/i;
// On the command itself, only the flags that bring the toolkit in: NVIDIA_VISIBLE_DEVICES alone does not without the nvidia runtime.
const WITH_GPUS = /--gpus\b|--runtime[= ]nvidia/i;

/**
 * The runtime could not start nvidia-smi in a container started with GPU access (nvidia-docker, --gpus, the nvidia
 * runtime): the driver's tools were not brought in, which is not a container started without GPUs.
 */
function smiMissingDespiteGpus(text: string, lines: readonly string[]): StructuralMatch | null {
  const failure = lines.findIndex((line) => SMI_EXEC_MISSING.test(line));
  if (failure === -1) return null;
  const command = lines.slice(Math.max(0, failure - 3), failure + 1).join('\n');
  if (!/\bnvidia-docker\b/i.test(text) && !WITH_GPUS.test(command)) return null;
  return { code: 'NVIDIA_SMI_NOT_FOUND', evidence: evidence({ index: failure, text: lines[failure] as string }), values: {}, outranks: ['CONTAINER_NO_GPUS'] };
}

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
