import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A pair of named pipes that hold a stand-in command mid-way without timing: the command writes to `ready` (the test
 * reads it: the command has reached that point) and then waits on `go` until the test writes to it.
 */
export interface FifoGate {
  /** sh lines that announce and wait; run once per gate (later calls pass straight through). */
  readonly sh: string;
  /** Resolves when the command has reached the gate; rejects if `exited` settles first. */
  reached(exited: Promise<unknown>): Promise<void>;
  /** Lets the waiting command go on. */
  open(): Promise<void>;
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function fifoGate(dir: string, name: string): FifoGate {
  const ready = path.join(dir, `${name}.ready`);
  const go = path.join(dir, `${name}.go`);
  const once = path.join(dir, `${name}.passed`);
  execFileSync('mkfifo', [ready, go]);
  return {
    sh: `if mkdir ${quote(once)} 2>/dev/null; then echo ready > ${quote(ready)}; read line < ${quote(go)}; fi`,
    async reached(exited) {
      const arrived = readFile(ready, 'utf8').then(() => undefined);
      const ended = exited.then((result) => {
        throw new Error(`the command ended before reaching the gate: ${JSON.stringify(result).slice(0, 2000)}`);
      });
      try {
        await Promise.race([arrived, ended]);
      } catch (error) {
        // Unblock the pending read of `ready` so no thread stays stuck on the pipe.
        await writeFile(ready, '');
        throw error;
      }
    },
    async open() {
      await writeFile(go, 'go\n');
    },
  };
}
