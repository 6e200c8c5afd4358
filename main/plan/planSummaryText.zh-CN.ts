import type { Translation } from '../../shared/i18n/localize.js';
import type { planSummaryTextEn } from './planSummaryText.en.js';

/** The labels of the `dlsetup plan` text output, in Simplified Chinese. */
export const planSummaryTextZhCN: Translation<typeof planSummaryTextEn> = {
  title: 'DL Setup 安装计划：{{framework}}',
  status: '状态：{{status}}',
  method: '方式：{{method}}',
  'status.ok': '可行',
  'status.blocked': '受阻',

  'table.component': '组件',
  'table.action': '操作',
  'table.version': '版本',
  'component.driver': '驱动',

  'action.install': '安装',
  'action.upgrade': '升级',
  'action.keep': '保留',
  'action.bundled': '随附',
  'action.none': '无',

  'gpu.computeCapability': '{{name}}（计算能力 {{cc}}）',
  'gpu.gfxArch': '{{name}}（{{arch}}）',
  'gpu.none': '无',
  'driver.keep': '{{current}}（需要 {{minimum}} 或更新版本）',
  'driver.unused': '{{current}}（此版本用不到驱动）',
  'driver.change': '{{target}} 或更新版本（需要 {{minimum}} 或更新版本）',
  notNeeded: '不需要',
  'toolkit.bundled': '不需要：wheel 包已自带 CUDA {{cuda}}',

  'section.steps': '步骤',
  'step.admin': '[需管理员权限]',
  'section.download': '下载量',
  'download.about': '约 {{size}}',
  'download.unknown': '（大小未知，未计入：{{components}}）',
  'section.why': '原因',
  'section.warnings': '警告',
  'section.blocked': '无法执行',
  nearestRequest: '最接近的可行请求：{{command}}',
  dataReviewed: '兼容性数据审核日期：{{date}}。',
};
