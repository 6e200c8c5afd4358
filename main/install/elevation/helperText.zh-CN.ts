import type { Translation } from '../../../shared/i18n/localize.js';
import type { helperTextEn } from './helperText.en.js';

/** 管理员助手拒绝或保留某项时说的话（简体中文）。 */
export const helperTextZhCN: Translation<typeof helperTextEn> = {
  'helper.notJson': '提权助手拒绝了：这一行不是 JSON 描述符。',
  'helper.badHello': '提权助手拒绝了：hello 无效（协议版本或运行 ID 不对）。',
  'helper.noRequestId': '提权助手拒绝了：描述符缺少请求 ID。',
  'helper.unknownType': '提权助手拒绝了：未知的描述符类型 "{{type}}"。',
  'helper.extraField': '提权助手拒绝了：{{type}} 描述符中没有 "{{field}}" 这一字段。',
  'helper.noHello': '提权助手拒绝了：尚未收到 hello。',
  'helper.otherRun': '提权助手拒绝了：它服务的是运行 {{runId}}，而不是 "{{other}}"。',
  'helper.kindNotElevated': '提权助手拒绝了：类型为 "{{kind}}" 的步骤不允许以管理员身份运行。',
  'helper.badStepId': '提权助手拒绝了：步骤 ID 无效。',
  'helper.noRootNeeded': '提权助手拒绝了：这个 {{kind}} 步骤不需要 root 权限，因此不会获得它。',
  'helper.paramsNotObject': '提权助手拒绝了：{{kind}} 步骤的 params 必须是一个对象。',
  'helper.fieldNotTaken': '提权助手不接受 {{kind}} 步骤中的 "{{field}}"：软件包名、下载地址和校验值都由它按方案中的版本从 DL Setup 自带的数据中查出。',
  'helper.stepRefused': '提权助手拒绝了：{{reason}}',
  'helper.notManagedFile': '提权助手拒绝了：{{path}} 不是 DL Setup 管理的文件。',
  'helper.badBackup': '提权助手拒绝了：备份 {{backup}} 不在 {{root}} 中。',
  'helper.badMode': '提权助手拒绝了：文件权限无效。',
  'helper.notRemovableDir': '提权助手拒绝了：{{path}} 不是 DL Setup 可以删除的文件夹（允许的位置：{{roots}}）。',
  'helper.onlyApt': '提权助手拒绝了：以 root 身份只会删除 apt 软件包。',
  'helper.badPackage': '提权助手拒绝了：{{name}} 不是有效的软件包名。',
  'helper.onlyCudaAlternative': '提权助手拒绝了：只管理 /usr/local/cuda-X.Y 目录之间的 "cuda" 替代项。',
  'helper.noPipAsRoot': '提权助手拒绝了：pip 的改动绝不以 root 身份撤销。',
  'helper.unknownChange': '提权助手拒绝了：未知类型的改动 "{{type}}"。',
  'helper.journalDamaged': '提权助手自己的运行 {{runId}} 日志（{{file}}）中有损坏的行，因此没有撤销任何内容。',
  'helper.keptPackages': '已保留 {{packages}}：回滚只删除提权助手自己安装的 NVIDIA 驱动、CUDA 和 cuDNN 软件包。',
  'helper.notRecorded': '未撤销：提权助手自己的日志中没有这项改动（{{change}}）的记录。',
};
