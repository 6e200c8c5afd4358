import { DlsetupError, type ErrorCode } from '../../shared/errors.js';
import { installText, type InstallSay } from './installText.js';

/**
 * An install-engine error that can be said again in another language. Plan params are parsed where no locale is
 * known (the runner, the dry run, the export, the elevated helper), so the error keeps its sentence as a function
 * of `say`: its message is the English one, and callers that know the reader's language say it in that.
 */
export class SayableError extends DlsetupError {
  constructor(
    code: ErrorCode,
    readonly sentence: (say: InstallSay) => string,
  ) {
    super(code, sentence(installText()));
  }
}

/** What went wrong, in `say`'s language where the error can say it, else its message as thrown. */
export function errorMessageIn(error: unknown, say: InstallSay): string {
  if (error instanceof SayableError) return error.sentence(say);
  return error instanceof Error ? error.message : String(error);
}

/** The same error (same code) in `say`'s language, for callers that pass it on; other errors pass unchanged. */
export function errorIn(error: unknown, say: InstallSay): unknown {
  return error instanceof SayableError ? new DlsetupError(error.code, error.sentence(say), { detail: error.detail, cause: error }) : error;
}
