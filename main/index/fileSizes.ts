import { IndexError } from './indexErrors.js';
import type { IndexSession } from './indexSession.js';
import type { ResolvedFile } from './resolvedFile.js';

/** A torch stack is ~25 files; a resolution with more sizeless files than this keeps the rest unknown. */
const MAX_ASKED = 40;
/** A size beyond a wheel's (20 GB) is not believed. */
const MAX_WHEEL_BYTES = 20e9;

/**
 * Sizes an index page did not give (PEP 503 pages such as download.pytorch.org's carry none): each file's first byte
 * asked for, whose Content-Range names its length (then cached: a file does not change under its URL). A file that
 * does not answer so keeps an unknown size; the resolution's own bounds (time, cancel) stop the asking, never the plan.
 */
export async function withFileSizes(session: IndexSession, files: ResolvedFile[]): Promise<ResolvedFile[]> {
  const asked = files.filter((file) => file.size === null).slice(0, MAX_ASKED);
  const sizes = new Map<string, number>();
  await Promise.all(
    asked.map(async (file) => {
      try {
        const size = await session.fileSize(new URL(file.url));
        if (size !== null && size <= MAX_WHEEL_BYTES) sizes.set(file.url, size);
      } catch (error) {
        // One file that does not answer leaves its size unknown; anything else is not this step's to swallow.
        if (!(error instanceof IndexError)) throw error;
      }
    }),
  );
  return files.map((file) => (file.size === null && sizes.has(file.url) ? { ...file, size: sizes.get(file.url)! } : file));
}
