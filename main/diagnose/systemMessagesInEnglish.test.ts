/*
 * The loader, the C library and apt in the user's language (issue 31, item 3). The expected readings were written from
 * the programs' own catalogs first (data/system-messages.json, from Debian bookworm's libc-l10n, libapt-pkg6.0 and apt):
 * every language glibc translates says "libcudart.so.11.0: <cannot open shared object file>: <No such file or directory>".
 */
import { describe, expect, it } from 'vitest';
import { loadDataTable } from '../data/loadDataTable.js';
import { systemMessagesTableSchema } from '../../shared/data/systemMessagesSchema.js';
import { diagnoseText } from './diagnoseText.js';
import { systemMessagesInEnglish } from './systemMessagesInEnglish.js';

const table = loadDataTable('system-messages', systemMessagesTableSchema);
const translations = (msgid: string) => new Map(table.messages.find((message) => message.msgid === msgid)!.translations.map((row) => [row.lang, row.text]));
const cannotOpen = translations('cannot open shared object file');
const noSuchFile = translations('No such file or directory');
const heldBy = translations('Could not get lock %s. It is held by process %d (%s)');
const noSpace = translations('No space left on device');
const noLock = translations('Could not get lock %s');
const fill = (format: string, ...values: string[]) => values.reduce((text, value) => text.replace(/%[sd]/, value), format);

describe('Troubleshoot reads the loader, the C library and apt in every language they speak', () => {
  it.each([...cannotOpen.keys()].filter((lang) => noSuchFile.has(lang)))('a missing libcudart in %s: the CUDA runtime family, quoted as pasted', (lang) => {
    const line = `ImportError: libcudart.so.11.0: ${cannotOpen.get(lang)}: ${noSuchFile.get(lang)}`;
    const [first] = diagnoseText(`Traceback (most recent call last):\n  File "train.py", line 1, in <module>\n    import tensorflow\n${line}`).diagnoses;
    expect(first?.code).toBe('CUDA_LIB_MISSING');
    expect(first?.title).toBe('CUDA 11 library libcudart.so.11.0 is missing');
    expect(first?.evidence?.text).toBe(line);
  });

  it.each([...heldBy.keys()])("apt's lock held by another process in %s: APT_LOCKED with the process named", (lang) => {
    const line = `E: ${fill(heldBy.get(lang)!, '/var/lib/dpkg/lock-frontend', '2741', 'unattended-upgr')}`;
    const [first] = diagnoseText(`$ sudo apt install nvidia-driver-550\n${line}`).diagnoses;
    expect(first?.code).toBe('APT_LOCKED');
    expect(first?.evidence?.text).toBe(line);
  });

  it.each([...noLock.keys()])("apt's lock in %s, where only its first half is translated: APT_LOCKED", (lang) => {
    expect(diagnoseText(`E: ${fill(noLock.get(lang)!, '/var/lib/dpkg/lock-frontend')}. It is held by process 2741 (unattended-upgr)`).diagnoses[0]?.code).toBe('APT_LOCKED');
  });

  it.each([...noSpace.keys()])('a full disk in %s (tar while unpacking a wheel): DISK_FULL', (lang) => {
    expect(diagnoseText(`tar: torch/lib/libtorch_cuda.so: Cannot write: ${noSpace.get(lang)}`).diagnoses[0]?.code).toBe('DISK_FULL');
  });

  it('speaks Chinese in Chinese: the zh-CN diagnosis of a zh_CN loader line names the library', () => {
    const [first] = diagnoseText('OSError: libcudnn.so.8: 无法打开共享对象文件: 没有那个文件或目录', { locale: 'zh-CN' }).diagnoses;
    expect(first?.code).toBe('CUDNN_LIB_MISSING');
    expect(first?.title).toContain('libcudnn.so.8');
  });

  it("apt's other words: the running kernel's headers package it cannot find, in Chinese", () => {
    expect(diagnoseText('E: 无法定位软件包 linux-headers-6.1.0-kali7-amd64').diagnoses[0]?.code).toBe('KERNEL_HEADERS_MISSING');
  });

  it('leaves English, other text and long logs as they are; lines stay where they were', () => {
    const english = 'ImportError: libcudart.so.11.0: cannot open shared object file: No such file or directory';
    expect(systemMessagesInEnglish(english)).toBe(english);
    expect(systemMessagesInEnglish('训练开始\n第二行：没有那个文件或目录\n第三行')).toBe('训练开始\n第二行：No such file or directory\n第三行');
    const long = `${'x'.repeat(1_000_001)}\n无法打开共享对象文件`;
    expect(systemMessagesInEnglish(long)).toBe(long);
  });
});
