import type { Translation } from '../../shared/i18n/localize.js';
import type { untrustedInputTextEn } from './untrustedInputText.en.js';

/** DL Setup 拒绝读取用户指定的文件、文本或输出路径的原因，简体中文。 */
export const untrustedInputTextZhCN: Translation<typeof untrustedInputTextEn> = {
  'file.notFound': '无法读取“{{file}}”：文件不存在。',
  'file.notReadable': '无法读取“{{file}}”：没有读取权限或无法读取（{{reason}}）。',
  'file.isFolder': '无法读取“{{file}}”：这是一个文件夹，不是文件。',
  'file.isFifo': '无法读取“{{file}}”：这是一个命名管道（FIFO），不是普通文件。',
  'file.isDevice': '无法读取“{{file}}”：这是一个设备，不是普通文件。',
  'file.isSocket': '无法读取“{{file}}”：这是一个套接字，不是普通文件。',
  'file.tooLarge': '无法读取“{{file}}”：文件超过 {{limit}} MB，这是 DL Setup 在此处读取的上限。',
  'file.binary': '无法读取“{{file}}”：这是二进制数据，不是文本。请提供日志，或保存为文本的工具输出。',
  'file.notUtf8': '无法读取“{{file}}”：它不是 UTF-8 文本。',
  'stdin.tooLarge': '通过管道输入的文本超过 {{limit}} MB，这是 DL Setup 读取的上限。',
  'text.binary': '这是二进制数据，不是文本：请粘贴报错信息或工具的输出。',
  'out.systemFolder': '无法写入“{{path}}”：它位于系统文件夹 {{root}} 内。请选择你自己的文件夹。',
  'out.itIsNotFolder': '无法写入“{{path}}”：它已存在且不是文件夹。请指定一个新文件夹或已有的文件夹。',
  'out.notFolder': '无法写入“{{path}}”：“{{existing}}” 已存在且不是文件夹。请指定一个新文件夹或已有的文件夹。',
  'out.linkInside': '无法写入“{{path}}”：“{{existing}}” 是符号链接；DL Setup 不会通过输出文件夹内的链接写入。',
  'out.notFile': '无法写入“{{path}}”：它已存在且不是普通文件。',
  'out.cannotWrite': '无法写入“{{path}}”：{{reason}}。',
};
