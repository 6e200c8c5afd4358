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

/** A server claimed or sent more than the download's bound: never retried, and the part is removed (it is another file). */
export class BoundExceeded extends AttemptError {
  constructor(message: string) {
    super(message, false);
    this.name = 'BoundExceeded';
  }
}
