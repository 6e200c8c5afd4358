#!/usr/bin/env node
// `npm run check:unpacked`: after `npm run package:dir`, proves the unpacked app as users would get it — its fuses
// read back as electron-builder.yml sets them, no test code in the asar, the elevated-helper mode answers `hello`
// without a window, the CLI mode prints the version, and the app shows its window. Runs on CI's Linux, Windows and macOS (needs the Electron binary).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import yaml from 'js-yaml';
import { isTestCodePath } from './testCodePaths.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8'));
const failures = [];
const check = (ok, what) => {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${what}\n`);
  if (!ok) failures.push(what);
};

/** The unpacked app's binary and resources folder, per OS (electron-builder --dir's layout). */
function unpackedApp() {
  const release = path.join(root, 'release');
  if (process.platform === 'darwin') {
    const dir = readdirSync(release).find((name) => name.startsWith('mac'));
    const app = path.join(release, dir ?? 'mac', `${config.productName}.app`);
    return { binary: path.join(app, 'Contents', 'MacOS', config.productName), resources: path.join(app, 'Contents', 'Resources') };
  }
  const dir = path.join(release, process.platform === 'win32' ? 'win-unpacked' : 'linux-unpacked');
  const name = process.platform === 'win32' ? `${config.productName}.exe` : config.linux.executableName;
  return { binary: path.join(dir, name), resources: path.join(dir, 'resources') };
}

/** Starts the binary, optionally writes stdin, and resolves with stdout once `until` matches it (or the timeout). */
function runUntil(binary, args, { input, until, env = {}, timeoutMs = 60_000 }) {
  return new Promise((resolve) => {
    const child = spawn(binary, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    const finish = (matched) => {
      clearTimeout(timer);
      if (child.pid) child.kill();
      resolve({ matched, out });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (until.test(out)) finish(true);
    });
    child.on('exit', () => finish(until.test(out)));
    if (input) child.stdin.write(input);
  });
}

const { binary, resources } = unpackedApp();
check(existsSync(binary), `the unpacked binary exists: ${binary}`);
if (failures.length) process.exit(1);

const wire = await getCurrentFuseWire(binary);
const fuseNames = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
};
const ENABLE = 49;
for (const [name, wanted] of Object.entries(config.electronFuses)) {
  check((wire[fuseNames[name]] === ENABLE) === wanted, `fuse ${name} reads back ${wanted}`);
}

const asarFiles = listPackage(path.join(resources, 'app.asar'), { isPack: false });
const testFiles = asarFiles.filter((file) => isTestCodePath(file));
check(testFiles.length === 0, `no test code in app.asar (${asarFiles.length} files${testFiles.length ? `; found ${testFiles.slice(0, 5).join(', ')}` : ''})`);

// Linux CI runs as a normal user; headless like helperCommand() starts it under pkexec, which strips DISPLAY.
const helperArgs = process.platform === 'linux' ? ['--ozone-platform=headless', '--dlsetup-elevated-helper'] : ['--dlsetup-elevated-helper'];
const hello = `${JSON.stringify({ type: 'hello', protocol: 1, runId: '20261203-000000-abcdef' })}\n`;
const helper = await runUntil(binary, helperArgs, { input: hello, until: /"type":"ready"/ });
check(helper.matched, 'the elevated-helper mode answers hello with ready, without a window');

// CLI mode (main/electron/cliMode.ts): the app's own binary prints what `dlsetup --version` prints, and no window.
const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const headless = process.platform === 'linux' ? ['--ozone-platform=headless'] : [];
const cli = await runUntil(binary, [...headless, '--cli', '--', '--version'], { until: new RegExp(version.replaceAll('.', '\\.')) });
check(cli.matched, `the CLI mode (--cli -- --version) prints ${version} without a window`);

const window = await runUntil(binary, [], { env: { DLSETUP_SMOKE_EXIT: '1' }, until: /dlsetup: window shown/ });
check(window.matched, 'the app shows its window');

process.exit(failures.length ? 1 : 0);
