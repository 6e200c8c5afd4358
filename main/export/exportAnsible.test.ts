import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { exportPlan } from './exportPlan.js';
import { writeExportFiles } from './writeExportFiles.js';
import { sayRunFailure } from '../install/runFailureWords.js';

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

describe('the role\'s rescue says a failure in the installer\'s words (tasks/failure.yml, run by ansible-playbook)', () => {
  // What a failed task printed, per host; each host's play fails it and runs the role's rescue.
  const SAID: Record<string, string> = {
    locked: 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 77 (unattended-upgr)',
    full: 'OSError: [Errno 28] No space left on device',
    offline: "ERROR: Could not install packages due to an OSError: HTTPSConnectionPool(host='pypi.org', port=443): Max retries exceeded",
    // Jinja in a tool's output stays text: it reaches the record as written and runs nothing.
    hostile: `E: Package 'x{{ lookup("pipe", "touch ${os.tmpdir()}/dlsetup-pwned") }}' has no installation candidate`,
  };
  const CODES = { locked: 'APT_LOCKED', full: 'DISK_FULL', offline: 'NETWORK', hostile: 'COMMAND_FAILED' };

  test.skipIf(!hasAnsible)('APT_LOCKED, DISK_FULL, NETWORK or COMMAND_FAILED with the same sentence the fleet report says again', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-rescue-'));
    rmSync(path.join(os.tmpdir(), 'dlsetup-pwned'), { force: true });
    try {
      await writeExportFiles(dir, exportPlan(examplePlan('rtx4090Wheels'), 'ansible').files);
      // !unsafe: the test's own variables must not be templated either, so the tool really prints the braces.
      writeFileSync(path.join(dir, 'said.yml'), `said:\n${Object.entries(SAID).map(([host, text]) => `  ${host}: !unsafe ${JSON.stringify(text)}`).join('\n')}\n`);
      writeFileSync(
        path.join(dir, 'rescue.yml'),
        [
          '- name: A task fails and the role rescues it',
          '  hosts: all',
          '  gather_facts: false',
          '  tasks:',
          '    - name: Fail as a tool would',
          '      block:',
          '        - name: Print what the tool said and fail',
          '          ansible.builtin.command:',
          '            argv: [sh, -c, \'echo "$0" >&2; exit 100\', "{{ said[inventory_hostname] }}"]',
          '      rescue:',
          '        - name: The role\'s rescue',
          '          ansible.builtin.include_role:',
          '            name: dlsetup',
          '            tasks_from: failure',
          '',
        ].join('\n'),
      );
      const result = spawnSync('ansible-playbook', ['-i', `${Object.keys(SAID).join(',')},`, '-c', 'local', '-e', '@said.yml', '-e', 'dlsetup_apt_lock_timeout=300', 'rescue.yml'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, ANSIBLE_NOCOLOR: '1', HOME: dir, ANSIBLE_PYTHON_INTERPRETER: '/usr/bin/python3' },
        timeout: 120_000,
      });
      const output = result.stdout + result.stderr;
      expect(output).toContain('[APT_LOCKED] unattended-upgr (process 77) is installing software, so apt is locked. DL Setup waited 300 s.');
      const { loadFleetReports } = await import('../fleet/loadFleetReports.js');
      const loaded = await loadFleetReports(path.join(dir, 'dlsetup-reports'));
      expect(loaded.warnings).toEqual([]);
      const records = Object.fromEntries(loaded.failures.map((entry) => [entry.source.split(path.sep)[0]!, entry.failure]));
      expect(Object.fromEntries(Object.entries(records).map(([host, record]) => [host, record.code]))).toEqual(CODES);
      // The role filled in the installer's English sentence; the fleet report says it again from the code and values.
      for (const [host, record] of Object.entries(records)) expect(record.message, host).toBe(sayRunFailure(record.code, record.params));
      expect(records.full!.message).toBe('The disk is full while running sh -c echo "$0" >&2; exit 100 OSError: [Errno 28] No space left on device. Free some space (at least a few GB) and resume the install.');
      expect(records.hostile!.params.said).toBe(SAID.hostile);
      expect(existsSync(path.join(os.tmpdir(), 'dlsetup-pwned'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
