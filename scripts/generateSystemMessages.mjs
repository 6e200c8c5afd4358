#!/usr/bin/env node
// Writes data/system-messages.json: what the dynamic loader and the C library (glibc) and apt print in every language
// they are translated to, so Troubleshoot reads "libcudart.so.11.0: 无法打开共享对象文件" or "无法获得锁" as it reads
// the English. Two steps:
//   node scripts/generateSystemMessages.mjs --capture   downloads Debian's packages that carry the catalogs (apt-get
//                                                      download), reads the messages below from every language's .mo
//                                                      into data/sources/system-messages/catalogs.tsv
//   node scripts/generateSystemMessages.mjs             writes the table from that capture (data/systemMessages.test.ts
//                                                      fails when they disagree)
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { moTranslation } from './generateShellMessages.mjs';

export const SYSTEM_MESSAGES_FILE = 'data/system-messages.json';
export const SYSTEM_MESSAGES_CAPTURE = 'data/sources/system-messages/catalogs.tsv';

/** The messages Troubleshoot's families are written in, by the Debian package whose catalogs translate them. */
export const CATALOG_MESSAGES = [
  {
    package: 'libc-l10n',
    domain: 'libc',
    msgids: ['cannot open shared object file', 'error while loading shared libraries', 'No such file or directory', 'No space left on device', 'Operation not permitted', 'Permission denied'],
  },
  {
    package: 'libapt-pkg6.0',
    domain: 'libapt-pkg6.0',
    msgids: [
      'Could not get lock %s',
      'Could not get lock %s. It is held by process %d',
      'Could not get lock %s. It is held by process %d (%s)',
      'Unable to acquire the dpkg frontend lock (%s), is another process using it?',
      'Waiting for cache lock: %s',
    ],
  },
  { package: 'apt', domain: 'apt', msgids: ['Unable to locate package %s', "Package '%s' has no installation candidate"] },
];

/** One package's catalogs: its version, the .deb's sha256, and every language's msgstr of the messages asked. */
function capturePackage(work, { package: name, domain, msgids }) {
  execFileSync('apt-get', ['download', name], { cwd: work, stdio: 'pipe' });
  const deb = readdirSync(work).find((file) => file.startsWith(`${name}_`) && file.endsWith('.deb'));
  const bytes = readFileSync(path.join(work, deb));
  const tree = path.join(work, name);
  execFileSync('dpkg-deb', ['-x', path.join(work, deb), tree]);
  const version = execFileSync('dpkg-deb', ['-f', path.join(work, deb), 'Version'], { encoding: 'utf8' }).trim();
  const lines = [`# ${name} ${version} sha256 ${createHash('sha256').update(bytes).digest('hex')}`];
  const locales = path.join(tree, 'usr', 'share', 'locale');
  for (const lang of readdirSync(locales).sort()) {
    const file = path.join(locales, lang, 'LC_MESSAGES', `${domain}.mo`);
    if (!existsSync(file)) continue;
    const catalog = readFileSync(file);
    for (const msgid of msgids) {
      const message = moTranslation(catalog, msgid);
      if (message && message !== msgid) lines.push([name, domain, lang, JSON.stringify(msgid), JSON.stringify(message)].join('\t'));
    }
  }
  return lines;
}

function capture() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-catalogs-'));
  try {
    const lines = [`# Debian bookworm's catalogs (/usr/share/locale/<lang>/LC_MESSAGES/<domain>.mo inside each .deb), read ${new Date().toISOString().slice(0, 10)}`];
    for (const entry of CATALOG_MESSAGES) lines.push(...capturePackage(work, entry));
    return `${lines.join('\n')}\n`;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The table from the capture: each message with its translations, and the packages they were read from. */
export function systemMessagesTable(captureText) {
  const [header, ...rest] = captureText.trim().split('\n');
  const reviewedAt = /read (\d{4}-\d{2}-\d{2})$/.exec(header)[1];
  const sources = [];
  const messages = [];
  for (const line of rest) {
    const package_ = /^# (\S+) (\S+) sha256 ([0-9a-f]{64})$/.exec(line);
    if (package_) {
      sources.push({ package: package_[1], version: package_[2], sha256: package_[3] });
      continue;
    }
    const [name, domain, lang, msgid, message] = line.split('\t');
    const english = JSON.parse(msgid);
    let row = messages.find((candidate) => candidate.domain === domain && candidate.msgid === english);
    if (!row) messages.push((row = { domain, msgid: english, package: name, translations: [] }));
    row.translations.push({ lang, text: JSON.parse(message) });
  }
  return {
    reviewedAt,
    note: `The C library's, the dynamic loader's and apt's own translations of the messages Troubleshoot's families are written in (printf directives such as %s stand for values), generated by scripts/generateSystemMessages.mjs from ${SYSTEM_MESSAGES_CAPTURE}. These programs print them in the user's language; Troubleshoot reads each back as its English.`,
    sources,
    messages,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (process.argv.includes('--capture')) writeFileSync(path.join(root, SYSTEM_MESSAGES_CAPTURE), capture());
  const table = systemMessagesTable(readFileSync(path.join(root, SYSTEM_MESSAGES_CAPTURE), 'utf8'));
  writeFileSync(path.join(root, SYSTEM_MESSAGES_FILE), `${JSON.stringify(table, null, 2)}\n`);
  const translations = table.messages.reduce((sum, message) => sum + message.translations.length, 0);
  console.log(`${SYSTEM_MESSAGES_FILE}: ${table.messages.length} messages, ${translations} translations`);
}
