/** The labels of the `dlsetup detect` summary (headings, table headers, short values), in English. */
export const detectSummaryTextEn = {
  'section.system': 'System',
  'section.gpus': 'GPUs ({{count}})',
  'section.nvidia': 'NVIDIA driver and CUDA',
  'section.python': 'Python ({{count}})',
  'section.findings': 'Findings',
  'section.warnings': 'Warnings',

  // System: "Ubuntu 22.04 (linux, x86_64, kernel 6.8.0) — WSL2, container, Secure Boot enabled".
  'system.kernel': 'kernel {{version}}',
  'system.container': 'container',
  'system.secureBootEnabled': 'Secure Boot enabled',
  'system.secureBootDisabled': 'Secure Boot disabled',
  'system.cpu': 'CPU: {{model}}, {{threads}} threads, {{memory}} RAM',
  'system.freeDisk': 'Free disk: {{disks}}',

  'list.separator': ', ',

  'gpus.none': 'none found',
  'gpus.notCounted': '(not counted: {{adapters}})',
  'gpu.mig': ' (MIG, {{count}} instances)',
  'gpu.vgpu': ' (vGPU)',
  'gpu.sharedMemory': 'shared',
  'gpuTable.vendor': 'Vendor',
  'gpuTable.name': 'Name',
  'gpuTable.memory': 'Memory',
  'gpuTable.computeCapability': 'Compute cap.',
  'gpuTable.architecture': 'Architecture',

  'driver.line': 'Driver: {{driver}}',
  'driver.openModule': '{{version}} (open kernel module)',
  'driver.proprietaryModule': '{{version}} (proprietary kernel module)',
  'driver.notInstalled': 'not installed',

  'toolkitTable.toolkit': 'Toolkit',
  'toolkitTable.path': 'Path',
  'toolkitTable.active': 'Active',
  'toolkitTable.nvccRuns': 'nvcc runs',
  'cudnnTable.where': 'Where',
  'cudnnTable.foundBy': 'Found by',
  'cudnn.none': 'cuDNN: none found',

  'pythonTable.version': 'Version',
  'pythonTable.kind': 'Kind',
  'pythonTable.path': 'Path',
  'pythonTable.frameworks': 'Frameworks',

  yes: 'yes',
  no: 'no',

  'severity.error': 'error',
  'severity.warning': 'warning',
  'severity.info': 'info',

  detectedIn: 'Detected in {{ms}} ms.',
} as const;
