import type { DiagnoseKind } from '../../shared/types/diagnose.js';
import { normalizeText } from './normalizeText.js';

/** Recognition reads the head of the text: every format we know identifies itself in its first lines. */
const HEAD_CHARS = 64 * 1024;

const NVIDIA_SMI_FAILURE =
  /Failed to initialize NVML|NVIDIA-SMI has failed|couldn't communicate with the NVIDIA driver|No devices were found|Unable to determine the device handle for GPU|Unable to determine the device handle|GPU is lost|Driver\/library version mismatch/;

interface Rule {
  kind: DiagnoseKind;
  test: (head: string, lines: string[]) => boolean;
}

const count = (lines: string[], pattern: RegExp) => lines.reduce((sum, line) => sum + (pattern.test(line) ? 1 : 0), 0);

/** Most specific first; the first rule that holds names the kind. */
const RULES: Rule[] = [
  { kind: 'nvidia-smi-xml', test: (head) => /<nvidia_smi_log[\s>]/.test(head) },
  // Short outputs that are nvidia-smi's own failure; a long log that merely contains one is a log.
  { kind: 'nvidia-smi-error', test: (head, lines) => lines.length <= 12 && NVIDIA_SMI_FAILURE.test(head) },
  { kind: 'nvidia-smi-table', test: (head) => /^\|\s{0,4}NVIDIA-SMI \d|^\|\s{0,4}GPU\s{1,4}Name\s|^\|\s{0,4}MIG devices:/m.test(head) },
  { kind: 'nvidia-smi-q', test: (head) => /=+NVSMI LOG=+|^Driver Version\s{1,40}: \d|^Attached GPUs\s{1,40}: \d/m.test(head) },
  { kind: 'nvidia-smi-list', test: (head, lines) => count(lines, /^GPU \d{1,3}: .{1,120} \(UUID: GPU-/) > 0 },
  { kind: 'nvidia-smi-dmon', test: (head) => /^#?\s{0,4}gpu\s{1,8}(?:pwr|sm|Idx)\b/im.test(head) && /^#?\s{0,4}Idx\b/im.test(head) },
  {
    kind: 'nvidia-smi-csv',
    test: (head, lines) =>
      /^(?:timestamp|index|name|gpu_name|pci\.bus_id|driver_version|uuid|memory\.total)(?: \[[^\]]{1,8}\])?, /m.test(head) ||
      count(lines, /^[^,\n]{1,80}(?:, [^,\n]{0,80}){3,}$/) > 0 && /, GPU-[0-9a-f]{8}-|, \d{3}\.\d{2,3}(?:\.\d{2})?, /.test(head),
  },
  { kind: 'nvcc', test: (head) => /Cuda compilation tools, release \d/.test(head) },
  { kind: 'cudnn-header', test: (head) => /#define\s+CUDNN_MAJOR\s+\d/.test(head) },
  { kind: 'proc-driver-version', test: (head) => /NVRM version: NVIDIA UNIX/.test(head) },
  { kind: 'collect-env', test: (head) => /^Collecting environment information/m.test(head) || (/^PyTorch version: /m.test(head) && /^Is CUDA available/m.test(head)) },
  { kind: 'torch-config', test: (head) => /^PyTorch built with:/m.test(head) },
  { kind: 'tensorflow-build-info', test: (head) => /'cuda_version'|'is_cuda_build'|"is_cuda_build"|'cuda_compute_capabilities'/.test(head) },
  {
    kind: 'rocm-smi',
    test: (head) => /ROCm System Management Interface|^GPU\[\d{1,3}\]\s{0,20}: /m.test(head) || /^Device\s{1,6}Node\s{1,6}IDs\s/m.test(head),
  },
  { kind: 'ubuntu-drivers', test: (head) => /^== \/sys\/devices\/pci/m.test(head) && /^modalias\s{0,4}: /m.test(head) },
  { kind: 'lspci', test: (head, lines) => count(lines, /(?:VGA compatible controller|3D controller|Display controller)(?: \[03[0-9a-f]{2}\])?: /) > 0 },
  { kind: 'macos-system-profiler', test: (head) => /system_profiler|^Graphics\/Displays:|^Hardware:\s*$|^\s{0,8}Chipset Model: |^\s{0,8}Hardware Overview:/m.test(head) },
  { kind: 'macos-sysctl', test: (head) => /^machdep\.cpu\.|^hw\.(?:model|memsize|ncpu|optional)\b/m.test(head) },
  {
    kind: 'windows-cim',
    test: (head) => /Win32_VideoController|Win32_PnPSignedDriver|^AdapterRAM\b|^AdapterCompatibility\s{0,30}[:=]|^PNPDeviceID\s{0,30}[:=]|^VideoProcessor\s{0,30}[:=]/im.test(head),
  },
  {
    kind: 'installer-log',
    test: (head) => /nvidia-installer log file|^nvidia-installer command line|^ERROR: Installation has failed|^ERROR: The Nouveau kernel driver|^-> (?:Installing NVIDIA driver|License accepted)|^Verifying archive integrity/m.test(head),
  },
  {
    kind: 'dmesg',
    test: (head, lines) => {
      const kernel = count(lines, /^\[\s{0,12}\d{1,9}\.\d{3,9}\] |^[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S{1,64} (?:kernel|[\w.@-]{1,64}\[\d{1,9}\]):|^NVRM: /);
      return kernel > 0 && kernel * 2 >= lines.filter((line) => line.trim() !== '').length;
    },
  },
  {
    kind: 'python-traceback',
    test: (head) =>
      /^Traceback \(most recent call last\):|^\s{0,8}File "[^"\n]{1,400}", line \d{1,7}, in /m.test(head) || /^[A-Za-z_][\w.]{0,80}(?:Error|Exception|Warning): /m.test(head),
  },
];

/** Decides what a pasted text is (after normalizeText); `log` when no format is recognised, `empty` when there is nothing. */
export function recognizeNormalizedKind(normalized: string): DiagnoseKind {
  if (normalized.trim() === '') return 'empty';
  const head = normalized.length > HEAD_CHARS ? normalized.slice(0, HEAD_CHARS) : normalized;
  const lines = head.split('\n');
  for (const rule of RULES) if (rule.test(head, lines)) return rule.kind;
  return 'log';
}

/** Decides what any pasted text is: tool output (nvidia-smi, nvcc, lspci, …), a traceback, an installer log or a plain log. */
export function recognizeKind(text: string): DiagnoseKind {
  return recognizeNormalizedKind(normalizeText(text));
}
