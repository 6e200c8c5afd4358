import { readFileSync, readdirSync } from 'node:fs';

/** Our own process table from /proc (not the sysroot: these are DL Setup's children, not the simulated host's). */
function processTable(): { pid: number; ppid: number; argv: string[] }[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const rows: { pid: number; ppid: number; argv: string[] }[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
      rows.push({ pid: Number(name), ppid, argv });
    } catch {
      // The process ended while we looked.
    }
  }
  return rows;
}

/** Every descendant of `pid`, children before grandchildren. */
export function descendantPids(pid: number): number[] {
  const table = processTable();
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const row of table) {
      if (row.ppid === parent) {
        found.push(row.pid);
        queue.push(row.pid);
      }
    }
  }
  return found;
}

/**
 * Cancel kills the whole tree a command started (apt → dpkg → maintainer scripts, pip → build backends),
 * not just the direct child execa knows about.
 */
export function killCommandTree(argv: string[], signal: NodeJS.Signals = 'SIGTERM'): number[] {
  const table = processTable();
  const wanted = argv.join('\0');
  const roots = table.filter((row) => row.ppid === process.pid && row.argv.join('\0').endsWith(wanted));
  const killed: number[] = [];
  for (const root of roots) {
    for (const pid of [...descendantPids(root.pid).reverse(), root.pid]) {
      try {
        process.kill(pid, signal);
        killed.push(pid);
      } catch {
        // Already gone.
      }
    }
  }
  return killed;
}
