import type { Translation } from '../../shared/i18n/localize.js';
import type { cliTextEn } from './cliText.en.js';

/** The lines the `dlsetup` commands print themselves, in Simplified Chinese. */
export const cliTextZhCN: Translation<typeof cliTextEn> = {
  'verify.reportSaved': '报告已保存：{{path}}',
  'verify.noEarlierReport': '没有可供比较的早期报告：这是保存下来的第一份报告。',

  'planFile.cannotRead': '无法读取计划文件“{{file}}”。可以这样生成：dlsetup plan --framework pytorch --json > plan.json',
  'planFile.notAPlan': '“{{file}}”不是 DL Setup 计划文件（可用 dlsetup plan --json 生成）。',
  'install.planBlocked': '此计划受阻，无法执行：{{blockers}}',
  'install.beforeYouStart': '开始之前请注意：{{notice}}',
  'install.confirm': '要执行这些步骤吗？',
  'install.nothingChanged': '没有做任何更改。',
  'install.succeeded': '安装完成（运行 ID {{runId}}）。下一步：dlsetup verify',
  'install.needsReboot': '请重启计算机，然后用以下命令继续：dlsetup install --resume {{runId}}',
  'install.cancelled': '安装已取消{{detail}}（运行 ID {{runId}}）。',
  'install.failed': '安装失败{{detail}}（运行 ID {{runId}}）。',
  'install.errorDetail': '：{{message}}',
  'install.whatNext': '撤销本次更改：dlsetup rollback {{runId}}   继续本次运行：dlsetup install --resume {{runId}}',

  'rollback.wouldUndo': '回滚运行 {{runId}} 会执行以下操作：',
  'rollback.willUndo': '即将回滚运行 {{runId}}，执行以下操作：',
  'rollback.adminMark': '[需管理员权限]',
  'rollback.nothingElseTouched': '这台计算机上的其他内容都不会被改动。',
  'rollback.nothingLeft': '运行 {{runId}} 已没有需要撤销的更改。',
  'rollback.needsYes': '没有可用于确认的终端：加上 --yes 即可直接撤销。',
  'rollback.confirm': '要撤销这些更改吗？',
  'rollback.done': '已回滚运行 {{runId}}。',
  'rollback.withProblems': '回滚已结束，但有问题：',

  'failure.whereToLook': '日志：{{logFile}}；运行记录：{{journal}}',
  'failure.log': '日志：{{logFile}}',
  'data.allFresh': '全部 {{total}} 个数据表都在最近 {{days}} 天内复核过（今天是 {{today}}）。',
  'data.stale': '{{total}} 个数据表中有 {{count}} 个上次复核已超过 {{days}} 天（今天是 {{today}}）。请重新阅读它们的来源，并按 data/README.md 的说明更新：',
  'data.staleTable': '{{table}}：复核于 {{reviewedAt}}，已过 {{age}} 天',
  'data.neverReviewed': '{{table}}：没有复核日期',
  'data.noSources': '（此表没有来源链接；见 data/sources/compat-facts.json）',
};
