import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DistroMachine } from '../distro/machine.js';

/** One host's line of Ansible's PLAY RECAP. */
export interface RecapLine {
  ok: number;
  changed: number;
  unreachable: number;
  failed: number;
  skipped: number;
  rescued: number;
  ignored: number;
}

export interface PlaybookRun {
  code: number;
  output: string;
  recap: Record<string, RecapLine>;
  seconds: number;
}

/** The lane's hosts as Ansible sees them: each a Debian root reached through community.general.chroot (no network). */
export function writeInventory(file: string, hosts: { name: string; machine: DistroMachine }[]): string {
  const lines = ['[fleet]', ...hosts.map(({ name, machine }) => `${name} ansible_host=${machine.root}`), '', '[fleet:vars]', 'ansible_connection=community.general.chroot', 'ansible_python_interpreter=/usr/bin/python3', ''];
  writeFileSync(file, lines.join('\n'));
  return file;
}

/** "h1 : ok=12 changed=3 unreachable=0 failed=0 skipped=4 rescued=0 ignored=0" per host. */
export function parseRecap(output: string): Record<string, RecapLine> {
  const recap: Record<string, RecapLine> = {};
  const at = output.lastIndexOf('PLAY RECAP');
  if (at < 0) return recap;
  for (const line of output.slice(at).split('\n').slice(1)) {
    const match = /^(\S+)\s+:\s+(.*)$/.exec(line.trim());
    if (!match) continue;
    const counts = Object.fromEntries([...match[2]!.matchAll(/(\w+)=(\d+)/g)].map((m) => [m[1]!, Number(m[2])]));
    recap[match[1]!] = { ok: 0, changed: 0, unreachable: 0, failed: 0, skipped: 0, rescued: 0, ignored: 0, ...counts };
  }
  return recap;
}

/**
 * `ansible-playbook` as an admin runs it, from `cwd`, with HOME=/root (the chroot connection passes the control side's
 * environment on, and a real SSH login's HOME is the user's own) and Ansible's own files in `scratch`.
 */
export function runPlaybook(cwd: string, args: string[], scratch: string): Promise<PlaybookRun> {
  mkdirSync(scratch, { recursive: true });
  const started = Date.now();
  const env = {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: '/root',
    LANG: 'C.UTF-8',
    ANSIBLE_HOME: path.join(scratch, 'ansible-home'),
    ANSIBLE_LOCAL_TEMP: path.join(scratch, 'ansible-local'),
    ANSIBLE_NOCOLOR: '1',
    ANSIBLE_FORCE_COLOR: '0',
    ANSIBLE_RETRY_FILES_ENABLED: '0',
    ANSIBLE_HOST_KEY_CHECKING: '0',
    ANSIBLE_DEPRECATION_WARNINGS: '0',
  };
  const child = spawn('ansible-playbook', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, output, recap: parseRecap(output), seconds: Math.round((Date.now() - started) / 100) / 10 })));
}

/** Keeps a run's recap for the lane's summary (scripts/testFleet.mjs prints them) and its whole output in the lane's logs. */
export function keepRecap(label: string, run: PlaybookRun): void {
  const logs = process.env.DLSETUP_FLEET_LOGS;
  if (logs) writeFileSync(path.join(logs, `${label.replace(/[^A-Za-z0-9.-]+/g, '-')}.log`), run.output);
  const dir = process.env.DLSETUP_FLEET_RUN;
  if (dir) appendFileSync(path.join(dir, 'recaps.jsonl'), `${JSON.stringify({ label, seconds: run.seconds, hosts: run.recap })}\n`);
}

/** A real apt-get holding dpkg's frontend lock at its "Do you want to continue?" prompt; release() answers no. */
export async function holdAptLock(machine: DistroMachine): Promise<{ pid: number; release(): Promise<void> }> {
  const holder = machine.start(['apt-get', 'remove', 'sudo'], { env: { LC_ALL: 'C' } });
  let asked = '';
  await new Promise<void>((resolve, reject) => {
    holder.once('close', () => reject(new Error(`apt-get exited before it held the lock:\n${asked}`)));
    holder.stdout!.on('data', (chunk) => {
      asked += chunk;
      if (asked.includes('Do you want to continue')) resolve();
    });
  });
  holder.removeAllListeners('close');
  return {
    pid: holder.pid!,
    release: () =>
      new Promise((resolve) => {
        if (holder.exitCode !== null) return resolve();
        holder.once('close', () => resolve());
        holder.stdin!.end('n\n');
      }),
  };
}
