import type { StructuralMatch } from './structuralMatches.js';
import { FALSE, IS_AVAILABLE, SAID_FALSE, firstLine, lineEvidence as evidence, printedAfter, saidNear } from './textLines.js';

// Where a text ran decides what a failure in it means: under WSL the driver is Windows', in a container it is the host's.

// Windows' drives seen from Linux (/mnt/c/Users/…) are WSL's too.
const WSL = /microsoft-standard-WSL2|\d\.\d{1,2}\.\d{1,3}-\d{1,6}-Microsoft\b|\bWSL ?2?\b|\/usr\/lib\/wsl\/|\/mnt\/[c-h]\/Users\/|\b(?:ubuntu|debian)[ \d.]{0,10} on win(?:dows)? ?1[01]\b/i;
/** WSL 1's kernel (4.4.0-…-Microsoft) has no GPU at all: any CUDA failure there is WSL's. */
const WSL1_KERNEL = /\b4\.4\.0-\d{1,6}-Microsoft\b/;
const DRIVER_TOO_OLD_SAID = /cudaErrorInsufficientDriver|CUDA driver version is insufficient/i;
/** WSL named only as what the user will not use ("without WSL", "avoid any use of WSL"): the text is about native Windows. */
export const OUTSIDE_WSL = /\b(?:without|avoid(?:ing)?(?: any use of)?|not (?:use|using|want)|no) WSL\b/i;
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
export function wslWithoutGpu(text: string, lines: readonly string[]): StructuralMatch | null {
  if (!WSL.test(text) || OUTSIDE_WSL.test(text)) return null;
  const wsl1 = WSL1_KERNEL.test(text);
  const failure =
    firstLine(lines, DRIVER_UNREACHED) ??
    firstLine(lines, SMI_FAILS_IN_WORDS) ??
    printedAfter(lines, IS_AVAILABLE, FALSE) ??
    saidNear(lines, IS_AVAILABLE, SAID_FALSE) ??
    firstLine(lines, NO_GPU_IN_WORDS) ??
    (wsl1 ? firstLine(lines, DRIVER_TOO_OLD_SAID) : undefined);
  return failure ? { code: 'WSL_NO_GPU', evidence: evidence(failure), values: {}, outranks: ['CUDA_NOT_AVAILABLE', 'NO_DEVICES_FOUND', 'DRIVER_MODULE_LOAD_FAILED', ...(wsl1 ? ['DRIVER_TOO_OLD'] : [])] } : null;
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
export function containerWithoutGpus(text: string, lines: readonly string[]): StructuralMatch | null {
  const ranInContainer = RAN_IN_CONTAINER.test(text);
  if (!(CONTAINER.test(text) || ranInContainer) || GPU_FLAGS.test(text)) return null;
  const started = DOCKER.test(text) || ranInContainer || GPUS_OPTION_SAID.test(text);
  const missing =
    firstLine(lines, SMI_MISSING) ??
    (started ? firstLine(lines, DRIVER_UNREACHED) ?? printedAfter(lines, IS_AVAILABLE, FALSE) ?? firstLine(lines, NO_GPU_IN_WORDS) : undefined);
  return missing ? { code: 'CONTAINER_NO_GPUS', evidence: evidence(missing), values: {} } : null;
}

const SMI_EXEC_MISSING = /exec: \\{0,2}"nvidia-smi\\{0,2}": executable file not found/i;
// On the command itself, only the flags that bring the toolkit in: NVIDIA_VISIBLE_DEVICES alone does not without the nvidia runtime.
const WITH_GPUS = /--gpus\b|--runtime[= ]nvidia/i;

/**
 * The runtime could not start nvidia-smi in a container started with GPU access (nvidia-docker, --gpus, the nvidia
 * runtime): the driver's tools were not brought in, which is not a container started without GPUs.
 */
export function smiMissingDespiteGpus(text: string, lines: readonly string[]): StructuralMatch | null {
  const failure = lines.findIndex((line) => SMI_EXEC_MISSING.test(line));
  if (failure === -1) return null;
  const command = lines.slice(Math.max(0, failure - 3), failure + 1).join('\n');
  if (!/\bnvidia-docker\b/i.test(text) && !WITH_GPUS.test(command)) return null;
  return { code: 'NVIDIA_SMI_NOT_FOUND', evidence: evidence({ index: failure, text: lines[failure] as string }), values: {}, outranks: ['CONTAINER_NO_GPUS'] };
}
