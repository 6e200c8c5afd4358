import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, DLSETUP, writePlan, type DistroMachine } from '../../testkit/distro/machine.js';
import { bootFleetMachine } from '../../testkit/fleet/fleetMachine.js';
import { startPypiServer, type PypiServer } from '../../testkit/distro/pypiServer.js';
import { holdAptLock, keepRecap, runPlaybook, writeInventory, type PlaybookRun } from '../../testkit/fleet/ansible.js';

// Issue 33 on three throwaway Debian 12 roots (the distro lane's cached root, an overlay each), reached with Ansible's
// community.general.chroot connection: `dlsetup export --format ansible` of the product's own JAX CPU plan for a fresh
// Debian, applied with ansible-playbook. h3's apt is held by a real apt-get at its prompt during the first run.
const PYPI = process.env.DLSETUP_DISTRO_PYPI ?? '/opt/pypi';
const JAX = '0.10.2';
const HOSTS = ['h1', 'h2', 'h3'] as const;
const LOCK_TIMEOUT_S = 5;

let machines: Record<string, DistroMachine> = {};
let index: PypiServer;
let work = '';
const playbook = () => path.join(work, 'playbook');
const reports = () => path.join(playbook(), 'dlsetup-reports');
const control = (args: string[]) => spawnSync(process.execPath, [path.join(APP, 'bin', 'dlsetup.js'), ...args], { cwd: work, encoding: 'utf8', env: { ...process.env, LANG: 'C.UTF-8' } });
const apply = async (label: string): Promise<PlaybookRun> => {
  const run = await runPlaybook(playbook(), ['-i', path.join(work, 'inventory.ini'), 'site.yml', '-e', `dlsetup_apt_lock_timeout=${LOCK_TIMEOUT_S}`], path.join(work, 'scratch'));
  keepRecap(label, run);
  process.stdout.write(`${label}: ${run.seconds} s, ${JSON.stringify(run.recap)}\n`);
  return run;
};
const files = (host: string, prefix: string) => (existsSync(path.join(reports(), host)) ? readdirSync(path.join(reports(), host)).filter((f) => f.startsWith(prefix) && f.endsWith('.json')).sort() : []);
const jaxIn = async (host: string) => {
  const env = `/root/.local/share/dlsetup/envs/dlsetup-jax-${JAX}`;
  return (await machines[host]!.run([`${env}/bin/python`, '-c', 'import jax, jax.numpy as jnp; print(jax.__version__, jax.devices()[0].platform, int(jnp.arange(4).sum()))'])).stdout.trim();
};
interface FleetJson {
  hosts: number;
  rows: { host: string; framework: string | null; flags: { code: string; message: string }[]; failure?: { code: string; task: string } | null }[];
  environments: { hosts: { host: string }[]; rows: { environment: string; cells: Record<string, { builds: string; words: string }> }[] };
  warnings: string[];
}
const fleet = (lang = 'en'): FleetJson => {
  const ran = control(['fleet', 'report', reports(), '--json', '--lang', lang, '--html', path.join(work, `fleet-${lang}.html`)]);
  expect(ran.status, ran.stderr).toBe(0);
  return JSON.parse(ran.stdout) as FleetJson;
};

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-fleet-role-'));
  index = await startPypiServer(PYPI);
  for (const host of HOSTS) {
    machines[host] = bootFleetMachine();
  }
  writeInventory(path.join(work, 'inventory.ini'), HOSTS.map((name) => ({ name, machine: machines[name]! })));
});
afterAll(async () => {
  for (const machine of Object.values(machines)) machine.close();
  machines = {};
  await index?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!existsSync(path.join(PYPI, 'simple', 'jaxlib')))('the exported Ansible role on three Debian 12 hosts', () => {
  let lockedPid = 0;
  let release: () => Promise<void> = async () => undefined;

  it('exports the product\'s own plan for a fresh Debian 12 (system Python step, venv, JAX from the loopback index)', async () => {
    // Planned against the loopback index the hosts install from: its pages carry each file's sha256 (issue 32).
    const planned = await machines.h1!.run([...DLSETUP, 'plan', '--framework', 'jax', '--framework-version', JAX, '--python', '3.11', '--pypi-mirror', `${index.url}/simple`, '--json'], { user: 'student' });
    expect(planned.code, planned.output).toBe(0);
    const checked = (JSON.parse(planned.stdout) as { index?: { status: string; files?: { name: string; sha256: string | null }[] } }).index;
    expect(checked?.status, planned.stdout.slice(0, 2000)).toBe('resolved');
    expect(checked!.files!.map((file) => file.name)).toEqual(expect.arrayContaining(['jax', 'jaxlib', 'numpy']));
    expect(checked!.files!.every((file) => /^[0-9a-f]{64}$/.test(file.sha256 ?? ''))).toBe(true);
    const plan = JSON.parse(planned.stdout) as { steps: { kind: string }[] };
    expect(plan.steps.map((step) => step.kind)).toEqual(['system-python', 'python-env', 'framework']);
    const file = path.join(machines.h1!.root, writePlan(machines.h1!, 'jax', plan).slice(1));
    const exported = control(['export', '--plan', file, '--format', 'ansible', '--out', playbook(), '--pypi-mirror', `${index.url}/simple`]);
    expect(exported.status, exported.stderr).toBe(0);
    const vars = readFileSync(path.join(playbook(), 'group_vars', 'all.yml'), 'utf8');
    expect(vars).toContain('"debian": "python3.11-venv"');
    // The same bytes on every host: the role installs the plan's files by their sha256 (pip --require-hashes).
    expect(vars).toMatch(/dlsetup_pip_pins:\n\s+- "?jax==0\.10\.2 --hash=sha256:724d73c4678d8b06f6a6ab4db1b8a2fea8cd4f1e2c2564f99601634ec7b8d1c6/);
  });

  it('first run: h3\'s apt is locked, so h3 stops with APT_LOCKED and the installer\'s sentence; h1 and h2 finish and are verified', async () => {
    // h3 has python3-apt, as Ubuntu ships it, so the lock meets Ansible's apt module itself (its lock_timeout); h1 and
    // h2 lack it, as a minimal Debian does, and the role installs it first.
    const apt = await machines.h3!.run(['apt-get', 'install', '--yes', '--no-install-recommends', 'python3-apt'], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
    expect(apt.code, apt.output).toBe(0);
    const lock = await holdAptLock(machines.h3!);
    lockedPid = lock.pid;
    release = lock.release;
    const run = await apply('role run 1 (h3 locked)');
    expect(run.recap.h1, run.output).toMatchObject({ failed: 0, unreachable: 0 });
    expect(run.recap.h2, run.output).toMatchObject({ failed: 0, unreachable: 0 });
    expect(run.recap.h1!.changed).toBeGreaterThan(0);
    expect(run.recap.h3, run.output).toMatchObject({ failed: 1, rescued: 1 });
    expect(run.code).not.toBe(0);
    // The installer's own words (locales/en/install.json apt.locked), with the holder apt names and the wait.
    expect(run.output).toContain(`[APT_LOCKED] apt-get (process ${lockedPid}) is installing software, so apt is locked. DL Setup waited ${LOCK_TIMEOUT_S} s.`);
    // It did wait: Ansible's apt module alone fails at once, the role tries again until the lock timeout has passed.
    expect(run.output).toMatch(/FAILED - RETRYING: \[h3\]: Install the distribution's venv support/);
    expect(await jaxIn('h1')).toBe(`${JAX} cpu 6`);
    expect(await jaxIn('h2')).toBe(`${JAX} cpu 6`);
    // pip installed the plan's files by their sha256: the pins the role wrote are in each environment.
    const pins = readFileSync(path.join(machines.h1!.root, `root/.local/share/dlsetup/envs/dlsetup-jax-${JAX}/dlsetup-pinned-requirements.txt`), 'utf8');
    expect(pins).toContain('jax==0.10.2 --hash=sha256:724d73c4678d8b06f6a6ab4db1b8a2fea8cd4f1e2c2564f99601634ec7b8d1c6');
    expect(pins.trim().split('\n')).toHaveLength(6);
    for (const host of ['h1', 'h2']) {
      expect(files(host, 'verify-'), host).toHaveLength(1);
      expect(files(host, 'environments-'), host).toHaveLength(1);
    }
    expect(files('h3', 'verify-')).toEqual([]);
    expect(files('h3', 'failed-')).toHaveLength(1);
  });

  it('fleet report: the three hosts side by side, h3 flagged with the reason in words (English and Chinese), environments × machines', () => {
    const report = fleet('en');
    expect(report.warnings).toEqual([]);
    expect(report.rows.map((row) => row.host).sort()).toEqual(['h1', 'h2', 'h3']);
    const h3 = report.rows.find((row) => row.host === 'h3')!;
    expect(h3.flags.map((flag) => flag.code)).toEqual(['RUN_FAILED']);
    expect(h3.flags[0]!.message).toContain(`apt-get (process ${lockedPid}) is installing software, so apt is locked.`);
    expect(h3.flags[0]!.message).toContain('[APT_LOCKED]');
    for (const host of ['h1', 'h2']) expect(report.rows.find((row) => row.host === host)!.framework, host).toBe(`jax ${JAX}`);
    expect(report.environments.hosts.map((host) => host.host)).toEqual(['h1', 'h2']);
    const jaxRow = report.environments.rows.find((row) => row.environment === `dlsetup-jax-${JAX}`);
    expect(jaxRow, JSON.stringify(report.environments)).toBeDefined();
    expect(Object.keys(jaxRow!.cells).sort()).toEqual(['h1', 'h2']);
    expect(jaxRow!.cells.h1!.builds).toBe(`JAX ${JAX}`);
    const html = readFileSync(path.join(work, 'fleet-en.html'), 'utf8');
    expect(html).toContain('so apt is locked');
    expect(html).toMatch(/<tr class="fail"><td>h3/);

    const zh = fleet('zh-CN');
    const zhH3 = zh.rows.find((row) => row.host === 'h3')!;
    expect(zhH3.flags[0]!.message).toContain(`apt-get（进程 ${lockedPid}） 正在安装软件，apt 已被锁定。`);
    expect(zhH3.flags[0]!.message).toMatch(/^运行在“.+”处停止/);
    expect(readFileSync(path.join(work, 'fleet-zh-CN.html'), 'utf8')).toContain('每台机器上的环境');
  });

  it('re-run once h3\'s apt is free: h3 completes, h1 and h2 change nothing', async () => {
    await release();
    const run = await apply('role run 2 (h3 free)');
    expect(run.code, run.output).toBe(0);
    expect(run.recap.h3, run.output).toMatchObject({ failed: 0, rescued: 0 });
    expect(run.recap.h3!.changed).toBeGreaterThan(0);
    expect(run.recap.h1, run.output).toMatchObject({ changed: 0, failed: 0 });
    expect(run.recap.h2, run.output).toMatchObject({ changed: 0, failed: 0 });
    expect(await jaxIn('h3')).toBe(`${JAX} cpu 6`);
    const report = fleet('en');
    expect(report.rows.every((row) => row.flags.every((flag) => flag.code !== 'RUN_FAILED')), JSON.stringify(report.rows)).toBe(true);
    expect(report.environments.hosts.map((host) => host.host)).toEqual(['h1', 'h2', 'h3']);
  });

  it('a third run changes nothing anywhere (changed=0 on every host) and still brings every host\'s reports back', async () => {
    const run = await apply('role run 3 (idempotence)');
    expect(run.code, run.output).toBe(0);
    for (const host of HOSTS) expect(run.recap[host], `${host}\n${run.output}`).toMatchObject({ changed: 0, failed: 0, unreachable: 0 });
    expect(files('h1', 'verify-')).toHaveLength(3);
    expect(files('h2', 'environments-')).toHaveLength(3);
    expect(files('h3', 'verify-')).toHaveLength(2);
  });
});
