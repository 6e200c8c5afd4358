import { createHash, type Hash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

const READ_BYTES = 4 << 20;

/**
 * The sha256 of a file being written in parallel pieces, computed while it downloads: it reads back (from the page
 * cache) every byte below the written frontier, so when the last piece lands only the tail is left to hash instead
 * of the whole gigabyte. One 4 MiB buffer, whatever the file's size.
 */
export class FrontierHash {
  private readonly hash: Hash = createHash('sha256');
  private readonly buffer = Buffer.allocUnsafe(READ_BYTES);
  private hashed = 0;
  private running: Promise<void> | null = null;
  private failure: unknown = null;

  constructor(private readonly part: FileHandle) {}

  /** Hashes up to `frontier` in the background; a call while one runs is dropped (the next one catches up). */
  advance(frontier: number): void {
    if (this.running || frontier <= this.hashed) return;
    this.running = this.catchUp(frontier)
      .catch((error: unknown) => void (this.failure ??= error))
      .finally(() => (this.running = null));
  }

  /** The digest once every byte up to `size` is hashed. */
  async digest(size: number): Promise<string> {
    await this.running;
    if (this.failure) throw this.failure;
    await this.catchUp(size);
    return this.hash.digest('hex');
  }

  private async catchUp(frontier: number): Promise<void> {
    while (this.hashed < frontier) {
      const { bytesRead } = await this.part.read(this.buffer, 0, Math.min(READ_BYTES, frontier - this.hashed), this.hashed);
      if (bytesRead === 0) break;
      this.hash.update(this.buffer.subarray(0, bytesRead));
      this.hashed += bytesRead;
    }
  }
}
