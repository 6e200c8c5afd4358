import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { DistroMachine } from './machine.js';

/** What rollback must give back: dpkg's selections and a hash per file (or link target) under /etc and /usr/local. */
export interface MachineSnapshot {
  selections: string;
  files: Map<string, string>;
}

function hashTree(root: string, relative: string, into: Map<string, string>): void {
  const here = path.join(root, relative);
  for (const name of readdirSync(here).sort()) {
    const inside = path.posix.join(relative, name);
    const info = lstatSync(path.join(root, inside));
    if (info.isDirectory()) {
      into.set(`${inside}/`, `dir ${(info.mode & 0o7777).toString(8)}`);
      hashTree(root, inside, into);
    } else if (info.isSymbolicLink()) into.set(inside, `link ${readlinkSync(path.join(root, inside))}`);
    else if (info.isFile()) into.set(inside, `${(info.mode & 0o7777).toString(8)} ${createHash('sha256').update(readFileSync(path.join(root, inside))).digest('hex')}`);
  }
}

export async function snapshot(machine: DistroMachine): Promise<MachineSnapshot> {
  const selections = await machine.run(['dpkg', '--get-selections']);
  const files = new Map<string, string>();
  for (const top of ['/etc', '/usr/local']) hashTree(machine.root, top, files);
  return { selections: selections.stdout, files };
}

/** Lines that differ, readable in a failed expectation: "+ added", "- removed", "~ changed". */
export function differences(before: MachineSnapshot, after: MachineSnapshot): string[] {
  const lines: string[] = [];
  const sel = (text: string) => new Set(text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean));
  const [a, b] = [sel(before.selections), sel(after.selections)];
  for (const line of b) if (!a.has(line)) lines.push(`+ dpkg ${line}`);
  for (const line of a) if (!b.has(line)) lines.push(`- dpkg ${line}`);
  for (const file of after.files.keys()) if (!before.files.has(file)) lines.push(`+ ${file}`);
  for (const [file, hash] of before.files) {
    if (!after.files.has(file)) lines.push(`- ${file}`);
    else if (after.files.get(file) !== hash) lines.push(`~ ${file}`);
  }
  return lines;
}
