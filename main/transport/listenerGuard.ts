export type ServeLog = (line: string) => void;

function describe(thrown: unknown): string {
  return thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
}

/**
 * The last-resort guard of `dlsetup serve`: wraps an event listener so that a throw or a rejected promise is logged and
 * handed to `recover` (answer 500, close that socket) instead of ending the process and any install it runs.
 */
export function guarded<A extends unknown[]>(log: ServeLog, what: string, listener: (...args: A) => unknown, recover: (...args: A) => void): (...args: A) => void {
  return (...args: A) => {
    const fail = (thrown: unknown): void => {
      log(`dlsetup serve: ${what} failed: ${describe(thrown)}\n`);
      try {
        recover(...args);
      } catch {
        // The connection is already gone; nothing is left to answer.
      }
    };
    try {
      const result = listener(...args);
      if (result instanceof Promise) result.catch(fail);
    } catch (thrown) {
      fail(thrown);
    }
  };
}
