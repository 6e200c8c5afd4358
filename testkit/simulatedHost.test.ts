import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatedHost, type SimulatedHost } from './simulatedHost.js';
import { fixturePath } from './fixturePath.js';

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

describe('createSimulatedHost', () => {
  it('lays out files, fixtures, relative symlinks and unreadable paths under the root', async () => {
    host = await createSimulatedHost({
      files: { '/etc/os-release': 'ID=ubuntu\n', '/proc/driver/nvidia/version': { fixture: 'proc-driver/proc_driver_nvidia_version_384.98_ubuntu.txt' } },
      symlinks: { '/usr/local/cuda': '/usr/local/cuda-12.4' },
      unreadable: ['/proc/modules'],
    });
    expect(readFileSync(path.join(host.root, 'etc/os-release'), 'utf8')).toBe('ID=ubuntu\n');
    expect(readFileSync(path.join(host.root, 'proc/driver/nvidia/version'), 'utf8')).toBe(readFileSync(fixturePath('proc-driver', 'proc_driver_nvidia_version_384.98_ubuntu.txt'), 'utf8'));
    expect(readlinkSync(path.join(host.root, 'usr/local/cuda'))).toBe('cuda-12.4');
    expect(() => readFileSync(path.join(host!.root, 'proc/modules'))).toThrow();
    expect(host.env.DLSETUP_SYSROOT).toBe(host.root);
  });

  it('makes fake tools that print real captures, exit with their code, and nothing else on an isolated PATH', async () => {
    host = await createSimulatedHost({
      tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-errors/nvml_driver_library_mismatch_570.124.txt' }, exitCode: 18 }, lspci: { stderr: 'boom', exitCode: 2 } },
      isolatePath: true,
    });
    const smi = spawnSync('nvidia-smi', [], { env: { ...process.env, ...host.env }, encoding: 'utf8' });
    expect(smi.status).toBe(18);
    expect(smi.stdout).toContain('Driver/library version mismatch');
    const lspci = spawnSync('lspci', [], { env: { ...process.env, ...host.env }, encoding: 'utf8' });
    expect([lspci.status, lspci.stderr]).toEqual([2, 'boom']);
    // This machine has /usr/local/bin/nvcc; the simulated host must not.
    const nvcc = spawnSync('nvcc', ['--version'], { env: { ...process.env, ...host.env }, encoding: 'utf8' });
    expect(nvcc.error).toBeDefined();
    expect(execFileSync('sh', ['-c', 'command -v cat'], { env: { ...process.env, ...host.env }, encoding: 'utf8' }).trim()).toContain('system-bin');
  });

  it('puts bin/ first but keeps the system PATH when not isolated, and cleans up', async () => {
    host = await createSimulatedHost({ tools: { rocminfo: { stdout: 'x' } } });
    expect(host.env.PATH.startsWith(`${host.binDir}${path.delimiter}`)).toBe(true);
    expect(host.env.PATH).toContain(process.env.PATH ?? '');
    const root = host.root;
    await host.cleanup();
    host = null;
    expect(existsSync(root)).toBe(false);
  });
});
