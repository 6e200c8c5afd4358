import { afterEach, describe, expect, it } from 'vitest';
import { chooseElevationMode } from './chooseElevationMode.js';
import { connectBackArgs } from './connectBack.js';
import { parseStartProcess, readPowerShellLiteral, splitWindowsCommandLine } from '../../../testkit/elevation/windowsCommandLine.js';
import { UAC_CANCELLED_EXIT, launchWithUac, powershellLiteral, uacLaunchArgv, uacLaunchFailure, uacLaunchScript, windowsArgument } from './uacLaunch.js';

const HOSTILE = [
  '',
  ' ',
  'plain',
  'two words',
  "it's",
  "'; Remove-Item -Recurse -Force C:\\ ; '",
  "''",
  "'",
  '\u2019; Start-Process calc; \u2018',
  '\u201a\u201b\u2018\u2019',
  '$(Start-Process calc)',
  '${env:PATH}',
  '`n`r`0',
  '@(1,2)',
  '"',
  '""',
  '\\"',
  '\\\\"',
  'C:\\Program Files\\DL Setup\\',
  'C:\\trailing\\\\',
  '" & calc.exe & "',
  'a\tb',
  'line1\nline2\r\n',
  '%PATH% ^& | < > !x!',
  '; exit 0 #',
  '-Verb RunAs -FilePath evil.exe',
  'Start-Process -FilePath ',
  'élan 数据 😀',
  '--dlsetup-token=' + 'f'.repeat(64),
];

/** A small deterministic generator, so the random cases are the same on every run. */
function randomStrings(count: number, seed = 1234): string[] {
  const alphabet = ["'", '\u2018', '\u2019', '\u201a', '\u201b', '"', '\\', ' ', '\t', '\n', '$', '`', ';', ',', '(', ')', 'a', 'Z', 'é', '😀'];
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  return Array.from({ length: count }, () => Array.from({ length: next() % 12 }, () => alphabet[next() % alphabet.length]).join(''));
}

describe('quoting for the UAC launch', () => {
  it.each(HOSTILE)('a PowerShell literal reads back as exactly %j and ends where it should', (value) => {
    const literal = powershellLiteral(value);
    expect(readPowerShellLiteral(`${literal},'next'`, 0)).toEqual({ value, end: literal.length });
  });

  it('doubles every kind of single quote PowerShell knows, and nothing else', () => {
    expect(powershellLiteral("a'b")).toBe("'a''b'");
    expect(powershellLiteral('\u2018x\u2019')).toBe("'\u2018\u2018x\u2019\u2019'");
    expect(powershellLiteral('$x `y "z"')).toBe('\'$x `y "z"\'');
    expect(() => powershellLiteral('a\0b')).toThrow(/NUL/);
  });

  it('quotes Windows arguments so CommandLineToArgvW reads them back unchanged', () => {
    expect(windowsArgument('plain')).toBe('"plain"');
    expect(windowsArgument('')).toBe('""');
    expect(windowsArgument('say "hi"')).toBe('"say \\"hi\\""');
    expect(windowsArgument('C:\\dir\\')).toBe('"C:\\dir\\\\"');
    expect(windowsArgument('a\\b')).toBe('"a\\b"');
    expect(splitWindowsCommandLine(HOSTILE.map(windowsArgument).join(' '))).toEqual(HOSTILE);
    const random = randomStrings(500);
    expect(splitWindowsCommandLine(random.map(windowsArgument).join(' '))).toEqual(random);
  });

  it('builds a script whose Start-Process starts exactly the given program and arguments, whatever they contain', () => {
    const file = 'C:\\Program Files\\DL Setup\\DL Setup.exe';
    const benign = uacLaunchScript(file, ['--dlsetup-elevated-helper']);
    const benignStatement = parseStartProcess(benign).statement;
    for (const args of [HOSTILE, randomStrings(200, 99), ['--dlsetup-elevated-helper', ...connectBackArgs(49152, 'a'.repeat(64))]]) {
      const script = uacLaunchScript(file, args);
      const parsed = parseStartProcess(script);
      expect(parsed.file).toBe(file);
      expect(parsed.args).toEqual(args);
      // Outside the Start-Process statement the script is the same fixed text, whatever the arguments were.
      expect(script.slice(0, parsed.statement[0])).toBe(benign.slice(0, benignStatement[0]));
      expect(script.slice(parsed.statement[1])).toBe(benign.slice(benignStatement[1]));
    }
    for (const file of ["C:\\it's\\dl.exe", 'C:\\\u2019x\\dl.exe']) expect(parseStartProcess(uacLaunchScript(file, ['x'])).file).toBe(file);
  });

  it('stops on errors, reports the declined prompt as 1223, and prints the helper process id', () => {
    const script = uacLaunchScript('C:\\dl.exe', ['a']);
    expect(script.split('\n')[0]).toBe("$ErrorActionPreference = 'Stop'");
    expect(script).toContain("Start-Process -FilePath 'C:\\dl.exe' -ArgumentList '\"a\"' -Verb RunAs -WindowStyle Hidden -PassThru");
    expect(script).toContain(`if ($cause.NativeErrorCode -eq ${UAC_CANCELLED_EXIT}) { exit ${UAC_CANCELLED_EXIT} }`);
    expect(script).toContain('[Console]::Out.WriteLine($helper.Id)');
  });

  it('refuses a program path that Start-Process would read as a wildcard', () => {
    expect(() => uacLaunchScript('C:\\Apps[1]\\dl.exe', [])).toThrow(expect.objectContaining({ code: 'ELEVATION_DENIED' }));
  });
});

describe('the UAC launch command', () => {
  it('runs Windows PowerShell by its full path with the script base64-encoded as UTF-16LE', () => {
    const argv = uacLaunchArgv('C:\\dl.exe', ['--dlsetup-elevated-helper', "it's"], 'D:\\Win');
    expect(argv.slice(0, -1)).toEqual(['D:\\Win\\System32\\WindowsPowerShell\\v1.0\\powershell.exe', '-NoLogo', '-NoProfile', '-NonInteractive', '-EncodedCommand']);
    const script = Buffer.from(argv.at(-1)!, 'base64').toString('utf16le');
    expect(script).toBe(uacLaunchScript('C:\\dl.exe', ['--dlsetup-elevated-helper', "it's"]));
    expect(argv.at(-1)).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(uacLaunchArgv('C:\\dl.exe', [], undefined)[0]).toMatch(/\\System32\\WindowsPowerShell\\v1\.0\\powershell\.exe$/);
  });

  it('turns a declined prompt into ELEVATION_DENIED with a sentence a person can act on', () => {
    const declined = uacLaunchFailure(UAC_CANCELLED_EXIT, '');
    expect(declined).toMatchObject({ code: 'ELEVATION_DENIED', message: expect.stringMatching(/declined\. Nothing was changed\. Start the install again and choose Yes/) });
    // PowerShell's own words, in case the error code did not come through.
    expect(uacLaunchFailure(1, 'This command cannot be run due to the error: The operation was canceled by the user.').message).toMatch(/declined/);
    const other = uacLaunchFailure(1, 'This command cannot be run due to the error: The system cannot find the file specified.');
    expect(other).toMatchObject({ code: 'ELEVATION_DENIED', message: expect.stringMatching(/could not start .*PowerShell exited with 1.*Nothing was changed/) });
    expect(other.detail).toMatch(/cannot find the file/);
  });

  describe('without Windows PowerShell (this machine)', () => {
    const saved = process.env.SystemRoot;
    afterEach(() => {
      if (saved === undefined) delete process.env.SystemRoot;
      else process.env.SystemRoot = saved;
    });
    it('says PowerShell is missing instead of failing obscurely', async () => {
      process.env.SystemRoot = '/nonexistent-dlsetup-windows';
      await expect(launchWithUac(['C:\\dl.exe', 'x'])).rejects.toMatchObject({ code: 'ELEVATION_DENIED', message: expect.stringMatching(/PowerShell was not found/) });
    });
  });
});

describe('choosing UAC', () => {
  it('uses UAC on Windows for the GUI and the CLI, and pkexec/sudo elsewhere', () => {
    expect(chooseElevationMode('gui', false, 'win32')).toBe('uac');
    expect(chooseElevationMode('cli', true, 'win32')).toBe('uac');
    if (process.getuid?.() !== 0) {
      expect(chooseElevationMode('gui', false, 'linux')).toBe('pkexec');
      expect(chooseElevationMode('cli', true, 'linux')).toBe('sudo-noninteractive');
    }
  });
});
