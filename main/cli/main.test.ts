import { describe, expect, it } from 'vitest';
import { main } from './main.js';
import { captureIo } from './testIo.js';
import { COMMANDS } from './commandRegistry.js';

describe('dlsetup CLI', () => {
  it('lists every subcommand in --help', async () => {
    const io = captureIo();
    expect(await main(['--help'], io)).toBe(0);
    for (const name of ['detect', 'plan', 'install', 'verify', 'diagnose', 'export', 'serve']) {
      expect(io.stdout()).toMatch(new RegExp(`^  ${name}\\s`, 'm'));
    }
  });

  it('prints the package version', async () => {
    const io = captureIo();
    expect(await main(['--version'], io)).toBe(0);
    expect(io.stdout()).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('rejects an unknown subcommand with one line and exit 2', async () => {
    const io = captureIo();
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(io.stderr()).toBe('dlsetup: unknown command "frobnicate" (see dlsetup --help)\n');
  });

  it('rejects an unknown flag with one line and exit 2', async () => {
    const io = captureIo();
    expect(await main(['serve', '--colour'], io)).toBe(2);
    expect(io.stderr()).toBe('dlsetup serve: unknown option "--colour" (see dlsetup serve --help)\n');
  });

  it('says a subcommand whose service has not landed is not available, with exit 2 and no output', async () => {
    const pending = COMMANDS.find((command) => !command.load);
    if (!pending) return;
    const io = captureIo();
    expect(await main([pending.name, '--json'], io)).toBe(2);
    expect(io.stdout()).toBe('');
    expect(io.stderr()).toBe(`dlsetup ${pending.name}: not available yet in this version\n`);
  });

  it('shows per-command help with its options', async () => {
    const io = captureIo();
    expect(await main(['serve', '--help'], io)).toBe(0);
    expect(io.stdout()).toContain('--port N');
    expect(io.stdout()).toContain('--host ADDRESS');
  });
});
