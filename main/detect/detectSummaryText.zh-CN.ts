import type { Translation } from '../../shared/i18n/localize.js';
import type { detectSummaryTextEn } from './detectSummaryText.en.js';

/** The labels of the `dlsetup detect` summary, in Simplified Chinese. */
export const detectSummaryTextZhCN: Translation<typeof detectSummaryTextEn> = {
  'section.system': '系统',
  'section.gpus': 'GPU（{{count}} 个）',
  'section.nvidia': 'NVIDIA 驱动与 CUDA',
  'section.python': 'Python 环境（{{count}} 个）',
  'section.findings': '检测发现',
  'section.warnings': '警告',

  'system.kernel': '内核 {{version}}',
  'system.container': '容器',
  'system.secureBootEnabled': 'Secure Boot 已开启',
  'system.secureBootDisabled': 'Secure Boot 已关闭',
  'system.cpu': 'CPU：{{model}}，{{threads}} 个线程，内存 {{memory}}',
  'system.freeDisk': '可用磁盘空间：{{disks}}',

  'list.separator': '，',

  'gpus.none': '未找到',
  'gpus.notCounted': '（未计入：{{adapters}}）',
  'gpu.mig': '（MIG，{{count}} 个实例）',
  'gpu.vgpu': '（vGPU）',
  'gpu.sharedMemory': '共享内存',
  'gpuTable.vendor': '厂商',
  'gpuTable.name': '名称',
  'gpuTable.memory': '显存',
  'gpuTable.computeCapability': '计算能力',
  'gpuTable.architecture': '架构',

  'driver.line': '驱动：{{driver}}',
  'driver.openModule': '{{version}}（开源内核模块）',
  'driver.proprietaryModule': '{{version}}（闭源内核模块）',
  'driver.notInstalled': '未安装',

  'toolkitTable.toolkit': 'CUDA Toolkit',
  'toolkitTable.path': '路径',
  'toolkitTable.active': '当前使用',
  'toolkitTable.nvccRuns': 'nvcc 可运行',
  'cudnnTable.where': '位置',
  'cudnnTable.foundBy': '发现方式',
  'cudnn.none': 'cuDNN：未找到',

  'pythonTable.version': '版本',
  'pythonTable.kind': '类型',
  'pythonTable.path': '路径',
  'pythonTable.frameworks': '框架',

  yes: '是',
  no: '否',

  'severity.error': '错误',
  'severity.warning': '警告',
  'severity.info': '提示',

  detectedIn: '检测用时 {{ms}} 毫秒。',
};
