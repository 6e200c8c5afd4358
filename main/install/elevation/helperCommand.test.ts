import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { ELEVATED_HELPER_FLAG, helperArgv, helperCommand } from './helperCommand.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

describe('the elevated helper command', () => {
  it('starts the helper as node + entry outside Electron', () => {
    expect(helperCommand('/x/elevatedHelper.js', 'win32')).toEqual([process.execPath, '/x/elevatedHelper.js']);
    for (const platform of ['linux', 'win32', 'darwin'] as const) expect(helperCommand('/x/h.js', platform, 'node')).toEqual([process.execPath, '/x/h.js']);
  });

  it('starts the Electron binary in helper mode, on Linux headless and without the sandbox Chromium refuses to start as root without', () => {
    expect(helperCommand('/x/h.js', 'linux', 'electron')).toEqual([process.execPath, '--no-sandbox', '--ozone-platform=headless', ELEVATED_HELPER_FLAG]);
    expect(helperCommand('/x/h.js', 'win32', 'electron')).toEqual([process.execPath, ELEVATED_HELPER_FLAG]);
    expect(helperCommand('/x/h.js', 'darwin', 'electron')).toEqual([process.execPath, ELEVATED_HELPER_FLAG]);
  });

  it('puts pkexec or sudo in front of exactly that command', () => {
    const helper = helperCommand('/x/h.js', 'linux', 'electron');
    expect(helperArgv('pkexec', helper)).toEqual(['pkexec', process.execPath, '--no-sandbox', '--ozone-platform=headless', ELEVATED_HELPER_FLAG]);
    expect(helperArgv('sudo', helper)).toEqual(['sudo', '--', process.execPath, '--no-sandbox', '--ozone-platform=headless', ELEVATED_HELPER_FLAG]);
    expect(helperArgv('sudo-noninteractive', ['node', '/x/h.js'])).toEqual(['sudo', '-n', '--', 'node', '/x/h.js']);
  });

  it("names the packaged binary pkexec is given (the app's own execPath) in the polkit action", () => {
    const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as { productName: string; linux: { executableName: string } };
    const policy = readFileSync(path.join(root, 'build', 'linux', 'org.dlsetup.desktop.policy'), 'utf8');
    const execPaths = [...policy.matchAll(/<annotate key="org\.freedesktop\.policykit\.exec\.path">([^<]*)<\/annotate>/g)].map((match) => match[1]);
    expect(execPaths).toEqual([`/opt/${config.productName}/${config.linux.executableName}`]);
    expect(execPaths).toEqual(['/opt/DL Setup/dlsetup-desktop']);
  });
});
