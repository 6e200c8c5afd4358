/** One byte range of a file: [start, end) with `done` bytes from start already written to the part file. */
export interface Piece {
  start: number;
  end: number;
  done: number;
}

/** Smallest and largest piece one request asks for: small near the end so connections finish together. */
export const MIN_PIECE_BYTES = 1 << 20;
export const MAX_PIECE_BYTES = 16 << 20;

/**
 * Which bytes of a file are written, which are being fetched, and which piece a free connection takes next. Pieces are
 * bounded ranges (`bytes=a-b`), so no request ever runs past its piece: nothing is fetched twice, and a piece left
 * half-done by a cut or a cancel is taken up again from its first missing byte.
 */
export class RangeBook {
  private readonly pieces: Piece[];
  private readonly claimed = new Set<Piece>();
  /** First byte no piece covers yet. */
  private cursor: number;

  constructor(
    readonly size: number,
    pieces: readonly Piece[] = [],
  ) {
    this.pieces = pieces.map((piece) => ({ ...piece })).sort((a, b) => a.start - b.start);
    this.cursor = this.pieces.reduce((far, piece) => Math.max(far, piece.end), 0);
  }

  /** The next piece for one of `connections` workers, or null when every byte is written or being fetched. */
  claim(connections: number): Piece | null {
    // Unfinished pieces nobody fetches (left by a cut or a cancel) go first, lowest first, so the hash frontier moves.
    const open = this.pieces.find((piece) => piece.done < piece.end - piece.start && !this.claimed.has(piece));
    if (open) {
      this.claimed.add(open);
      return open;
    }
    if (this.cursor >= this.size) return null;
    const left = this.size - this.cursor;
    const length = Math.min(left, Math.max(MIN_PIECE_BYTES, Math.min(MAX_PIECE_BYTES, Math.floor(left / (2 * Math.max(1, connections))))));
    const piece = { start: this.cursor, end: this.cursor + length, done: 0 };
    this.cursor += length;
    this.pieces.push(piece);
    this.claimed.add(piece);
    return piece;
  }

  /** `bytes` more of `piece` are on disk. */
  written(piece: Piece, bytes: number): void {
    piece.done = Math.min(piece.end - piece.start, piece.done + bytes);
  }

  /** The worker stopped (finished, cut or cancelled); what it did not write stays open for the next claim. */
  release(piece: Piece): void {
    this.claimed.delete(piece);
  }

  get bytesDone(): number {
    return this.pieces.reduce((sum, piece) => sum + piece.done, 0);
  }

  get complete(): boolean {
    return this.cursor >= this.size && this.pieces.every((piece) => piece.done === piece.end - piece.start);
  }

  /** Every byte below this is written: what the running sha256 may read. */
  get frontier(): number {
    let at = 0;
    for (const piece of this.pieces) {
      if (piece.start > at) break;
      at = Math.max(at, piece.start + piece.done);
      if (piece.done < piece.end - piece.start) break;
    }
    return at;
  }

  /** What a resume needs, as the state file stores it. */
  snapshot(): Piece[] {
    return this.pieces.map((piece) => ({ ...piece }));
  }
}

