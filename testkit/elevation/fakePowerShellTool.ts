import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../../main/appPaths.js';
import { windowsPowerShellPath } from '../../main/install/elevation/uacLaunch.js';

/**
 * Puts the fake PowerShell (fakePowerShell.ts, bundled) into `binDir` under the name the UAC launch asks for when
 * SystemRoot is unset: on Linux "C:\Windows\System32\…\powershell.exe" is one file name without a slash, so it is
 * looked up on PATH. Returns the bundle, for cleaning up.
 */
export async function installFakePowerShell(binDir: string): Promise<string> {
  const esbuild = await import('esbuild');
  const outfile = path.join(packageRoot, 'node_modules', '.cache', 'dlsetup-tests', `fakePowerShell-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [path.join(packageRoot, 'testkit', 'elevation', 'fakePowerShell.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
  });
  const tool = path.join(binDir, windowsPowerShellPath('C:\\Windows'));
  writeFileSync(tool, `#!/bin/sh\nexec '${process.execPath}' '${outfile}' "$@"\n`);
  chmodSync(tool, 0o755);
  return outfile;
}
