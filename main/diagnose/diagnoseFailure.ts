import type { DiagnoseResult } from '../../shared/types/diagnose.js';
import { diagnoseText, type DiagnoseOptions } from './diagnoseText.js';

export interface StepFailure {
  /** The step's error code (shared/errors.ts), e.g. COMMAND_FAILED. */
  code: string;
  message: string;
  /** The step's log or the failed command's output tail. */
  log?: string;
}

/**
 * Diagnoses a failed install or verify step with the same knowledge base as pasted text; the UI shows the result
 * next to the step. Message and log are read together, so a cause named in either is found.
 */
export function diagnoseFailure(failure: StepFailure, options: DiagnoseOptions = {}): DiagnoseResult {
  const text = [failure.log ?? '', failure.message].filter((part) => part.trim() !== '').join('\n');
  return diagnoseText(text, options);
}
