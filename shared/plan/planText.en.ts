/** Every sentence the plan engine writes for people (reasons, warnings, blockers, step titles), in English. */
export const planTextEn = {
  // The machine the plan is for.
  'machine.os.linux': 'Linux',
  'machine.os.windows': 'Windows',
  'machine.os.wsl': 'WSL2 on Windows',
  'machine.os.macos': 'macOS',
  'machine.noGpu': 'Planning for {{os}} ({{arch}}) with no GPU.',
  'machine.gpu': 'Planning for {{os}} ({{arch}}) with {{gpu}}.',
  'machine.gpuWithDriver': 'Planning for {{os}} ({{arch}}) with {{gpu}}, NVIDIA driver {{driver}}.',
  'machine.gpuWithoutDriver': 'Planning for {{os}} ({{arch}}) with {{gpu}}, no NVIDIA driver installed.',

  // A GPU as named in sentences.
  'gpu.nvidia.unnamed': 'NVIDIA GPU',
  'gpu.nvidia.architectureAndCapability': '{{name}} ({{architecture}}, compute capability {{capability}})',
  'gpu.nvidia.architecture': '{{name}} ({{architecture}})',
  'gpu.nvidia.capability': '{{name}} (compute capability {{capability}})',
  'gpu.amd.unnamed': 'AMD GPU',
  'gpu.amd.gfx': '{{name}} ({{gfx}})',
  'gpu.amd.this': 'this AMD GPU',

  // Platforms as named inside sentences (the English keeps the OS codes it always showed).
  'platform.nativeWindows': 'native Windows',
  'platform.windows': 'Windows',
  'platform.wsl2': 'WSL2',
  'platform.linux': 'linux',
  'platform.wsl': 'wsl',
  'platform.macos': 'macos',

  // Joining short lists inside a sentence.
  'list.or': ' or ',
  'list.and': ', ',

  // Which release.
  'release.pinned': '{{fw}} {{version}}: the version you asked for.',
  'release.newestForGpu': '{{fw}} {{version}} is the newest release that can use your GPU.',
  'release.newest': "{{fw}} {{version}} is the newest release in DL Setup's data (reviewed {{reviewedAt}}).",
  'release.skipped': '{{fw}} {{release}} (newest) was not chosen: {{why}}',
  'release.skipped.tensorflowWindows': 'TensorFlow GPU support on native Windows ended with 2.10.',
  'release.skipped.noGpuBuild': 'it has no GPU build for this GPU on {{platform}}.',

  // Which build.
  'build.rocm': 'The {{variant}} build supports {{gfx}} (ROCm {{rocm}}); it brings the ROCm libraries it needs as pip wheels.',
  'build.cuda.native': 'The {{variant}} build (CUDA {{cuda}}) contains code that runs on {{sm}}.',
  'build.cuda.ptx':
    'The {{variant}} build (CUDA {{cuda}}) has no {{sm}} code but ships PTX that the driver compiles for your GPU on first use (slower first start).',
  'build.lacking.one': 'Not {{variants}}: that build has no code for {{sm}}, so {{fw}} would stop with "no kernel image is available for execution on the device".',
  'build.lacking.oneDriverWouldAccept':
    'Not {{variants}}: that build has no code for {{sm}}, so {{fw}} would stop with "no kernel image is available for execution on the device" even though your driver would accept it.',
  'build.lacking.many': 'Not {{variants}}: those builds have no code for {{sm}}, so {{fw}} would stop with "no kernel image is available for execution on the device".',
  'build.lacking.manyDriverWouldAccept':
    'Not {{variants}}: those builds have no code for {{sm}}, so {{fw}} would stop with "no kernel image is available for execution on the device" even though your driver would accept them.',
  'build.notDefault': 'Not the default {{fallback}} build: it needs driver {{floor}} or newer; {{variant}} runs on your driver {{driver}} without a driver change.',
  'build.pipDefault': 'This is what a plain "pip install {{package}}" installs on this platform.',
  'build.indexFlag': 'pip needs {{flag}} {{url}} to get this build.',

  // Driver: keep, install or upgrade, and why.
  'driver.keep': 'Driver: keep {{driver}}; {{why}}.',
  'driver.keepWsl': 'Driver: keep {{driver}} (the Windows driver, which WSL2 uses); {{why}}.',
  'driver.upgrade': 'Driver: Your driver {{driver}} is too old: {{why}}. DL Setup upgrades to branch R{{branch}} ({{target}} or newer). {{targetWhy}}',
  'driver.install': 'Driver: No NVIDIA driver is installed; {{why}}. DL Setup installs branch R{{branch}} ({{target}} or newer). {{targetWhy}}',
  'driver.keepDriverAlternative': 'If you cannot change the driver: {{fw}} {{version}} ({{variant}}) runs on your current driver. Plan it with --keep-driver.',
  // Why a driver floor (a clause inside the driver sentences above).
  'driver.floor.ptxJit':
    'this GPU runs CUDA {{series}} code only by compiling its PTX at load time, which needs the CUDA {{series}} driver ({{floor}} or newer)',
  'driver.floor.minorVersionCompatibility': 'every CUDA {{major}}.x build runs on driver {{floor}} or newer (NVIDIA minor-version compatibility)',
  'driver.floor.toolkit': 'CUDA {{series}} needs driver {{floor}} or newer',
  'driver.floor.majorFamily': 'CUDA {{major}}.x builds need driver {{floor}} or newer',
  'driver.floor.systemToolkit': 'the CUDA {{series}} toolkit itself needs driver {{floor}} or newer',
  'driver.floor.architecture': '{{architecture}} GPUs need driver {{floor}} or newer',
  // Why a driver branch. English plans show the data's own sentence for the preferred branch instead of this one.
  'driver.target.preferred': 'R{{branch}} is the long-term-support driver branch DL Setup prefers: it runs every current CUDA build.',
  'driver.target.lastForArchitecture': 'R{{branch}} is the last driver branch that supports {{architecture}} GPUs.',
  'driver.target.newestMeetingFloor': 'R{{branch}} is the newest driver branch that meets the floor.',

  // How CUDA and cuDNN arrive.
  'method.system.install':
    'Method system: CUDA Toolkit {{series}} ({{toolkit}}) and cuDNN {{cudnn}} system-wide, matching the {{variant}} build, for compiling CUDA extensions.',
  'method.system.installForTensorflow':
    'Method system: CUDA Toolkit {{series}} ({{toolkit}}) and cuDNN {{cudnn}} system-wide, matching the {{variant}} build; TensorFlow {{version}} loads them from the system.',
  'method.system.keep':
    'Method system: CUDA Toolkit {{series}} (already installed: {{toolkit}}) and cuDNN {{cudnn}} system-wide, matching the {{variant}} build, for compiling CUDA extensions.',
  'method.system.keepForTensorflow':
    'Method system: CUDA Toolkit {{series}} (already installed: {{toolkit}}) and cuDNN {{cudnn}} system-wide, matching the {{variant}} build; TensorFlow {{version}} loads them from the system.',
  'method.system.sideBySide':
    'Toolkits side by side: {{others}} stay installed; CUDA {{series}} becomes the active one in the DL Setup environment (CUDA_HOME and PATH point to it).',
  'method.system.active': 'CUDA {{series}} becomes the active toolkit in the DL Setup environment (CUDA_HOME and PATH point to it).',
  'method.conda.cudaInEnvironment':
    'Method conda: conda-forge provides CUDA {{series}} and cuDNN {{cudnn}} inside the environment ({{packages}}); only the driver is system-wide.',
  'method.conda.wheel':
    'Method conda: a conda environment holds Python; the {{fw}} wheel inside it brings its own CUDA runtime and cuDNN, so only the driver is system-wide.',
  'method.wheels': 'Method wheels: the pip wheels bring the CUDA {{series}} runtime; only the driver is needed system-wide, no CUDA Toolkit.',
  'method.wheelsWithCudnn':
    'Method wheels: the pip wheels bring the CUDA {{series}} runtime and cuDNN {{cudnn}}; only the driver is needed system-wide, no CUDA Toolkit.',
  'tensorflow.windowsLastGpuRelease':
    'TensorFlow 2.10 is the last release with GPU support on native Windows; newer TensorFlow needs WSL2 for the GPU.',

  // Which Python.
  'python.requested': 'Python {{python}}: you asked for it, and this release supports {{min}} to {{max}}.',
  'python.onMachine': 'Python {{python}}: the Python already on this machine, inside the supported range {{min}} to {{max}}.',
  'python.default': 'Python {{python}}: inside the supported range {{min}} to {{max}} and well supported by current wheels.',

  // CPU plans.
  'cpu.macMps': 'macOS has no CUDA. PyTorch\'s macOS wheel from PyPI runs on the CPU and on the Apple GPU through MPS (torch.device("mps")).',
  'cpu.mac': 'macOS has no CUDA; {{fw}} runs on the CPU here.',
  'cpu.noGpu': 'No GPU was found, so this is the CPU build of {{fw}}: it works everywhere but trains much more slowly than a GPU build.',
  'cpu.amd.noRocmBuild': "No PyTorch ROCm build in DL Setup's data supports {{gfx}}, so this is the CPU build.",
  'cpu.amd.rocmLinuxOnly': 'PyTorch ROCm builds are Linux-only; on {{platform}} this is the CPU build.',
  'cpu.amd.noBuild': "DL Setup's data has no AMD GPU build of {{fw}}, so this is the CPU build.",
  'cpu.intel.noBuild': "DL Setup's data has no Intel GPU build of {{fw}}, so this is the CPU build.",
  'cpu.nvidia': 'This is the CPU build of {{fw}}: it will not use your NVIDIA GPU.',
  'cpu.nvidia.tensorflowWindows':
    'TensorFlow GPU support on native Windows ended with 2.10. For a newer TensorFlow on the GPU use WSL2, or ask for TensorFlow 2.10.',
  'cpu.nvidia.jaxWindows': 'JAX has no GPU wheels for native Windows; WSL2 (experimental) or Linux can use the GPU.',

  // Warnings.
  'warning.unknownCapability':
    'DL Setup could not tell the compute capability of this NVIDIA GPU, so it plans a CPU build. Give --gpu "NAME" or --compute-capability X.Y to plan for the GPU.',
  'warning.cpuBuildNoGpuBuild': "This plan installs the CPU build: no {{fw}} build in DL Setup's data can use your GPU. {{why}}",
  'warning.cpuBuild': 'This plan installs the CPU build of {{fw}}; it will not use the GPU.',
  'warning.systemMethodOnCpu': 'Method "system" installs a CUDA Toolkit, which a CPU build does not use; DL Setup uses pip wheels instead.',
  'warning.wslExperimental': '{{fw}} calls GPU support on WSL2 experimental.',
  'warning.wslDriver': 'Under WSL2 the GPU driver is the Windows one: update it on Windows to R{{branch}}. DL Setup never installs a Linux driver inside WSL2.',
  'warning.lastDriverBranch':
    'R{{branch}} is the last driver branch for {{architecture}} GPUs: do not let the system move to a newer driver branch, or the GPU stops working.',
  'warning.driverPastLastBranch': 'Your driver {{driver}} is newer than R{{branch}}, which does not support {{architecture}} GPUs; install an R{{branch}} driver.',
  'warning.toolkitWithoutDriver': 'Install the CUDA Toolkit without its bundled driver: the driver step above (or your current driver) provides it.',
  'warning.rocmSystem': 'DL Setup does not install ROCm system-wide; the ROCm wheel brings its own ROCm libraries.',

  // Why a build cannot be used (blockers, and the reasons that quote them).
  'failure.noKernels': '{{fw}} {{version}} {{variant}} has no code for {{sm}} (its list: {{capabilities}}).',
  'failure.cudnnCapability': '{{fw}} {{version}} {{variant}} uses cuDNN {{cudnn}}, which supports compute capability {{floor}} and newer (NVIDIA cuDNN {{row}} support matrix), not {{sm}}.',
  'failure.tensorflowWheelsWithoutCuda':
    'TensorFlow {{version}} pip wheels do not bring CUDA; it needs a system or conda CUDA Toolkit {{cuda}} and cuDNN {{cudnn}}.',
  'failure.noDriverFloor': "DL Setup's data has no driver floor for CUDA {{cuda}}.",
  'failure.driverChangeRefused': '{{variant}} needs driver {{floor}} or newer and you asked DL Setup not to change the driver.',
  'failure.driverChangeRefusedWithCurrent': '{{variant}} needs driver {{floor}} or newer and you asked DL Setup not to change the driver ({{driver}}).',
  'failure.driverBranchEnded': '{{variant}} needs driver {{floor}} or newer, but {{architecture}} GPUs are supported only up to driver branch R{{branch}}.',
  'failure.driverBranchEndedUnknownArchitecture': '{{variant}} needs driver {{floor}} or newer, but this GPUs are supported only up to driver branch R{{branch}}.',
  'failure.rocmUnsupportedGfx': 'PyTorch {{version}} {{variant}}: ROCm does not support {{gfx}}.',
  'failure.pythonUnsupported': '{{fw}} {{version}} supports Python {{min}} to {{max}}, not {{python}}.',
  'failure.noGpuBuildOnPlatform': "{{fw}} has no {{toolkit}} build for {{platform}} in DL Setup's data.",
  'release.platformCutoff': "{{fw}} {{last}} is the newest release for {{platform}}: {{fw}} has published no {{platform}} wheels after {{limit}}.",
  'wheelPlatform.linux-x86_64': "Linux (x86_64)",
  'wheelPlatform.linux-aarch64': "Linux on ARM64 (aarch64)",
  'wheelPlatform.windows': "Windows",
  'wheelPlatform.macos-arm64': "macOS on Apple silicon",
  'wheelPlatform.macos-x86_64': "macOS on Intel (x86_64)",
  'warning.experimentalPython': "Python {{python}} is experimental in {{fw}} {{version}} (supported: {{min}} to {{max}}); some wheels or features may be missing.",
  'blocker.noBuildOnPlatform': "{{fw}} {{pin}} has no wheels for {{platform}}; the newest release with them is {{fw}} {{last}}.",
  'blocker.noBuildOnPlatformYet': "{{fw}} {{pin}} has no wheels for {{platform}}; they start with {{fw}} {{first}}.",
  'blocker.versionUnknown': "{{fw}} {{pin}} is not in DL Setup's data (newest known: {{newest}}).",
  'blocker.cannotUseGpu': '{{fw}} {{pin}} cannot use your GPU: {{why}}',
  'blocker.pythonUnsupported': '{{fw}} {{pin}} has no build for Python {{python}}: {{why}}',
  'blocker.tensorflowWindows':
    'TensorFlow {{pin}} has no GPU support on native Windows: GPU support there ended with TensorFlow 2.10. Use WSL2 (Windows 10 19044 or newer, driver 528.33 or newer) for newer TensorFlow, or pin TensorFlow 2.10.',
  'blocker.jaxWindows': 'JAX {{pin}} has no GPU wheels for native Windows; use WSL2 (experimental) or Linux.',

  // Step titles.
  'step.driver.wsl': 'Update the NVIDIA driver on Windows to R{{branch}} ({{target}} or newer); WSL2 uses the Windows driver',
  'step.driver.install': 'Install NVIDIA driver R{{branch}} ({{target}} or newer)',
  'step.driver.upgrade': 'Upgrade to NVIDIA driver R{{branch}} ({{target}} or newer)',
  'step.cudaRepo': "Add NVIDIA's CUDA repository",
  'step.cudaRepo.wsl': "Add NVIDIA's CUDA repository for WSL-Ubuntu (it has no driver packages)",
  'step.cudaToolkit': 'Install CUDA Toolkit {{version}} next to any toolkit already installed',
  'step.cudnn': 'Install cuDNN {{version}} for CUDA {{series}}',
  'step.envVars': 'Make CUDA {{series}} the active toolkit in the DL Setup environment',
  'step.pythonEnv.conda': 'Create conda environment {{name}} with Python {{python}}',
  'step.pythonEnv.venv': 'Create Python {{python}} virtual environment {{name}}',
  // English shows the pip command line alone; other languages add a lead-in (the command itself is never translated).
  'step.framework': '{{command}}',
} as const;
