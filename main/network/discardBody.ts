import type { Dispatcher } from 'undici';

/** What is read of a body nobody needs (a redirect's, an error page) before its connection is dropped instead. */
const DISCARD_BYTES = 64 << 10;
const DISCARD_MS = 2000;

/**
 * Drops a response body that is not used: up to 64 KiB within 2 s are read so the connection can be reused; past either
 * the connection is closed. undici's plain dump() waits on a slow body with no end in time.
 */
export async function discardBody(response: Dispatcher.ResponseData): Promise<void> {
  const timer = setTimeout(() => response.body.destroy(), DISCARD_MS);
  try {
    await response.body.dump({ limit: DISCARD_BYTES });
  } catch {
    // Destroyed or cut: either way the body is gone.
  } finally {
    clearTimeout(timer);
  }
}

/** Closes a refused response's connection at once (a body past a bound is never read); its abort error is expected. */
export function dropBody(response: Dispatcher.ResponseData): void {
  response.body.on('error', () => undefined);
  response.body.destroy();
}
