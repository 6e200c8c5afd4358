import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootMachine, DLSETUP, writePlan, type DistroMachine } from '../../testkit/distro/machine.js';
import { startProxyProcess } from '../../testkit/distro/proxyProcess.mjs';
import { testPlan } from '../../testkit/install/testPlan.js';

// Item 4 of issue 19: real faults on a real Debian 12 root. The step is the system-python one (apt-get install
// python3.11-venv through the elevated path, as the Python plan adds it on a fresh Debian). These runs are root
// ('direct' elevation, as on CI) so DLSETUP_APT_LOCK_TIMEOUT_S reaches apt; sudo would drop it.
const PLAN = testPlan([{ id: 'venv', kind: 'system-python', title: 'Install python3.11-venv', elevated: true, params: { python: '3.11' } }]);
const AS_ROOT = { DLSETUP_APT_LOCK_TIMEOUT_S: '5', DLSETUP_HOME: '/root/dlsetup' };

let machine: DistroMachine | null = null;
afterEach(() => {
  machine?.close();
  machine = null;
});

const dpkgStatus = async (m: DistroMachine, name: string) => (await m.run(['dpkg-query', '-W', '-f', '${db:Status-Abbrev}', name])).stdout.trim();
const runIdOf = (text: string) => /\b(\d{8}-\d{6}-[a-z0-9]{6})\b/.exec(text)?.[1] ?? '';
// The CLI says the sentence; the code is in the run's journal (and --json), where the wizard and scripts read it.
const errorCodeOf = (m: DistroMachine, text: string) => {
  const journal = readFileSync(path.join(m.root, AS_ROOT.DLSETUP_HOME.slice(1), 'runs', `${runIdOf(text)}.jsonl`), 'utf8');
  return journal.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { t: string; errorCode?: string }).find((entry) => entry.t === 'run-finished')?.errorCode;
};

describe('real faults on Debian 12', () => {
  it('the dpkg lock held by a real apt-get: APT_LOCKED naming it, and --resume succeeds once it lets go', async () => {
    machine = bootMachine();
    const m = machine;
    // apt-get holds the frontend lock while it asks "Do you want to continue?".
    const holder = m.start(['apt-get', 'remove', 'sudo'], { env: { LC_ALL: 'C' } });
    let asked = '';
    await new Promise<void>((resolve) => holder.stdout!.on('data', (chunk) => {
      asked += chunk;
      if (asked.includes('Do you want to continue')) resolve();
    }));
    const file = writePlan(m, 'venv', PLAN);
    const locked = await m.run([...DLSETUP, 'install', '--plan', file, '--yes'], { env: AS_ROOT });
    expect(locked.code).not.toBe(0);
    expect(errorCodeOf(m, locked.output), locked.output).toBe('APT_LOCKED');
    expect(locked.output).toContain('so apt is locked');
    // chroot and env exec, so the pid apt names is the one started here.
    expect(locked.output).toContain('apt-get');
    expect(locked.output).toContain(String(holder.pid));
    expect(await dpkgStatus(m, 'python3.11-venv')).not.toBe('ii');
    holder.stdin!.end('n\n');
    await new Promise((resolve) => holder.on('close', resolve));
    const resumed = await m.run([...DLSETUP, 'install', runIdOf(locked.output), '--resume', '--yes'], { env: AS_ROOT });
    expect(resumed.code, resumed.output).toBe(0);
    expect(await dpkgStatus(m, 'python3.11-venv')).toBe('ii');
  });

  it('a download cut by stopping the proxy: a network error, nothing unpacked or half-configured (dpkg --audit clean)', async () => {
    // An empty archive folder of its own, so the .debs really cross the (slow) link that gets cut.
    const archives = mkdtempSync(path.join(os.tmpdir(), 'distro-archives-'));
    const tally = path.join(archives, '..', `${path.basename(archives)}.tally`);
    writeFileSync(tally, '');
    const link = await startProxyProcess(tally, 200_000);
    try {
      machine = bootMachine({ archives, proxy: link.url });
      const m = machine;
      const selections = (await m.run(['dpkg', '--get-selections'])).stdout;
      const file = writePlan(m, 'venv', PLAN);
      const running = m.run([...DLSETUP, 'install', '--plan', file, '--yes'], { env: AS_ROOT });
      // Cut once some of a package has arrived.
      const live = `${tally}.live`;
      for (let waited = 0; waited < 120_000; waited += 200) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const got = (() => {
          try {
            return readFileSync(live, 'utf8').split('\n').filter(Boolean).reduce((sum, line) => sum + Number(line), 0);
          } catch {
            return 0;
          }
        })();
        if (got > 300_000) break;
      }
      await link.stop();
      const cut = await running;
      expect(cut.code).not.toBe(0);
      expect(errorCodeOf(m, cut.output), cut.output).toBe('NETWORK');
      expect(cut.output).toMatch(/network|connection/i);
      expect((await m.run(['dpkg', '--audit'])).stdout.trim()).toBe('');
      expect((await m.run(['dpkg', '--get-selections'])).stdout).toBe(selections);
    } finally {
      await link.stop();
      machine?.close();
      machine = null;
      rmSync(archives, { recursive: true, force: true });
    }
  });

  it('a full disk (a 256 kB tmpfs for apt\'s archive): DISK_FULL, nothing changed, and --resume finishes once there is room', async () => {
    machine = bootMachine();
    const m = machine;
    const selections = (await m.run(['dpkg', '--get-selections'])).stdout;
    // python3.11-venv with its dependencies is ~2.5 MB of .debs: 256 kB cannot hold them.
    m.mountTmpfs('var/cache/apt/archives', '256k');
    const file = writePlan(m, 'venv', PLAN);
    const full = await m.run([...DLSETUP, 'install', '--plan', file, '--yes'], { env: AS_ROOT });
    expect(full.code).not.toBe(0);
    expect(errorCodeOf(m, full.output), full.output).toBe('DISK_FULL');
    expect((await m.run(['dpkg', '--audit'])).stdout.trim()).toBe('');
    expect((await m.run(['dpkg', '--get-selections'])).stdout).toBe(selections);
    m.unmountExtra();
    const resumed = await m.run([...DLSETUP, 'install', runIdOf(full.output), '--resume', '--yes'], { env: AS_ROOT });
    expect(resumed.code, resumed.output).toBe(0);
    expect(await dpkgStatus(m, 'python3.11-venv')).toBe('ii');
  });
});
