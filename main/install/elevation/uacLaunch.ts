/**
 * Starts the elevated helper through Windows UAC: Windows PowerShell's `Start-Process -Verb RunAs` (ShellExecute
 * "runas") shows the consent prompt and returns once the elevated process started, or fails when it was declined.
 * The script travels as -EncodedCommand (UTF-16LE base64), so no shell or command-line parser ever sees it as text;
 * inside it every value is a single-quoted PowerShell literal.
 */
import path from 'node:path';
import { DlsetupError } from '../../../shared/errors.js';
import { errorText } from '../../../shared/errorText.js';
import { powershellLiteral } from '../../../shared/quote/powershell.js';
import { windowsArgument } from '../../../shared/quote/windowsArgument.js';
import { runCommand } from '../../system/runCommand.js';

// The two quoting functions live with the other output languages' (shared/quote); kept importable from here.
export { powershellLiteral, windowsArgument };

/** What the launch script exits with when the user declined the prompt (Win32 ERROR_CANCELLED). */
export const UAC_CANCELLED_EXIT = 1223;

/** How long the consent prompt may wait for an answer before the install gives up. */
export const UAC_ANSWER_TIMEOUT_MS = 15 * 60_000;

/**
 * The PowerShell script that starts `file args…` elevated. Start-Process joins -ArgumentList with spaces into the new
 * process's command line, so each element is a Windows-quoted argument wrapped in a PowerShell literal.
 */
export function uacLaunchScript(file: string, args: readonly string[]): string {
  // Start-Process resolves -FilePath as a path that may hold wildcards; DL Setup's own binary never should.
  if (/[[\]*?]/.test(file)) {
    throw errorText.error('ELEVATION_DENIED', 'uac.wildcardFolder', { file });
  }
  const argumentList = args.length ? ` -ArgumentList ${args.map((arg) => powershellLiteral(windowsArgument(arg))).join(',')}` : '';
  return [
    "$ErrorActionPreference = 'Stop'",
    'try {',
    `  $helper = Start-Process -FilePath ${powershellLiteral(file)}${argumentList} -Verb RunAs -WindowStyle Hidden -PassThru`,
    '  [Console]::Out.WriteLine($helper.Id)',
    '} catch {',
    '  [Console]::Error.WriteLine($_.Exception.Message)',
    '  $cause = $_.Exception',
    '  while ($cause) {',
    `    if ($cause.NativeErrorCode -eq ${UAC_CANCELLED_EXIT}) { exit ${UAC_CANCELLED_EXIT} }`,
    '    $cause = $cause.InnerException',
    '  }',
    '  exit 1',
    '}',
    'exit 0',
  ].join('\n');
}

/** Windows PowerShell by its full path (a powershell.exe earlier on PATH must not be the one asked to elevate). */
export function windowsPowerShellPath(systemRoot = process.env.SystemRoot ?? 'C:\\Windows'): string {
  return path.win32.join(systemRoot, 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe');
}

/** The argv that runs the launch script: no profile, no prompts, the script base64-encoded (UTF-16LE as PowerShell wants). */
export function uacLaunchArgv(file: string, args: readonly string[], systemRoot?: string): string[] {
  const encoded = Buffer.from(uacLaunchScript(file, args), 'utf16le').toString('base64');
  return [windowsPowerShellPath(systemRoot), '-NoLogo', '-NoProfile', '-NonInteractive', '-EncodedCommand', encoded];
}

/** What a failed launch means for the person at the keyboard. */
export function uacLaunchFailure(exitCode: number, stderr: string): DlsetupError {
  const detail = stderr.trim().slice(-2000);
  if (exitCode === UAC_CANCELLED_EXIT || /cancell?ed by the user/i.test(stderr)) {
    return errorText.error('ELEVATION_DENIED', 'uac.declined', undefined, { detail: detail || `PowerShell exited with ${exitCode}` });
  }
  return errorText.error('ELEVATION_DENIED', 'uac.couldNotStart', { exitCode }, { detail });
}

/** Starts `helper` (argv) elevated through the UAC prompt; resolves once it runs, throws ELEVATION_DENIED otherwise. */
export async function launchWithUac(helper: readonly string[]): Promise<void> {
  const [file, ...args] = helper;
  if (!file) throw errorText.error('INTERNAL', 'uac.noHelper');
  let result;
  try {
    result = await runCommand(uacLaunchArgv(file, args), { timeoutMs: UAC_ANSWER_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof DlsetupError && error.code === 'TIMEOUT') {
      throw errorText.error('ELEVATION_DENIED', 'uac.notAnswered', undefined, { cause: error });
    }
    if (error instanceof DlsetupError && error.code === 'COMMAND_NOT_FOUND') {
      throw errorText.error('ELEVATION_DENIED', 'uac.noPowerShell', undefined, { cause: error, detail: error.message });
    }
    throw error;
  }
  if (result.exitCode !== 0) throw uacLaunchFailure(result.exitCode, result.stderr);
}
