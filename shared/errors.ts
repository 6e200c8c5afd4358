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

/** The values a catalog sentence's {{placeholders}} take. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The serialisable shape that crosses every transport. `message` is English (for logs and old readers); `key`
 * ('namespace:key' in locales/) and `params` let the UI and the CLI say it again in the reader's language.
 */
export interface AppError {
  code: ErrorCode;
  message: string;
  detail?: string;
  key?: string;
  params?: MessageParams;
}

export interface DlsetupErrorOptions {
  detail?: string;
  cause?: unknown;
  /** The catalog sentence the message was said from: 'namespace:key' (see translator(...).error). */
  key?: string;
  params?: MessageParams;
}

/** Thrown inside services; transports turn it into an AppError value. */
export class DlsetupError extends Error {
  readonly code: ErrorCode;
  readonly detail?: string;
  readonly key?: string;
  readonly params?: MessageParams;

  constructor(code: ErrorCode, message: string, options?: DlsetupErrorOptions) {
    super(message, { cause: options?.cause });
    this.name = 'DlsetupError';
    this.code = code;
    this.detail = options?.detail;
    this.key = options?.key;
    this.params = options?.params;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Anything thrown becomes an AppError; unknown throws keep their text in `detail`, never a stack in `message`. */
export function toAppError(thrown: unknown): AppError {
  if (thrown instanceof DlsetupError) {
    return {
      code: thrown.code,
      message: thrown.message,
      ...(thrown.detail ? { detail: thrown.detail } : {}),
      ...(thrown.key ? { key: thrown.key } : {}),
      ...(thrown.key && thrown.params ? { params: thrown.params } : {}),
    };
  }
  const text = thrown instanceof Error ? thrown.message : String(thrown);
  return { code: 'INTERNAL', message: 'DL Setup hit an unexpected problem. Please report it with the detail below.', detail: text };
}
