/** One HTTP attempt that failed: `retryable` says whether the next attempt may succeed (a cut) or not (a 404). */
export class AttemptError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}
