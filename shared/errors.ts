/** The closed set of failures a user can meet; each has a message they can act on (docs/design.md §3). */
export const ERROR_CODES = [
  'INVALID_ARGUMENT',
  'UNKNOWN_CHANNEL',
  'NOT_AVAILABLE',
  'INTERNAL',
  'UNAUTHORIZED',
  'DRIVER_TOO_OLD',
  'NO_SUPPORTED_GPU',
  'UNSUPPORTED_OS',
  'DISK_FULL',
  'NETWORK',
  'COMMAND_FAILED',
  'COMMAND_NOT_FOUND',
  'TIMEOUT',
  'CANCELLED',
  'ELEVATION_DENIED',
  'APT_LOCKED',
  'CHECKSUM_MISMATCH',
  'DATA_OUT_OF_DATE',
  'PLAN_BLOCKED',
  'NOT_FOUND',
  'BUSY',
  'JOURNAL_DAMAGED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The serialisable shape that crosses every transport. */
export interface AppError {
  code: ErrorCode;
  message: string;
  detail?: string;
}

/** Thrown inside services; transports turn it into an AppError value. */
export class DlsetupError extends Error {
  readonly code: ErrorCode;
  readonly detail?: string;

  constructor(code: ErrorCode, message: string, options?: { detail?: string; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = 'DlsetupError';
    this.code = code;
    this.detail = options?.detail;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Anything thrown becomes an AppError; unknown throws keep their text in `detail`, never a stack in `message`. */
export function toAppError(thrown: unknown): AppError {
  if (thrown instanceof DlsetupError) {
    return { code: thrown.code, message: thrown.message, ...(thrown.detail ? { detail: thrown.detail } : {}) };
  }
  const text = thrown instanceof Error ? thrown.message : String(thrown);
  return { code: 'INTERNAL', message: 'DL Setup hit an unexpected problem. Please report it with the detail below.', detail: text };
}
