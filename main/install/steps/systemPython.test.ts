import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanStep } from '../../../shared/types/plan.js';
import { InstallService } from '../installService.js';
import { readJournal } from '../journal/runJournal.js';
import { createTestAptHost, type TestAptHost } from '../../../testkit/install/debRepo.js';
import { testPlan } from '../../../testkit/install/testPlan.js';

const isRoot = process.getuid?.() === 0;
const saved = { ...process.env };
let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-syspy-'));
});

afterAll(() => {
  process.env = saved;
  rmSync(tmp, { recursive: true, force: true });
});

const systemPython = (python: string): PlanStep => ({ id: 'system-python', kind: 'system-python', title: `Python ${python} venv support`, elevated: true, params: { python } });

async function run(service: InstallService, steps: PlanStep[]) {
  const { runId } = service.start(testPlan(steps));
  return { runId, status: await service.wait(runId) };
}

describe.skipIf(!isRoot)('system-python: the distribution\'s pythonX.Y-venv through real apt and dpkg (a fresh Ubuntu/Debian)', () => {
  let host: TestAptHost;
  beforeAll(() => {
    // Python "3.99" so nothing on this machine answers for it: the sysroot's /usr/bin/python3.99 has no ensurepip yet.
    host = createTestAptHost(path.join(tmp, 'apt'), [{ name: 'python3.99-venv', files: { '/usr/lib/python3.99/ensurepip/__init__.py': '# ensurepip\n' } }]);
    mkdirSync(path.join(host.root, 'usr/bin'), { recursive: true });
    writeFileSync(path.join(host.root, 'usr/bin/python3.99'), '');
    mkdirSync(path.join(host.root, 'etc'), { recursive: true });
    Object.assign(process.env, host.env, { DLSETUP_SYSROOT: host.root, DLSETUP_HOME: path.join(tmp, 'data'), DLSETUP_APT_LOCK_TIMEOUT_S: '2' });
  });

  it('on Ubuntu installs python3.99-venv (name from data/, distro read by the step), then finds ensurepip and skips on re-run', async () => {
    writeFileSync(path.join(host.root, 'etc/os-release'), 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\nVERSION_ID="24.04"\nPRETTY_NAME="Ubuntu 24.04 LTS"\n');
    const service = new InstallService({ elevation: 'direct' });
    const first = await run(service, [systemPython('3.99')]);
    expect(first.status.error).toBeUndefined();
    expect(first.status.state).toBe('succeeded');
    expect(existsSync(path.join(host.root, 'usr/lib/python3.99/ensurepip/__init__.py'))).toBe(true);
    const installed = readJournal(first.runId).flatMap((e) => (e.t === 'change' && e.change.type === 'packages-installed' ? [e.change.packages] : []));
    expect(installed).toEqual([['python3.99-venv']]);
    const again = await run(service, [systemPython('3.99')]);
    expect(again.status.steps.map((s) => [s.state, s.message])).toEqual([['skipped', 'Python 3.99 with venv support is installed (/usr/bin/python3.99).']]);
  });

  it('a Python the distribution does not carry fails naming the package and what to do', async () => {
    writeFileSync(path.join(host.root, 'etc/os-release'), 'NAME="Debian GNU/Linux"\nID=debian\nVERSION_ID="12"\nPRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n');
    const status = await run(new InstallService({ elevation: 'direct' }), [systemPython('3.98')]);
    expect(status.status.error?.code).toBe('NOT_AVAILABLE');
    expect(status.status.error?.message).toBe(
      'Debian GNU/Linux 12 (bookworm) has no python3.98-venv package (its archive does not carry Python 3.98). Plan with a Python this system has, or install Python 3.98 yourself, then resume.',
    );
  });

  it('outside Ubuntu and Debian nothing is installed: the step says what to do itself', async () => {
    writeFileSync(path.join(host.root, 'etc/os-release'), 'NAME="Fedora Linux"\nID=fedora\nVERSION_ID=40\nPRETTY_NAME="Fedora Linux 40"\n');
    const { status } = await run(new InstallService({ elevation: 'direct' }), [systemPython('3.97')]);
    expect(status.error?.code).toBe('UNSUPPORTED_OS');
    expect(status.error?.message).toContain("only from Ubuntu's or Debian's packages, and this is Fedora Linux 40");
  });
});

describe('python-env on an interpreter without ensurepip (python3 -m venv on a fresh Debian)', () => {
  it('stops before creating anything, naming python3.X-venv, instead of venv failing half-way', async () => {
    process.env = { ...saved, DLSETUP_HOME: path.join(tmp, 'data-venv') };
    delete process.env.DLSETUP_SYSROOT;
    // A real Python whose ensurepip import fails the way Debian's does without python3.X-venv.
    const shadow = path.join(tmp, 'no-ensurepip');
    mkdirSync(shadow, { recursive: true });
    writeFileSync(path.join(shadow, 'ensurepip.py'), "raise ModuleNotFoundError(\"No module named 'ensurepip'\")\n");
    const interpreter = path.join(tmp, 'python-without-ensurepip');
    writeFileSync(interpreter, `#!/bin/sh\nPYTHONPATH=${shadow} exec /usr/bin/python3 "$@"\n`);
    chmodSync(interpreter, 0o755);
    const envPath = path.join(tmp, 'envs', 'fresh');
    const step: PlanStep = { id: 'python-env', kind: 'python-env', title: 'venv', elevated: false, params: { manager: 'venv', name: 'fresh', path: envPath, interpreter, python: '3.11' } };
    const { status } = await run(new InstallService({ elevation: 'direct' }), [step]);
    expect(status.error?.code).toBe('NOT_AVAILABLE');
    expect(status.error?.message).toBe(
      `${interpreter} cannot create virtual environments: its venv module or ensurepip is missing (Debian and Ubuntu ship them in python3.11-venv). Install python3.11-venv (sudo apt-get install python3.11-venv), or plan again so DL Setup installs it, then resume. Nothing was created.`,
    );
    expect(existsSync(envPath)).toBe(false);
  });
});
