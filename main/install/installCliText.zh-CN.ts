import type { Translation } from '../../shared/i18n/localize.js';
import type { installCliTextEn } from './installCliText.en.js';

/** What `dlsetup install` prints around the engine's sentences, in Simplified Chinese. */
export const installCliTextZhCN: Translation<typeof installCliTextEn> = {
  'dryRun.headerOne': '演练模式：共 1 个步骤，不会做任何更改。标有 {{mark}} 的行以管理员身份运行（整个安装只需输入一次密码）。',
  'dryRun.headerMany': '演练模式：共 {{count}} 个步骤，不会做任何更改。标有 {{mark}} 的行以管理员身份运行（整个安装只需输入一次密码）。',
  'dryRun.blocked': '此计划受阻，无法执行：{{blockers}}',
  'dryRun.step': '{{number}}. {{title}} [{{kind}}]',
  'dryRun.stepAsRoot': '{{number}}. {{title}} [{{kind}}，需管理员权限]',
  'dryRun.skippedWhenDone': '（如已完成则跳过）',
  'dryRun.rootMark': '[管理员]',
  'dryRun.cannotRun': '✗ 无法执行：{{message}}',

  'progress.starting': '开始安装 {{runId}}（共 {{count}} 个步骤）',
  'progress.resuming': '继续安装 {{runId}}（共 {{count}} 个步骤）',
  'progress.eta': '剩余 {{seconds}} 秒',
  'progress.withMessage': '{{status}}：{{message}}',
  'progress.runFinished': '安装 {{runId}} {{state}}',

  'stepState.pending': '等待中',
  'stepState.running': '进行中',
  'stepState.skipped': '已跳过',
  'stepState.succeeded': '完成',
  'stepState.failed': '失败',
  'stepState.cancelled': '已取消',
  'stepState.needs-reboot': '需要重启',

  'runState.running': '进行中',
  'runState.succeeded': '已完成',
  'runState.failed': '失败',
  'runState.cancelled': '已取消',
  'runState.needs-reboot': '需要重启',
  'runState.interrupted': '已中断',
};
