/**
 * Troubleshoot by error family (issue 16): every wording of a known error, as real people pasted it, with the thread it
 * comes from. Each sample must raise its family; every pattern in data/errors.json must be met by a sample here or by a
 * capture under fixtures/ (whose source is in fixtures/SOURCES.md); the few that are not are listed, so the gap is counted.
 * Longer than 300 lines is allowed here: it is a table of quoted samples.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { fixturesDir } from '../../testkit/fixturePath.js';
import { createSimulatedHost, withSimulatedHost } from '../../testkit/simulatedHost.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { diagnoseText } from './diagnoseText.js';
import { gatherHostFacts } from './hostFacts.js';
import type { KnowledgeTable } from './knowledgeBase.js';

interface Sample {
  code: string;
  text: string;
  source: string;
  /** Output in Chinese (Windows zh-CN and the like). */
  zh?: boolean;
  /** A fix command the diagnosis must offer. */
  command?: string;
  title?: string;
}

const SAMPLES: Sample[] = [
  // CPU-only framework builds, per framework and version.
  { code: 'CPU_ONLY_BUILD', text: 'AssertionError: Torch not compiled with CUDA enabled', source: 'https://github.com/EagleW/Describing_a_Knowledge_Base/issues/8' },
  { code: 'CPU_ONLY_BUILD', text: 'TensorFlow not compiled with CUDA support', source: 'issue 16: the seed guide\'s error 2, as users paste it' },
  { code: 'CPU_ONLY_BUILD', text: '    "Not compiled with CUDA"\nAssertionError: Not compiled with CUDA', source: 'https://github.com/PaddlePaddle/Paddle/issues/24581' },
  // TensorFlow without its CUDA libraries (2.13 tsl path, 2.17+ xla path).
  {
    code: 'TF_CUDA_LIBS_NOT_FOUND',
    text: '2024-06-28 00:03:52.493638: I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your machine, GPU will not be used.',
    source: 'https://github.com/tensorflow/tensorflow/issues/66750',
  },
  {
    code: 'TF_CUDA_LIBS_NOT_FOUND',
    text: 'external/local_xla/xla/tsl/cuda/cudart_stub.cc:32] Could not find cuda drivers on your machine, GPU will not be used.',
    source: 'https://github.com/yanghb22-fdu/Hi3D-Official/issues/11',
  },
  {
    code: 'TF_CUDA_LIBS_NOT_FOUND',
    text: '2023-11-06 13:47:01.306671: I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your machine, GPU will not be used.\n2023-11-06 13:47:01.355941: I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is optimized to use available CPU instructions in performance-critical operations.',
    source: 'https://github.com/voxel51/fiftyone/issues/3780',
  },
  // TensorFlow's start-up notes, alone: said to be notes.
  {
    code: 'TF_INFO_MESSAGES',
    text: '2023-05-01 12:17:26.189953: I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is optimized to use available CPU instructions in performance-critical operations.',
    source: 'https://github.com/serengil/deepface/issues/739',
  },
  {
    code: 'TF_INFO_MESSAGES',
    text: '2019-02-20 08:06:44.972272: I tensorflow/core/platform/cpu_feature_guard.cc:142] Your CPU supports instructions that this TensorFlow binary was not compiled to use: AVX2',
    source: 'https://github.com/tensorflow/tensorflow/issues/24890',
  },
  {
    code: 'TF_INFO_MESSAGES',
    text: '2023-05-01 12:17:26.167599: I tensorflow/core/util/port.cc:110] oneDNN custom operations are on. You may see slightly different numerical results due to floating-point round-off errors from different computation orders. To turn them off, set the environment variable `TF_ENABLE_ONEDNN_OPTS=0`.',
    source: 'https://github.com/serengil/deepface/issues/739',
  },
  // nvidia-installer cannot load the module it built.
  {
    code: 'DRIVER_MODULE_LOAD_FAILED',
    text: "ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most frequently when this kernel module was built against the wrong or improperly configured kernel sources, with a version of gcc that differs from the one used to build the target kernel, or if another driver, such as nouveau, is present and prevents the NVIDIA kernel module from obtaining ownership of the NVIDIA device(s), or no NVIDIA device installed in this system is supported by this NVIDIA Linux graphics driver release.",
    source: 'https://github.com/NVIDIA/gpu-driver-container/issues/44',
    title: "The nvidia kernel module could not be loaded",
  },
  {
    code: 'DRIVER_MODULE_LOAD_FAILED',
    text: "ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most\n       frequently when this kernel module was built against the wrong or\n       improperly configured kernel sources, with a version of gcc that\n       differs from the one used to build the target kernel, or if a driver\n       such as rivafb, nvidiafb, or nouveau is present and prevents the\n       NVIDIA kernel module from obtaining ownership of the NVIDIA graphics\n       device(s), or no NVIDIA GPU installed in this system is supported by\n       this NVIDIA Linux graphics driver release.\n\n\nERROR: Installation has failed.  Please see the file\n       '/usr/local/nvidia/nvidia-installer.log' for details.",
    source: 'https://github.com/shelmangroup/coreos-gpu-installer/issues/2',
  },
  {
    code: 'DRIVER_MODULE_LOAD_FAILED',
    text: "ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most frequently when this kernel module was built against the wrong or improperly configured kernel sources.\n-> Kernel module load error: No such device\n-> Kernel messages:",
    source: 'https://github.com/Bumblebee-Project/Bumblebee/issues/932',
  },
  // venv without ensurepip: the package comes from the text, or from the interpreter the failing command names.
  {
    code: 'PYTHON_VENV_MISSING',
    text: 'The virtual environment was not created successfully because ensurepip is not\navailable.  On Debian/Ubuntu systems, you need to install the python3-venv\npackage using the following command.\n\n    apt install python3.10-venv\n\nYou may need to use sudo with that command.',
    source: 'https://github.com/LinkedInLearning/essential-jenkins-2468076/issues/10',
    command: 'sudo apt install python3.10-venv',
  },
  {
    code: 'PYTHON_VENV_MISSING',
    text: 'The virtual environment was not created successfully because ensurepip is not available.  On Debian/Ubuntu systems, you need to install the python3-venv package using the following command.\n\napt install python3.12-venv',
    source: 'https://github.com/flouksac/OneSOC/issues/2',
    command: 'sudo apt install python3.12-venv',
  },
  {
    code: 'PYTHON_VENV_MISSING',
    text: "The virtual environment was not created successfully because ensurepip is not\navailable.  On Debian/Ubuntu systems, you need to install the python3-venv\npackage using the following command.\n\n    apt-get install python3-venv\n\nYou may need to use sudo with that command.  After installing the python3-venv\npackage, recreate your virtual environment.\n\nFailing command: ['/venv/bin/python3.8', '-Im', 'ensurepip', '--upgrade', '--default-pip']",
    source: 'https://github.com/deadsnakes/issues/issues/97',
    command: 'sudo apt install python3.8-venv',
  },
  { code: 'PYTHON_VENV_MISSING', text: '/usr/bin/python3.6: No module named ensurepip', source: 'https://github.com/pypa/virtualenv/issues/1059' },
  // Windows DLL load failures, English and Chinese Windows.
  { code: 'WINDOWS_DLL_LOAD_FAILED', text: 'ImportError: DLL load failed: The specified module could not be found.', source: 'https://github.com/tensorflow/tensorflow/issues/32625' },
  {
    code: 'WINDOWS_DLL_LOAD_FAILED',
    text: 'ImportError: DLL load failed while importing _pywrap_tensorflow_internal: The specified module could not be found.',
    source: 'https://github.com/tensorflow/tensorflow/issues/7623',
  },
  { code: 'WINDOWS_DLL_LOAD_FAILED', text: 'ImportError: DLL load failed: 找不到指定的模块。', source: 'https://github.com/tensorflow/models/issues/2083', zh: true },
  {
    code: 'WINDOWS_DLL_LOAD_FAILED',
    text: 'OSError: [WinError 126] The specified module could not be found. Error loading "c:\\Users\\Noor\\anaconda3\\envs\\DL\\Lib\\site-packages\\torch\\lib\\fbgemm.dll" or one of its dependencies.',
    source: 'https://github.com/pytorch/pytorch/issues/131662',
    title: 'Windows could not load fbgemm.dll or a DLL it needs',
  },
  {
    code: 'WINDOWS_DLL_LOAD_FAILED',
    text: 'OSError: [WinError 126] 找不到指定的模块。 Error loading "D:\\python\\lib\\site-packages\\torch\\lib\\cudnn_cnn_infer64_8.dll" or one of its dependencies.',
    source: 'https://github.com/zai-org/ChatGLM3/issues/69',
    zh: true,
    title: 'Windows could not load cudnn_cnn_infer64_8.dll or a DLL it needs',
  },
  {
    code: 'WINDOWS_DLL_LOAD_FAILED',
    text: 'OSError: [WinError 126] 找不到指定的模块。Error loading "F:\\python\\lib\\site-packages\\torch\\lib\\torch_python.dll" or one of its dependencies.',
    source: 'https://github.com/babysor/MockingBird/issues/889',
    zh: true,
  },
];

/** Patterns no real sample has been found for yet (each one a wording we believe exists); the count goes into the closing note. */
const UNSAMPLED: Record<string, string[]> = {
  "DRIVER_NOT_LOADED": [
    "NVIDIA driver is not loaded",
    "Found no NVIDIA driver on your system",
    "couldn't find libnvidia-ml\\.so",
    "Could not load dynamic library 'libcuda\\.so(?:\\.1)?'",
    "libcuda\\.so(?:\\.1)?: cannot open shared object file",
    "kernel driver does not appear to be running on this host"
  ],
  "DRIVER_LIBRARY_MISMATCH": [
    "NVRM: API mismatch: the client has the version (?<clientVersion>\\d{2,3}\\.\\d{1,3}(?:\\.\\d{1,3})?)"
  ],
  "NO_DEVICES_FOUND": [
    "no CUDA-capable device is detected",
    "CUDA_ERROR_NO_DEVICE",
    "cudaErrorNoDevice"
  ],
  "GPU_LOST": [
    "GPU is lost",
    "fallen off the bus",
    "NVRM: Xid \\(PCI:(?<busId>[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2})\\): 79,"
  ],
  "NVML_UNKNOWN_ERROR": [
    "nvml error: unknown error"
  ],
  "CONTAINER_NO_NVML": [
    "nvidia-container-cli: initialization error: nvml error: driver not loaded"
  ],
  "CONTAINER_TOOLKIT_MISSING": [
    "could not select device driver \\\"\\\" with capabilities: \\[\\[gpu\\]\\]"
  ],
  "CUDA_LIB_MISSING": [
    "Could not (?:load|locate|find) (?:dynamic )?(?:library )?'?(?<soname>(?:cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|nvrtc|nvJitLink|cupti|nvToolsExt)64_\\d{2,3}\\.dll)",
    "(?<soname>(?:cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|nvrtc|nvJitLink|cupti|nvToolsExt)64_\\d{2,3}\\.dll) (?:not found|was not found|is missing)",
    "Cannot dlopen some GPU libraries"
  ],
  "CUDNN_LIB_MISSING": [
    "Failed to find dynamic library: (?<soname>libcudnn[a-z_]{0,24}\\.so[.\\d]{0,12})",
    "Could not (?:load|locate|find) (?:dynamic )?(?:library )?'?(?<soname>cudnn[a-z_]{0,24}64_\\d{1,2}\\.dll)",
    "Unable to load any of \\{?(?<soname>libcudnn[a-z_]{0,24}\\.so[.\\d]{0,12})"
  ],
  "DRIVER_TOO_OLD": [
    "CUDA_ERROR_INSUFFICIENT_DRIVER",
    "The NVIDIA driver on your system is too old(?: \\(found version (?<foundCuda>\\d{4,5})\\))?"
  ],
  "PTX_TOO_NEW": [
    "the provided PTX was compiled with an unsupported toolchain",
    "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
    "cudaErrorUnsupportedPtxVersion"
  ],
  "NO_KERNEL_IMAGE": [
    "cudaErrorNoKernelImageForDevice",
    "CUDA_ERROR_NO_BINARY_FOR_GPU",
    "device kernel image is invalid",
    "The minimum required Cuda capability is (?<minCc>\\d{1,2}\\.\\d)"
  ],
  "OUT_OF_MEMORY": [
    "CUDA_ERROR_OUT_OF_MEMORY",
    "cudaErrorMemoryAllocation",
    "OOM when allocating tensor",
    "RESOURCE_EXHAUSTED: Out of memory",
    "CUBLAS_STATUS_ALLOC_FAILED"
  ],
  "CPU_ONLY_BUILD": [
    "a CUDA-enabled jaxlib is not installed",
    "installed CPU version PaddlePaddle",
    "PaddlePaddle is not compiled with CUDA",
    "This CTranslate2 package was not compiled with CUDA support"
  ],
  "CUDNN_VERSION_MISMATCH": [
    "cuDNN version incompatibility: PyTorch was compiled {1,2}against (?<compiledCudnn>\\(\\d{1,2}, \\d{1,2}, \\d{1,3}\\)) but found runtime version (?<loadedCudnn>\\(\\d{1,2}, \\d{1,2}, \\d{1,3}\\))",
    "Found cuDNN version (?<loadedCudnn>\\d{4,6}), but JAX was built against version (?<compiledCudnn>\\d{4,6})"
  ],
  "SECURE_BOOT_BLOCKED": [
    "Required key not available",
    "was not signed by a key that is trusted by the kernel"
  ],
  "KERNEL_HEADERS_MISSING": [
    "Unable to find the kernel source tree for the currently running kernel",
    "Your kernel headers for kernel (?<kernel>[\\w.+-]{1,60}) cannot be found"
  ],
  "DRIVER_INSTALL_FAILED": [
    "ERROR: Unable to build the NVIDIA kernel module",
    "ERROR: An NVIDIA kernel module '[\\w-]{1,20}' appears to already be loaded"
  ],
  "TENSORRT_OPTIONAL_MISSING": [
    "Could not load dynamic library '(?<soname>libnvinfer(?:_plugin)?\\.so[.\\d]{0,8})'",
    "TF-TRT Warning: Could not find TensorRT"
  ],
  "NVCC_ARCH_UNSUPPORTED": [
    "nvcc fatal {0,2}: {0,2}Unsupported gpu architecture '(?<arch>(?:compute|sm)_\\d{2,3}[a-z]?)'"
  ],
  "HOST_COMPILER_UNSUPPORTED": [
    "unsupported GNU version! gcc versions later than (?<gccMax>\\d{1,2}) are not supported"
  ],
  "PIP_NO_MATCHING_DISTRIBUTION": [
    "No matching distribution found for (?<package>[\\w.\\[\\]=<>!~-]{1,80})",
    "Could not find a version that satisfies the requirement (?<package>[\\w.\\[\\]=<>!~-]{1,80})"
  ],
  "APT_LOCKED": [
    "Could not get lock /var/lib/dpkg/lock",
    "Unable to acquire the dpkg frontend lock",
    "Waiting for cache lock: Could not get lock"
  ],
  "DISK_FULL": [
    "No space left on device",
    "ERROR: Could not install packages due to an OSError: \\[Errno 28\\]"
  ],
  "CONDA_PACKAGES_NOT_FOUND": [
    "PackagesNotFoundError: The following packages are not available from current channels"
  ],
  "CONDA_TOS_NOT_ACCEPTED": [
    "CondaToSNonInteractiveError",
    "Terms of Service have not been accepted for the following channels"
  ],
  "UV_PYTHON_NOT_FOUND": [
    "No interpreter found for Python (?<python>[\\d.]{1,10}) in (?:managed installations|virtual environments|search path)"
  ],
  "DRIVER_MODULE_LOAD_FAILED": [
    "modprobe: ERROR: could not insert '(?<moduleName>nvidia[\\w-]{0,12})': (?:No such device|Unknown symbol in module|Exec format error|Invalid argument|Operation not permitted)",
    "modprobe: FATAL: Module (?<moduleName>nvidia[\\w-]{0,12}) not found in directory /lib/modules/(?<kernel>[\\w.+-]{1,60})"
  ],
  "TF_CUDA_LIBS_NOT_FOUND": [
    "Skipping registering GPU devices"
  ],
  "TF_INFO_MESSAGES": [
    "Your kernel may have been built without NUMA support",
    "Unable to register cu(?:DNN|FFT|BLAS) factory"
  ]
};

const table = loadDataTable<KnowledgeTable>('errors');

function fixtureTexts(): string[] {
  const texts: string[] = [];
  for (const folder of readdirSync(fixturesDir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(path.join(fixturesDir, folder.name))) texts.push(readFileSync(path.join(fixturesDir, folder.name, file), 'utf8'));
  }
  return texts;
}

describe('every wording of every known error', () => {
  it.each(SAMPLES.map((sample) => [`${sample.code} ← ${sample.source}`, sample] as const))('%s', (_name, sample) => {
    expect(sample.source).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(?:issues|pull)\/\d+$|^issue 16: /);
    const result = diagnoseText(sample.text);
    const diagnosis = result.diagnoses.find((candidate) => candidate.code === sample.code);
    expect(result.diagnoses.map((candidate) => candidate.code)).toContain(sample.code);
    if (sample.title) expect(diagnosis?.title).toBe(sample.title);
    if (sample.command) expect(diagnosis?.fixSteps?.map((fix) => fix.command)).toContain(sample.command);
    if (sample.zh) expect(sample.text).toMatch(/[\u4e00-\u9fff]/);
  });

  it('meets every pattern with a real sample (here or a capture in fixtures/), except the ones listed as unsampled', () => {
    const texts = [...SAMPLES.map((sample) => sample.text), ...fixtureTexts()];
    const lines = texts.flatMap((text) => text.split(/\r?\n/));
    const unsampled: Record<string, string[]> = {};
    let patterns = 0;
    for (const entry of table.entries) {
      for (const source of entry.patterns) {
        patterns += 1;
        const pattern = new RegExp(source, 'i');
        if (!lines.some((line) => pattern.test(line))) (unsampled[entry.code] ??= []).push(source);
      }
    }
    const missing = Object.values(unsampled).flat().length;
    console.info(`errors.json: ${table.entries.length} families, ${patterns} wordings, ${patterns - missing} with a real sample`);
    expect(unsampled).toEqual(UNSAMPLED);
  });
});

describe('facts from the text combined with this machine', () => {
  const machine = (overrides: Partial<HardwareReport> = {}): HardwareReport => ({
    os: { platform: 'linux', distro: 'ubuntu', version: '24.04', kernel: '6.8.0-35-generic', arch: 'x86_64', wsl: false, container: false, packageManager: 'apt', secureBoot: 'enabled', nouveauLoaded: false, disks: [] },
    cpu: { model: 'x', cores: 8, memoryBytes: 1 },
    gpus: [{ vendor: 'nvidia', name: 'NVIDIA GeForce RTX 3090', computeCapability: '8.6' }],
    displayAdapters: [],
    driver: { version: '550.54.15', cudaVersion: '12.4', source: 'nvidia-smi' },
    cudaToolkits: [
      { version: '12.4.131', path: '/usr/local/cuda-12.4', active: true, source: 'nvcc' },
      { version: '11.5.119', path: '/usr/local/cuda-11.5', active: false, source: 'version.json' },
    ],
    cudnn: [],
    pythons: [{ path: '/usr/bin/python3', version: '3.12.3', kind: 'system', packages: {} }],
    findings: [],
    warnings: [],
    durationMs: 1,
    ...overrides,
  });
  const libcudart = readFileSync(path.join(fixturesDir, 'error-logs', 'tf_dso_loader_libcudart.so.11.0_not_found.txt'), 'utf8');

  it('names the toolkit folder of this (simulated) host that holds libcudart.so.11.0, and the headers it lacks', async () => {
    const host = await createSimulatedHost({
      files: { '/usr/local/cuda-11.5/lib64/libcudart.so.11.0': '', '/usr/local/cuda-12.4/lib64/libcudart.so.12': '' },
    });
    try {
      const report = machine();
      const facts = await withSimulatedHost(host, () => gatherHostFacts(report));
      expect(facts.kernelHeaders).toBe(false);
      const result = diagnoseText(libcudart, { machine: report, host: facts });
      const commands = result.diagnoses[0]?.fixSteps?.map((fix) => fix.command);
      expect(commands).toContain('export LD_LIBRARY_PATH=/usr/local/cuda-11.5/lib64:$LD_LIBRARY_PATH');
      const installer = diagnoseText(SAMPLES[10]?.text ?? '', { machine: report, host: facts });
      expect(installer.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['DRIVER_MODULE_LOAD_FAILED']);
      expect(installer.diagnoses[0]?.onThisMachine).toContain('Checked on this machine: Secure Boot on, nouveau not loaded, kernel headers for 6.8.0-35-generic missing.');
      expect(installer.diagnoses[0]?.onThisMachine).toContain('sudo apt-get install linux-headers-6.8.0-35-generic');
    } finally {
      await host.cleanup();
    }
  });

  it('offers no LD_LIBRARY_PATH line when no toolkit here has the library', () => {
    const result = diagnoseText(libcudart, { machine: machine(), host: { toolkitLibraries: [{ toolkitVersion: '12.4.131', dir: '/usr/local/cuda-12.4/lib64', files: ['libcudart.so.12'] }], kernelHeaders: true } });
    expect(result.diagnoses[0]?.fixSteps?.some((fix) => fix.command?.includes('LD_LIBRARY_PATH'))).toBe(false);
  });

  it('takes python3.X-venv from this machine when the text names none, and explains nvidia-smi + nvcc in Chinese', () => {
    const result = diagnoseText('/usr/bin/python3: No module named ensurepip', { machine: machine() });
    expect(result.diagnoses[0]?.fixSteps?.[0]?.command).toBe('sudo apt install python3.12-venv');
    const paste = readFileSync(path.join(fixturesDir, 'pastes', 'nvcc_10.1_plus_nvidia-smi_header_450.66_cuda11.0.txt'), 'utf8');
    const zh = diagnoseText(paste, { locale: 'zh-CN' });
    expect(zh.diagnoses[0]?.title).toBe('两个 CUDA 版本号：驱动的上限（11.0）和已安装的工具包（10.1.243）');
  });
});
