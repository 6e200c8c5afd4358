import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Piece } from './rangeBook.js';

/** What a segmented download leaves beside its `.part` so a cut, a cancel or a reboot resumes at the missing bytes. */
export interface RangeState {
  version: 1;
  sha256: string;
  size: number;
  pieces: Piece[];
}

/** An 8 GiB file in 1 MiB pieces is under 8,200 pieces and 400 KB of state; past these it is not a state DL Setup wrote. */
const MAX_STATE_BYTES = 4 << 20;
const MAX_PIECES = 65_536;

export function rangeStatePath(partPath: string): string {
  return `${partPath}.ranges.json`;
}

function validPiece(value: unknown, size: number): value is Piece {
  const piece = value as Piece;
  return (
    typeof piece === 'object' &&
    piece !== null &&
    [piece.start, piece.end, piece.done].every((n) => Number.isSafeInteger(n) && n >= 0) &&
    piece.start < piece.end &&
    piece.end <= size &&
    piece.done <= piece.end - piece.start
  );
}

/**
 * The state for this file (same sha256), or null when there is none or it cannot be trusted: a state that does not
 * add up is dropped, and the download starts over rather than splice bytes it cannot place.
 */
export async function readRangeState(partPath: string, sha256: string): Promise<RangeState | null> {
  let parsed: unknown;
  try {
    if ((await stat(rangeStatePath(partPath))).size > MAX_STATE_BYTES) return null;
    parsed = JSON.parse(await readFile(rangeStatePath(partPath), 'utf8'));
  } catch {
    return null;
  }
  const state = parsed as RangeState;
  if (state?.version !== 1 || state.sha256 !== sha256 || !Number.isSafeInteger(state.size) || state.size <= 0) return null;
  if (!Array.isArray(state.pieces) || state.pieces.length > MAX_PIECES || !state.pieces.every((piece) => validPiece(piece, state.size))) return null;
  const sorted = [...state.pieces].sort((a, b) => a.start - b.start);
  if (sorted.some((piece, index) => index > 0 && piece.start < sorted[index - 1]!.end)) return null;
  return { version: 1, sha256, size: state.size, pieces: sorted };
}

/** Written whole then renamed over the old one: a crash mid-write leaves the previous state, never half a file. */
export async function writeRangeState(partPath: string, state: Omit<RangeState, 'version'>): Promise<void> {
  const file = rangeStatePath(partPath);
  await writeFile(`${file}.tmp`, JSON.stringify({ version: 1, ...state }), { mode: 0o600 });
  await rename(`${file}.tmp`, file);
}

export async function removeRangeState(partPath: string): Promise<void> {
  await rm(rangeStatePath(partPath), { force: true });
  await rm(`${rangeStatePath(partPath)}.tmp`, { force: true });
}
