import type { Translation } from '../../shared/i18n/localize.js';
import type { detectTextEn } from './detectText.en.js';

/** The sentences `dlsetup detect` writes for people, in Simplified Chinese. */
export const detectTextZhCN: Translation<typeof detectTextEn> = {
  'probe.timedOut': '{{probe}} 探测未在 {{seconds}} 秒内完成，本报告缺少这部分信息。',
  'probe.failed': '{{probe}} 探测失败（{{error}}），本报告缺少这部分信息。',
  'probe.gpuSpecsMissing': '本报告缺少 GPU 规格数据：{{error}}',

  'tool.missing': '“{{tool}}”未安装，或不在 PATH 中。',
  'tool.timedOut': '“{{command}}”在 {{seconds}} 秒内没有响应，因此本报告缺少这项信息：{{purpose}}。',
  'tool.failed': '无法运行“{{command}}”（{{error}}），因此本报告缺少这项信息：{{purpose}}。',
  'tool.unreadable': '“{{command}}”以退出码 {{exitCode}} 结束，其输出 DL Setup 无法解读（“{{firstLine}}”），因此本报告缺少这项信息：{{purpose}}。',
  'tool.noOutput': '（无输出）',
  'file.unreadable': '{{path}} 存在但无法读取，因此本报告缺少这项信息：{{purpose}}。',

  'purpose.amdSmiDetails': 'amd-smi 提供的 AMD GPU 详情',
  'purpose.amdDetails': 'AMD GPU 详情',
  'purpose.amdGfxArch': 'AMD gfx 架构',
  'purpose.secureBoot': 'Secure Boot 状态',
  'purpose.linuxDistribution': 'Linux 发行版信息',
  'purpose.kernelVersion': '内核版本',
  'purpose.nouveauLoaded': 'nouveau 是否已加载',
  'purpose.pciNames': 'PCI 设备名称',
  'purpose.condaEnvs': '默认目录之外的 conda 环境',
  'purpose.python': '{{path}} 处的 Python',
  'purpose.cudnnLibraries': '加载器路径中的 cuDNN 库',
  'purpose.macGpu': 'Mac GPU 详情',
  'purpose.windowsAdapters': 'Windows 显示适配器信息',
  'purpose.nvidiaDetails': 'NVIDIA GPU 详情',
  'purpose.nvidiaModuleVersion': '已加载的 NVIDIA 模块版本',
  'purpose.nvidiaKernelModuleVersion': 'NVIDIA 内核模块版本',
  'purpose.nvccRuns': '{{path}} 中的 nvcc 能否运行',
  'purpose.nvccOnPath': 'PATH 中 nvcc 的版本',

  'finding.driverLibraryMismatch': '已加载的 NVIDIA 内核模块版本为 {{module}}，而驱动库版本为 {{library}}，这通常发生在驱动更新之后。请重启以加载新模块。',
  'finding.nvidiaDriverMissing': '已安装 NVIDIA GPU，但没有加载 NVIDIA 驱动；DL Setup 可以为你安装。',
  'finding.nouveauLoaded': '已加载开源的 nouveau 驱动；必须先禁用（加入黑名单）它，NVIDIA 驱动才能加载。',
  'finding.secureBootEnabled': 'Secure Boot 已开启：安装驱动时必须为 NVIDIA 内核模块签名并登记其密钥（MOK），否则模块无法加载。',
  'finding.wslDriverMissing': '这是 WSL2，但缺少 /usr/lib/wsl/lib：请在 Windows 上（而不是在 WSL 内）安装 NVIDIA 驱动，然后重启 WSL。',
  'finding.noGpuFound': '未找到 GPU；各框架只能在 CPU 上运行。',

  'nvidiaSmiError.driverNotLoaded':
    'nvidia-smi 无法与 NVIDIA 驱动通信：内核模块未加载。请安装驱动；如果刚装好，请重启；如果开启了 Secure Boot，请登记模块密钥；在容器内，请以 GPU 访问方式启动容器（--gpus all）。',
  'nvidiaSmiError.driverLibraryMismatch': 'NVIDIA 内核模块与用户态驱动库的版本不一致，这通常发生在驱动更新之后。请重启机器以加载新模块。',
  'nvidiaSmiError.noDevicesFound': 'NVIDIA 驱动已加载，但看不到任何 GPU。请检查显卡是否插好并已供电、是否被其他驱动（vfio、nouveau）占用；在虚拟机中，请确认已直通该显卡。',
  'nvidiaSmiError.gpuLost': 'GPU 已从总线上掉线（“GPU is lost”）。请重启以恢复；如果反复出现，请检查供电、散热和 PCIe 插槽。',
  'nvidiaSmiError.nvmlUnknownError':
    'nvidia-smi 报错“Unknown Error”。在容器内，这通常是宿主机执行了 systemd daemon-reload 所致（请重启容器）；否则请重启机器，并在内核日志（dmesg）中查找 NVRM 错误。',

  'cuda.toolkitInstalled': '已安装 CUDA Toolkit {{version}}，位于 {{path}}（nvcc）',
  'cuda.noToolkit': '未安装 CUDA Toolkit（没有 nvcc）',
  'cuda.driverSupports': '驱动 {{version}} 最高支持 CUDA {{cuda}}（nvidia-smi）',
  'cuda.driverWithoutCuda': '驱动 {{version}} 未报告其支持的 CUDA 版本',
  'cuda.toolkitWithoutDriver': '已安装 CUDA Toolkit {{version}}，位于 {{path}}（nvcc），但没有加载 NVIDIA 驱动：nvcc 可以编译，不过在安装驱动之前，任何程序都无法在 GPU 上运行。',
  'cuda.summaryNoDriver': '没有 NVIDIA 驱动：无从得知支持的 CUDA 版本；{{toolkit}}。',
  'cuda.summaryNoToolkit': '{{driver}}；未安装 CUDA Toolkit（没有 nvcc）——这没有问题：PyTorch、TensorFlow 和 JAX 的 wheel 自带 CUDA 运行时。',
  'cuda.summary': '{{driver}}；{{toolkit}}。',
  'cuda.summaryWithVerdict': '{{driver}}；{{toolkit}}。{{verdict}}',
  'cuda.toolkitNewerThanDriver': '{{driver}}，但{{toolkit}}。{{verdict}}',
  'cuda.verdictTooNew': '两者不匹配：Toolkit {{toolkitMajor}}.x 需要支持 CUDA {{toolkitMajor}} 的驱动；请更新驱动，或安装 Toolkit {{driverCuda}} 及更早版本。',
  'cuda.verdictMinorCompatible':
    '借助 CUDA 次版本兼容性，两者可以配合使用，但需要更新驱动的功能（以及由更新版 Toolkit 生成的 PTX）无法运行；换用支持 CUDA {{toolkitCuda}} 的驱动即可消除这一限制。',
  'cuda.verdictFits': '两者匹配：该驱动可以运行此 Toolkit 编译的任何程序。',
};
