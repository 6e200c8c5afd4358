import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { exportPlan } from './exportPlan.js';
import { writeExportFiles } from './writeExportFiles.js';

// Debian packages `ansible` and `ansible-lint` (CI installs them); without them these tests say so and skip.
const hasAnsible = spawnSync('ansible-playbook', ['--version']).status === 0;
const hasLint = spawnSync('ansible-lint', ['--version']).status === 0;

describe('ansible export of the V100 + TensorFlow 2.10 system plan', () => {
  let dir: string;
  const out = () => path.join(dir, 'playbook');
  const run = (command: string, args: string[]) =>
    spawnSync(command, args, { cwd: out(), encoding: 'utf8', env: { ...process.env, ANSIBLE_NOCOLOR: '1', ANSIBLE_FORCE_COLOR: '0', NO_COLOR: '1', HOME: dir }, timeout: 120_000 });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-ansible-'));
    await writeExportFiles(out(), exportPlan(examplePlan('v100TensorflowSystem'), 'ansible').files);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('has the role layout, with versions and mirrors in group_vars', () => {
    const vars = readFileSync(path.join(out(), 'group_vars', 'all.yml'), 'utf8');
    expect(vars).toContain(`dlsetup_pip_packages:\n${examplePlan('v100TensorflowSystem').framework!.packages.map((pkg) => `  - "${pkg}"\n`).join('')}`);
    expect(vars).toContain('dlsetup_driver_ubuntu_package: "nvidia-driver-580"');
    expect(vars).toContain('dlsetup_cuda_toolkit_package: "cuda-toolkit-11-2"');
    expect(vars).toContain('dlsetup_cuda_repo_base: "https://developer.download.nvidia.com/compute/cuda/repos"');
    expect(vars).toContain('  - "libcudnn8=8.1.*+cuda11.2"');
    const tasks = readFileSync(path.join(out(), 'roles', 'dlsetup', 'tasks', 'verify.yml'), 'utf8');
    expect(tasks).toContain('ansible.builtin.fetch:');
    expect(readFileSync(path.join(out(), 'roles', 'dlsetup', 'tasks', 'cuda_repo_deb822.yml'), 'utf8')).toContain('ansible.builtin.deb822_repository:');
    expect(readFileSync(path.join(out(), 'roles', 'dlsetup', 'handlers', 'main.yml'), 'utf8')).toContain('ansible.builtin.reboot:');
    expect(readFileSync(path.join(out(), 'roles', 'dlsetup', 'tasks', 'env_vars.yml'), 'utf8')).toContain('ansible.builtin.blockinfile:');
  });

  test.skipIf(!hasAnsible)('passes ansible-playbook --syntax-check', () => {
    const result = run('ansible-playbook', ['-i', 'localhost,', '--syntax-check', 'site.yml']);
    expect(result.stderr + result.stdout).toContain('playbook: site.yml');
    expect(result.status).toBe(0);
  });

  test.skipIf(!hasLint)('passes ansible-lint', () => {
    const result = run('ansible-lint', ['--nocolor']);
    expect(result.stdout + result.stderr).not.toMatch(/violation|Failed/);
    expect(result.status).toBe(0);
  }, 120_000);

  test.skipIf(!hasAnsible)('runs for real in check mode against this machine without failing', () => {
    // Package names this Debian machine can resolve and a local keyring file, so check mode sees no missing package or network.
    const repo = path.join(dir, 'repo', 'debian12', 'x86_64');
    mkdirSync(repo, { recursive: true });
    writeFileSync(path.join(repo, 'cuda-keyring_1.1-1_all.deb'), 'keyring\n');
    const overrides = {
      dlsetup_driver_debian_packages: ['coreutils'],
      dlsetup_driver_ubuntu_package: 'coreutils',
      dlsetup_cuda_toolkit_package: 'coreutils',
      dlsetup_cudnn_packages: ['coreutils'],
      dlsetup_allow_reboot: false,
      dlsetup_cuda_repo_base: `file://${path.join(dir, 'repo')}`,
      dlsetup_cuda_keyring_sha256: createHash('sha256').update('keyring\n').digest('hex'),
      dlsetup_env_dir: path.join(dir, 'env'),
      dlsetup_verify_dir: path.join(dir, 'verify'),
      dlsetup_fetch_dir: path.join(dir, 'reports'),
    };
    writeFileSync(path.join(dir, 'overrides.json'), JSON.stringify(overrides));
    const result = run('ansible-playbook', ['-i', 'localhost,', '--connection=local', '--check', '-e', `@${path.join(dir, 'overrides.json')}`, 'site.yml']);
    const output = result.stdout + result.stderr;
    expect(output).toMatch(/localhost\s+: ok=\d+\s+changed=\d+\s+unreachable=0\s+failed=0/);
    expect(output).toContain('TASK [dlsetup : Install the framework with pip (exact pins from the plan)]');
    expect(result.status).toBe(0);
  }, 120_000);
});
