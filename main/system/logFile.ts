import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { terminalSafe } from '../../shared/text/terminalSafe.js';
import { redactSecrets } from './redactSecrets.js';

export interface LogFileOptions {
  dir: string;
  /** The file is `<name>.log`; older ones are `<name>.1.log` (newest) … `<name>.<keep-1>.log`. */
  name?: string;
  /** A file is rotated before a write would take it past this size. */
  maxBytes?: number;
  /** How many files are kept, the current one included. */
  keep?: number;
}

/** The longest entry kept whole: one entry can never fill a file by itself. */
const MAX_ENTRY_CHARS = 16_384;

/**
 * A size-rotated log that several processes (the app, `dlsetup serve`, CLI runs) may append to at once. Every entry is
 * redacted and time-stamped; a log that cannot be written is given up silently, because logging must never fail what it records.
 */
export class LogFile {
  readonly dir: string;
  readonly file: string;
  private readonly name: string;
  private readonly maxBytes: number;
  private readonly keep: number;

  constructor(options: LogFileOptions) {
    this.dir = options.dir;
    this.name = options.name ?? 'dlsetup';
    this.maxBytes = options.maxBytes ?? 1024 * 1024;
    this.keep = Math.max(1, options.keep ?? 5);
    this.file = this.generation(0);
  }

  /** Appends one entry (several lines are fine), prefixed with the time and `source`, e.g. `cli 4242`. */
  write(source: string, text: string): void {
    const body = text.length > MAX_ENTRY_CHARS ? `${text.slice(0, MAX_ENTRY_CHARS)}… (${text.length - MAX_ENTRY_CHARS} more characters)` : text;
    // Redacted, and escaped as the terminal would show it: a log is read with cat and less.
    const entry = `${new Date().toISOString()} [${source}] ${terminalSafe(redactSecrets(body)).trimEnd()}\n`;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const size = this.sizeNow();
      if (size > 0 && size + Buffer.byteLength(entry) > this.maxBytes) this.rotate();
      appendFileSync(this.file, entry, { mode: 0o600 });
    } catch {
      // A full disk or a read-only home: the program goes on without its log.
    }
  }

  /** The log files that exist, newest first. */
  files(): string[] {
    return Array.from({ length: this.keep }, (_, index) => this.generation(index)).filter((file) => this.sizeOf(file) !== null);
  }

  private generation(index: number): string {
    return path.join(this.dir, index === 0 ? `${this.name}.log` : `${this.name}.${index}.log`);
  }

  private sizeOf(file: string): number | null {
    try {
      return statSync(file).size;
    } catch {
      return null;
    }
  }

  private sizeNow(): number {
    return this.sizeOf(this.file) ?? 0;
  }

  /** Shifts every file one generation older and drops the oldest; another process rotating at the same moment only costs a file. */
  private rotate(): void {
    rmSync(this.generation(this.keep - 1), { force: true });
    for (let index = this.keep - 2; index >= 0; index -= 1) {
      try {
        renameSync(this.generation(index), this.generation(index + 1));
      } catch {
        // Missing (fewer files so far, or another process moved it first).
      }
    }
  }
}
