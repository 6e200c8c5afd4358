/** The sentences `dlsetup detect` writes for people (findings, the CUDA explanation, warnings), in English. */
export const detectTextEn = {
  // A probe that threw or hung; {{probe}} is its name (OS, NVIDIA, CUDA Toolkit, ...).
  'probe.timedOut': 'The {{probe}} probe did not finish within {{seconds}} s; its facts are missing from this report.',
  'probe.failed': 'The {{probe}} probe failed ({{error}}); its facts are missing from this report.',
  'probe.gpuSpecsMissing': 'GPU specs are missing from this report: {{error}}',

  // A command or file a probe needed; {{purpose}} is one of the purpose.* phrases below.
  'tool.missing': '"{{tool}}" is not installed or not on PATH.',
  'tool.timedOut': '"{{command}}" did not answer within {{seconds}} s, so {{purpose}} is missing from this report.',
  'tool.failed': '"{{command}}" could not be run ({{error}}), so {{purpose}} is missing from this report.',
  'tool.unreadable':
    '"{{command}}" exited with code {{exitCode}} and printed output DL Setup could not read ("{{firstLine}}"), so {{purpose}} is missing from this report.',
  'tool.noOutput': '(no output)',
  'file.unreadable': '{{path}} exists but could not be read, so {{purpose}} is missing from this report.',

  // What a probe's command or file would have told us (the subject of the sentences above).
  'purpose.amdSmiDetails': 'the AMD GPU details from amd-smi',
  'purpose.amdDetails': 'the AMD GPU details',
  'purpose.amdGfxArch': 'the AMD gfx architecture',
  'purpose.secureBoot': 'the Secure Boot state',
  'purpose.linuxDistribution': 'the Linux distribution',
  'purpose.kernelVersion': 'the kernel version',
  'purpose.nouveauLoaded': 'whether nouveau is loaded',
  'purpose.pciNames': 'the PCI device names',
  'purpose.condaEnvs': 'the conda environments outside the default folders',
  'purpose.python': 'the Python at {{path}}',
  'purpose.cudnnLibraries': 'the cuDNN libraries in the loader path',
  'purpose.macGpu': 'the Mac GPU details',
  'purpose.windowsAdapters': 'the Windows display adapters',
  'purpose.nvidiaDetails': 'the NVIDIA GPU details',
  'purpose.nvidiaModuleVersion': 'the loaded NVIDIA module version',
  'purpose.nvidiaKernelModuleVersion': 'the NVIDIA kernel module version',
  'purpose.nvccRuns': 'whether the nvcc in {{path}} runs',
  'purpose.nvccOnPath': 'the version of nvcc on PATH',

  // Findings about the machine.
  'finding.driverLibraryMismatch':
    'The loaded NVIDIA kernel module is {{module}} but the driver library is {{library}}, usually after a driver update. Reboot to load the new module.',
  'finding.nvidiaDriverMissing': 'An NVIDIA GPU is installed but no NVIDIA driver is loaded; DL Setup can install one.',
  'finding.nouveauLoaded': 'The open-source nouveau driver is loaded; it must be disabled (blacklisted) before the NVIDIA driver can load.',
  'finding.secureBootEnabled':
    'Secure Boot is on: the NVIDIA kernel module must be signed and its key enrolled (MOK) during the driver install, or it will not load.',
  'finding.wslDriverMissing': 'This is WSL2 but /usr/lib/wsl/lib is missing: install the NVIDIA driver on Windows (not inside WSL) and restart WSL.',
  'finding.noGpuFound': 'No GPU was found; frameworks will run on the CPU only.',

  // What nvidia-smi's failure text means (codes shared with Diagnose).
  'nvidiaSmiError.driverNotLoaded':
    'nvidia-smi cannot talk to the NVIDIA driver: the kernel module is not loaded. Install the driver, or reboot if you just installed it; if Secure Boot is on, enrol the module key; inside a container, start it with GPU access (--gpus all).',
  'nvidiaSmiError.driverLibraryMismatch':
    'The NVIDIA kernel module and the user-space driver library have different versions, usually after a driver update. Reboot the machine to load the new module.',
  'nvidiaSmiError.noDevicesFound':
    'The NVIDIA driver is loaded but sees no GPU. Check that the card is seated and powered, that it is not bound to another driver (vfio, nouveau), and in a VM that it is passed through.',
  'nvidiaSmiError.gpuLost': 'The GPU fell off the bus ("GPU is lost"). Reboot to recover it; if it keeps happening check power, cooling and the PCIe slot.',
  'nvidiaSmiError.nvmlUnknownError':
    'nvidia-smi failed with "Unknown Error". In a container this often follows a systemd daemon-reload on the host (restart the container); otherwise reboot, and check the kernel log (dmesg) for NVRM errors.',

  // The driver's CUDA version vs the installed Toolkit. {{toolkit}} is cuda.toolkitInstalled or cuda.noToolkit,
  // {{driver}} is cuda.driverSupports or cuda.driverWithoutCuda, {{verdict}} one of cuda.verdict*.
  'cuda.toolkitInstalled': 'CUDA Toolkit {{version}} is installed at {{path}} (nvcc)',
  'cuda.noToolkit': 'no CUDA Toolkit is installed (no nvcc)',
  'cuda.driverSupports': 'The driver {{version}} supports up to CUDA {{cuda}} (nvidia-smi)',
  'cuda.driverWithoutCuda': 'The driver {{version}} does not report its CUDA version',
  'cuda.toolkitWithoutDriver':
    'CUDA Toolkit {{version}} is installed at {{path}} (nvcc), but no NVIDIA driver is loaded: nvcc can compile, yet nothing can run on a GPU until a driver is installed.',
  'cuda.summaryNoDriver': 'No NVIDIA driver: nothing reports a supported CUDA version; {{toolkit}}.',
  'cuda.summaryNoToolkit': '{{driver}}; no CUDA Toolkit is installed (no nvcc) — that is fine: PyTorch, TensorFlow and JAX wheels bring their own CUDA runtime.',
  'cuda.summary': '{{driver}}; {{toolkit}}.',
  'cuda.summaryWithVerdict': '{{driver}}; {{toolkit}}. {{verdict}}',
  'cuda.toolkitNewerThanDriver': '{{driver}}, but {{toolkit}}. {{verdict}}',
  'cuda.verdictTooNew':
    'These do not fit: Toolkit {{toolkitMajor}}.x needs a driver that supports CUDA {{toolkitMajor}}; update the driver or install Toolkit {{driverCuda}} or older.',
  'cuda.verdictMinorCompatible':
    'They fit through CUDA minor-version compatibility, but features that need a newer driver (and PTX built by the newer Toolkit) will not run; a driver supporting {{toolkitCuda}} removes the caveat.',
  'cuda.verdictFits': 'They fit: the driver can run anything this Toolkit builds.',
} as const;
