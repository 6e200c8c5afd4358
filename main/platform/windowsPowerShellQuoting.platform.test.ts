import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { powershellLiteral, windowsArgument } from '../install/elevation/uacLaunch.js';

// Live Windows only (CI's windows-2022 runner; scripts/platformTests.mjs): the real PowerShell and the real
// CommandLineToArgvW read back exactly what the UAC launch quoted, for strings an attacker would choose.
const HOSTILE = [
  '', ' ', 'two words', "it's", "'; Remove-Item -Recurse C:\\ ; '", "''", '\u2019; Start-Process calc; \u2018', '$(Start-Process calc)',
  '${env:PATH}', '`n`r`0', '@(1,2)', '"', '""', '\\"', '\\\\"', 'C:\\Program Files\\DL Setup\\', 'C:\\trailing\\\\', '" & calc.exe & "',
  'a\tb', 'line1\nline2\r\n', '%PATH% ^& | < > !x!', '; exit 0 #', '-Verb RunAs -FilePath evil.exe', 'élan 数据 😀', '\u2028\u2029', '*?[a]',
];

function powershell(script: string): string {
  const encoded = Buffer.from(script, 'utf16le').toString('base64');
  return execFileSync('powershell.exe', ['-NoLogo', '-NoProfile', '-NonInteractive', '-EncodedCommand', encoded], { encoding: 'utf8' });
}

describe.skipIf(process.platform !== 'win32')("the UAC launch's quoting on real Windows", () => {
  it('a PowerShell literal is read back byte for byte', () => {
    const lines = HOSTILE.map((value) => `[BitConverter]::ToString([Text.Encoding]::UTF8.GetBytes(${powershellLiteral(value)}))`);
    const printed = powershell(lines.join('\n')).split(/\r?\n/).slice(0, HOSTILE.length);
    const expected = HOSTILE.map((value) => [...Buffer.from(value, 'utf8')].map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join('-'));
    expect(printed).toEqual(expected);
  }, 60_000);

  it('Start-Process -ArgumentList hands the started program exactly these arguments', () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'dlsetup-uac-')), 'argv.json');
    const args = ['-e', 'process.stdout.write(JSON.stringify(process.argv.slice(1)))', ...HOSTILE];
    const argumentList = args.map((arg) => powershellLiteral(windowsArgument(arg))).join(',');
    powershell(`Start-Process -FilePath ${powershellLiteral(process.execPath)} -ArgumentList ${argumentList} -Wait -NoNewWindow -RedirectStandardOutput ${powershellLiteral(out)}`);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(HOSTILE);
  }, 60_000);
});
