import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHELL_MESSAGES_CAPTURE, shellMessagesTable } from '../scripts/generateShellMessages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const table = JSON.parse(readFileSync(path.join(root, 'data/shell-messages.json'), 'utf8')) as ReturnType<typeof shellMessagesTable>;

describe('data/shell-messages.json', () => {
  it('is what its capture of bash\'s catalogs gives (node scripts/generateShellMessages.mjs rewrites it)', () => {
    expect(table).toEqual(shellMessagesTable(readFileSync(path.join(root, SHELL_MESSAGES_CAPTURE), 'utf8')));
  });

  // Read off Debian bash 5.2.15's catalogs with Python's gettext module before the generator was written.
  it.each([
    ['zh_CN', '%s: 未找到命令'],
    ['zh_TW', '%s：指令找不到'],
    ['de', '%s: Kommando nicht gefunden.'],
    ['fr', '%s\u00a0: commande introuvable'],
    ['ja', '%s: コマンドが見つかりません'],
    ['nb', 'fant ikke kommando %s'],
  ])('%s: %j', (lang, message) => {
    expect(table.commandNotFound.find((row) => row.lang === lang)?.message).toBe(message);
  });
});
