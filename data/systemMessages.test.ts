import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, SYSTEM_MESSAGES_CAPTURE, systemMessagesTable } from '../scripts/generateSystemMessages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const table = JSON.parse(readFileSync(path.join(root, 'data/system-messages.json'), 'utf8')) as ReturnType<typeof systemMessagesTable>;
const said = (msgid: string, lang: string) => table.messages.find((message) => message.msgid === msgid)?.translations.find((row) => row.lang === lang)?.text;

describe('data/system-messages.json', () => {
  it("is what its capture of glibc's and apt's catalogs gives (node scripts/generateSystemMessages.mjs rewrites it)", () => {
    expect(table).toEqual(systemMessagesTable(readFileSync(path.join(root, SYSTEM_MESSAGES_CAPTURE), 'utf8')));
  });

  it('has every message asked for, from the three packages, each in several languages (the lock held by a named process in 6)', () => {
    expect(table.sources.map((source) => source.package)).toEqual(['libc-l10n', 'libapt-pkg6.0', 'apt']);
    expect(table.messages.map((message) => message.msgid).sort()).toEqual(CATALOG_MESSAGES.flatMap((entry) => entry.msgids).sort());
    for (const message of table.messages) expect(message.translations.length, message.msgid).toBeGreaterThanOrEqual(6);
  });

  // Read off the same .deb files with gettext's msgunfmt before the generator was written.
  it.each([
    ['cannot open shared object file', 'zh_CN', '无法打开共享对象文件'],
    ['cannot open shared object file', 'zh_TW', '無法開啟共用物件'],
    ['cannot open shared object file', 'fr', "Ne peut ouvrir le fichier d'objet partagé"],
    ['cannot open shared object file', 'ja', '共有オブジェクトファイルを開けません'],
    ['No such file or directory', 'zh_CN', '没有那个文件或目录'],
    ['No such file or directory', 'es', 'No existe el fichero o el directorio'],
    ['error while loading shared libraries', 'zh_CN', '载入共享库时出错'],
    ['No space left on device', 'zh_CN', '设备上没有空间'],
    ['Could not get lock %s. It is held by process %d (%s)', 'zh_CN', '无法获得锁 %s。锁正由进程 %d（%s）持有'],
    ['Unable to locate package %s', 'zh_CN', '无法定位软件包 %s'],
  ])('%j in %s: %j', (msgid, lang, text) => {
    expect(said(msgid, lang)).toBe(text);
  });
});
