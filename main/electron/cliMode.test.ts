import { describe, expect, it } from 'vitest';
import { cliArgsOf } from './cliMode.js';

describe('the packaged app in CLI mode', () => {
  const binary = '/opt/DL Setup/dlsetup-desktop';

  it('passes everything after --cli (and its optional --) to the CLI, Chromium switches before it left out', () => {
    expect(cliArgsOf([binary, '--cli', '--', 'plan', '--framework', 'pytorch', '--json'])).toEqual(['plan', '--framework', 'pytorch', '--json']);
    expect(cliArgsOf([binary, '--ozone-platform=headless', '--cli', '--', 'detect'])).toEqual(['detect']);
    expect(cliArgsOf([binary, '--cli', 'detect', '--json'])).toEqual(['detect', '--json']);
    expect(cliArgsOf([binary, '--cli'])).toEqual([]);
  });

  it('is the desktop app without the flag, and a --cli meant for a CLI command is not the mode switch', () => {
    expect(cliArgsOf([binary])).toBeNull();
    expect(cliArgsOf([binary, '--dlsetup-elevated-helper'])).toBeNull();
    expect(cliArgsOf([binary, '--', 'x', '--cli'])).toBeNull();
  });
});
