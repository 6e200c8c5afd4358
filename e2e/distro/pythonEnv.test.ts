import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootMachine, DLSETUP, writePlan, type DistroMachine } from '../../testkit/distro/machine.js';
import { startPypiServer, type PypiServer } from '../../testkit/distro/pypiServer.js';
import { differences, snapshot, type MachineSnapshot } from '../../testkit/distro/snapshot.js';

// Item 1 of issue 19 on a real Debian 12 root: python3 is there, python3.11-venv is not (debootstrap minbase +
// python3, as a fresh server install). Expected from Debian: python3.11-venv carries ensurepip
// (https://packages.debian.org/bookworm/python3.11-venv), so `python3.11 -m venv` fails until it is installed.
// The wheels are real ones from a loopback PEP 503 index over this machine's /opt/pypi (jax 0.10.2, jaxlib 0.10.2
// cp311 manylinux_2_27 and their dependencies); verify runs JAX's CPU path, as on a machine without a GPU.
const PYPI = process.env.DLSETUP_DISTRO_PYPI ?? '/opt/pypi';
const ENV = '/home/student/envs/jax';
// The JAX release whose wheels /opt/pypi holds (jaxlib comes as jax's own dependency, as from PyPI).
const JAX = '0.10.2';

let machine: DistroMachine;
let index: PypiServer;
let before: MachineSnapshot;
let runId = '';

const dpkgStatus = async (name: string) => (await machine.run(['dpkg-query', '-W', '-f', '${db:Status-Abbrev}', name])).stdout.trim();

beforeAll(async () => {
  machine = bootMachine();
  index = await startPypiServer(PYPI);
  before = await snapshot(machine);
});
afterAll(async () => {
  machine?.close();
  await index?.close();
});

describe.skipIf(!existsSync(path.join(PYPI, 'simple', 'jaxlib')))('a JAX environment on a fresh Debian 12 (real apt, venv, pip and dlsetup verify)', () => {
  it('installs python3.11-venv through the elevated path, creates the venv, pip-installs JAX from the loopback index, and verify runs it', async () => {
    expect(await dpkgStatus('python3.11-venv')).not.toBe('ii');
    expect((await machine.run(['python3.11', '-m', 'venv', '/tmp/probe'])).code).not.toBe(0);
    // The product's own plan for this machine, as the wizard or `dlsetup plan` makes it: detection sees python3.11
    // without ensurepip and plans the elevated system-python step before the venv (shared/plan/planSteps.ts).
    const planned = await machine.run([...DLSETUP, 'plan', '--framework', 'jax', '--framework-version', JAX, '--python', '3.11', '--json'], { user: 'student' });
    expect(planned.code, planned.output).toBe(0);
    const plan = JSON.parse(planned.stdout) as { steps: { kind: string; elevated: boolean; params: Record<string, unknown> }[] };
    expect(plan.steps.map((step) => [step.kind, step.elevated])).toEqual([['system-python', true], ['python-env', false], ['framework', false]]);
    expect(plan.steps[2]!.params.packages).toEqual([`jax==${JAX}`]);
    const file = writePlan(machine, 'jax', plan);
    const ran = await machine.run([...DLSETUP, 'install', '--plan', file, '--env', ENV, '--pypi-mirror', `${index.url}/simple`, '--yes', '--verbose'], { user: 'student' });
    runId = /\b(\d{8}-\d{6}-[a-z0-9]{6})\b/.exec(ran.output)?.[1] ?? '';
    expect(ran.code, ran.output).toBe(0);
    expect(await dpkgStatus('python3.11-venv')).toBe('ii');
    expect(index.served.map((w) => w.file)).toEqual(expect.arrayContaining(['jax-0.10.2-py3-none-any.whl', 'jaxlib-0.10.2-cp311-cp311-manylinux_2_27_x86_64.whl']));
    const imported = await machine.run([`${ENV}/bin/python`, '-c', 'import jax, jax.numpy as jnp; print(jax.__version__, jax.devices()[0].platform, int(jnp.arange(4).sum()))'], { user: 'student' });
    expect(imported.stdout.trim(), imported.output).toBe('0.10.2 cpu 6');

    const verified = await machine.run([...DLSETUP, 'verify', '--python', `${ENV}/bin/python`, '--framework', 'jax', '--quick'], { user: 'student' });
    process.stdout.write(`dlsetup verify:\n${verified.output}\n`);
    // verify's words for a machine without an NVIDIA GPU (locales/en/verify.json cpuOnly.noNvidiaGpu), and JAX's CPU
    // matmul really ran.
    expect(verified.output).toContain('This machine has no NVIDIA GPU, so JAX 0.10.2 runs on the CPU: that is expected here, and the CPU check shows it works.');
    expect(verified.output).toMatch(/PASS {2}matmul-cpu-reference\n\s+CPU fp32 matmul \d+x\d+: [\d.]+ GFLOP\/s \(JAX\/XLA\)/);
    expect(verified.output).toMatch(/Summary: 2 passed, 0 failed/);
  });

  it('rollback removes the environment and purges python3.11-venv: selections and /etc, /usr/local as before', async () => {
    const back = await machine.run([...DLSETUP, 'rollback', runId, '--yes'], { user: 'student' });
    expect(differences(before, await snapshot(machine)), back.output).toEqual([]);
    expect(existsSync(path.join(machine.root, ENV.slice(1)))).toBe(false);
  });
});
