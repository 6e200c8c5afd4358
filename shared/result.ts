import type { AppError } from './errors.js';

/** Every invoke returns this: Electron passes only `message` across a thrown error, so errors travel as values. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: AppError): Result<T> {
  return { ok: false, error };
}
