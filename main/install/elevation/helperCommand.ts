import path from 'node:path';
import { packageRoot } from '../../appPaths.js';
import type { ElevationMode } from './chooseElevationMode.js';

/** Where the compiled helper entry lives; DLSETUP_HELPER_ENTRY points tests at a bundle built from source. */
export function helperEntryPath(): string {
  return process.env.DLSETUP_HELPER_ENTRY ?? path.join(packageRoot, 'dist', 'main', 'install', 'elevation', 'elevatedHelper.js');
}

/** The flag that turns the desktop app's own binary into the elevated helper (release builds cannot run as plain Node). */
export const ELEVATED_HELPER_FLAG = '--dlsetup-elevated-helper';

/** What runs the helper: Node (the CLI, tests) or the Electron binary of the desktop app. */
export type HelperRuntime = 'node' | 'electron';

/**
 * The helper program itself, without anything that elevates it. Under Electron the RunAsNode fuse is off, so the
 * app's binary starts itself in helper mode (headless on Linux: pkexec strips DISPLAY); under Node it runs the
 * compiled entry.
 */
export function helperCommand(
  entry = helperEntryPath(),
  platform: NodeJS.Platform = process.platform,
  runtime: HelperRuntime = process.versions.electron ? 'electron' : 'node',
): string[] {
  if (runtime === 'node') return [process.execPath, entry];
  if (platform !== 'linux') return [process.execPath, ELEVATED_HELPER_FLAG];
  // Chromium aborts as root unless this is on the command line (app.commandLine is read too late); helper mode opens no renderer.
  return [process.execPath, '--no-sandbox', '--ozone-platform=headless', ELEVATED_HELPER_FLAG];
}

/** The argv that starts the helper through pkexec or sudo (its stdin/stdout become the JSON-line channel). */
export function helperArgv(mode: Exclude<ElevationMode, 'direct' | 'uac'>, helper = helperCommand()): string[] {
  if (mode === 'pkexec') return ['pkexec', ...helper];
  if (mode === 'sudo') return ['sudo', '--', ...helper];
  return ['sudo', '-n', '--', ...helper];
}
