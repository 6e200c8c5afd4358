import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, DLSETUP, writePlan, type DistroMachine } from '../../testkit/distro/machine.js';
import { startPypiServer, type PypiServer } from '../../testkit/distro/pypiServer.js';
import { holdAptLock, keepRecap, runPlaybook, writeInventory, type PlaybookRun } from '../../testkit/fleet/ansible.js';
import { docsPlaybook } from '../../testkit/fleet/docsPlaybook.js';
import { bootFleetMachine } from '../../testkit/fleet/fleetMachine.js';

// The shell export (install.sh) on three more Debian 12 roots, applied with the playbook docs/fleet.md gives admins
// (read from the page, so the lane runs what they read). s3's apt is held by a real apt-get during the first run.
const PYPI = process.env.DLSETUP_DISTRO_PYPI ?? '/opt/pypi';
const JAX = '0.10.2';
const HOSTS = ['s1', 's2', 's3'] as const;
const LOCK_TIMEOUT_S = 5;

let machines: Record<string, DistroMachine> = {};
let index: PypiServer;
let work = '';
const reports = () => path.join(work, 'dlsetup-reports');
const control = (args: string[]) => spawnSync(process.execPath, [path.join(APP, 'bin', 'dlsetup.js'), ...args], { cwd: work, encoding: 'utf8', env: { ...process.env, LANG: 'C.UTF-8' } });
const apply = async (label: string): Promise<PlaybookRun> => {
  const run = await runPlaybook(work, ['-i', 'inventory.ini', 'shell.yml', '-e', `apt_lock_timeout=${LOCK_TIMEOUT_S}`], path.join(work, 'scratch'));
  keepRecap(label, run);
  process.stdout.write(`${label}: ${run.seconds} s, ${JSON.stringify(run.recap)}\n`);
  return run;
};
const reportCount = (host: string) => (existsSync(path.join(reports(), host)) ? readdirSync(path.join(reports(), host)).filter((f) => f.startsWith('verify-')).length : 0);
const jaxIn = async (host: string) => {
  const env = `/root/.local/share/dlsetup/envs/dlsetup-jax-${JAX}`;
  return (await machines[host]!.run([`${env}/bin/python`, '-c', 'import jax; print(jax.__version__, jax.devices()[0].platform)'])).stdout.trim();
};

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-fleet-shell-'));
  index = await startPypiServer(PYPI);
  for (const host of HOSTS) machines[host] = bootFleetMachine();
  writeInventory(path.join(work, 'inventory.ini'), HOSTS.map((name) => ({ name, machine: machines[name]! })));
  writeFileSync(path.join(work, 'shell.yml'), `---\n${docsPlaybook('fleet.md', 'shell.yml')}`);
});
afterAll(async () => {
  for (const machine of Object.values(machines)) machine.close();
  machines = {};
  await index?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!existsSync(path.join(PYPI, 'simple', 'jaxlib')))('the exported install.sh on three Debian 12 hosts, through the playbook in docs/fleet.md', () => {
  let lockedPid = 0;
  let release: () => Promise<void> = async () => undefined;

  it('docs/fleet.md and docs/fleet.zh-CN.md give the same playbook', () => {
    expect(docsPlaybook('fleet.zh-CN.md', 'shell.yml')).toBe(docsPlaybook('fleet.md', 'shell.yml'));
  });

  it('exports the product\'s plan for a fresh Debian 12 as install.sh', async () => {
    // Planned against the loopback index the hosts install from: its pages carry each file's sha256 (issue 32).
    const planned = await machines.s1!.run([...DLSETUP, 'plan', '--framework', 'jax', '--framework-version', JAX, '--python', '3.11', '--pypi-mirror', `${index.url}/simple`, '--json'], { user: 'student' });
    expect(planned.code, planned.output).toBe(0);
    const checked = (JSON.parse(planned.stdout) as { index?: { status: string; files?: { name: string; sha256: string | null }[] } }).index;
    expect(checked?.status, planned.stdout.slice(0, 2000)).toBe('resolved');
    expect(checked!.files!.map((file) => file.name)).toEqual(expect.arrayContaining(['jax', 'jaxlib', 'numpy']));
    expect(checked!.files!.every((file) => /^[0-9a-f]{64}$/.test(file.sha256 ?? ''))).toBe(true);
    const file = path.join(machines.s1!.root, writePlan(machines.s1!, 'jax', JSON.parse(planned.stdout)).slice(1));
    mkdirSync(path.join(work, 'export'));
    const exported = control(['export', '--plan', file, '--format', 'shell', '--out', path.join(work, 'export'), '--pypi-mirror', `${index.url}/simple`]);
    expect(exported.status, exported.stderr).toBe(0);
    // install.sh writes the plan's files by sha256 and installs them with pip --require-hashes.
    const script = readFileSync(path.join(work, 'export', 'install.sh'), 'utf8');
    expect(script).toContain('jax==0.10.2 --hash=sha256:724d73c4678d8b06f6a6ab4db1b8a2fea8cd4f1e2c2564f99601634ec7b8d1c6');
    expect(script).toContain('--require-hashes -r');
  });

  it('first run: s3 stops with APT_LOCKED and the installer\'s sentence after waiting; s1 and s2 finish with their reports', async () => {
    const lock = await holdAptLock(machines.s3!);
    lockedPid = lock.pid;
    release = lock.release;
    const run = await apply('shell run 1 (s3 locked)');
    // Copying the export and running install.sh both change s1 and s2 the first time.
    expect(run.recap.s1, run.output).toMatchObject({ failed: 0, unreachable: 0, changed: 2 });
    expect(run.recap.s2, run.output).toMatchObject({ failed: 0, unreachable: 0, changed: 2 });
    expect(run.recap.s3, run.output).toMatchObject({ failed: 1 });
    expect(run.output).toContain(`ERROR: [APT_LOCKED] apt-get (process ${lockedPid}) is installing software, so apt is locked. DL Setup waited ${LOCK_TIMEOUT_S} s.`);
    expect(await jaxIn('s1')).toBe(`${JAX} cpu`);
    expect(await jaxIn('s2')).toBe(`${JAX} cpu`);
    expect([reportCount('s1'), reportCount('s2'), reportCount('s3')]).toEqual([1, 1, 0]);
  });

  it('re-run once s3\'s apt is free: s3 completes, s1 and s2 only verify (changed=0)', async () => {
    await release();
    const run = await apply('shell run 2 (s3 free)');
    expect(run.code, run.output).toBe(0);
    expect(run.recap.s3, run.output).toMatchObject({ failed: 0, changed: 1 });
    expect(run.recap.s1, run.output).toMatchObject({ failed: 0, changed: 0 });
    expect(run.recap.s2, run.output).toMatchObject({ failed: 0, changed: 0 });
    expect(await jaxIn('s3')).toBe(`${JAX} cpu`);
  });

  it('a third run changes nothing anywhere, and the fleet report shows the three hosts\' latest reports', async () => {
    const run = await apply('shell run 3 (idempotence)');
    expect(run.code, run.output).toBe(0);
    for (const host of HOSTS) expect(run.recap[host], `${host}\n${run.output}`).toMatchObject({ changed: 0, failed: 0, unreachable: 0 });
    expect([reportCount('s1'), reportCount('s2'), reportCount('s3')]).toEqual([3, 3, 2]);
    const fleet = control(['fleet', 'report', reports(), '--json']);
    expect(fleet.status, fleet.stderr).toBe(0);
    const report = JSON.parse(fleet.stdout) as { rows: { host: string; framework: string | null; reports: number; flags: unknown[] }[]; warnings: string[] };
    expect(report.warnings).toEqual([]);
    expect(report.rows.map((row) => [row.host, row.framework, row.reports]).sort()).toEqual([['s1', `jax ${JAX}`, 3], ['s2', `jax ${JAX}`, 3], ['s3', `jax ${JAX}`, 2]]);
  });
});
