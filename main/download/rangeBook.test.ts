import { describe, expect, it } from 'vitest';
import { ConnectionGovernor } from './connectionGovernor.js';
import { MAX_PIECE_BYTES, MIN_PIECE_BYTES, RangeBook } from './rangeBook.js';

const MB = 1 << 20;

function drain(book: RangeBook, connections: number) {
  const pieces = [];
  for (let piece = book.claim(connections); piece; piece = book.claim(connections)) {
    pieces.push({ ...piece });
    book.written(piece, piece.end - piece.start);
    book.release(piece);
  }
  return pieces;
}

describe('RangeBook: how a large file is split into Range requests', () => {
  it('covers a 1 GiB file exactly once, in bounded pieces that shrink towards the end', () => {
    const size = 1024 * MB + 12345;
    const book = new RangeBook(size);
    const pieces = drain(book, 8);
    // Contiguous, no overlap, nothing missing.
    expect(pieces[0]!.start).toBe(0);
    pieces.forEach((piece, index) => index > 0 && expect(piece.start).toBe(pieces[index - 1]!.end));
    expect(pieces.at(-1)!.end).toBe(size);
    expect(pieces.every((piece) => piece.end - piece.start <= MAX_PIECE_BYTES)).toBe(true);
    // Every piece but the very last is at least the minimum; the last ones are smaller than the first (a balanced tail).
    expect(pieces.slice(0, -1).every((piece) => piece.end - piece.start >= MIN_PIECE_BYTES)).toBe(true);
    expect(pieces.at(-2)!.end - pieces.at(-2)!.start).toBeLessThan(pieces[0]!.end - pieces[0]!.start);
    expect(book.complete).toBe(true);
    expect(book.bytesDone).toBe(size);
  });

  it('gives a half-written piece back from its first missing byte, before any new piece', () => {
    const book = new RangeBook(100 * MB);
    const first = book.claim(4)!;
    const second = book.claim(4)!;
    book.written(first, 1000);
    book.release(first);
    // A cut: the piece stays open with 1000 bytes done; the next claim resumes it rather than opening a third.
    const again = book.claim(4)!;
    expect(again.start).toBe(first.start);
    expect(again.done).toBe(1000);
    expect(book.frontier).toBe(1000);
    book.written(again, again.end - again.start - 1000);
    expect(book.frontier).toBe(again.end);
    expect(second.start).toBe(again.end);
  });

  it('resumes from a saved snapshot with exactly the bytes still missing', () => {
    const book = new RangeBook(64 * MB);
    const a = book.claim(2)!;
    const b = book.claim(2)!;
    book.written(a, a.end - a.start);
    book.written(b, 5000);
    const resumed = new RangeBook(64 * MB, book.snapshot());
    expect(resumed.bytesDone).toBe(a.end - a.start + 5000);
    const missing = drain(resumed, 2).reduce((sum, piece) => sum + (piece.end - piece.start - piece.done), 0);
    expect(missing).toBe(64 * MB - (a.end - a.start) - 5000);
  });
});

describe('ConnectionGovernor: how many connections', () => {
  /** Throughput of n connections under a per-connection cap and a total cap, sampled every 100 ms. */
  function settle(perConnection: number, total: number, governor = new ConnectionGovernor({ initial: 2, max: 8, windowMs: 500, retryMs: 3000 })) {
    let bytes = 0;
    const counts = new Set<number>();
    for (let time = 0; time < 10_000; time += 100) {
      bytes += (Math.min(total, governor.connections * perConnection) * 100) / 1000;
      counts.add(governor.sample(bytes, time));
    }
    return { final: governor.connections, most: Math.max(...counts) };
  }

  it('adds connections while each one adds throughput, up to the server total (8 MB/s each, 64 MB/s in all → 8)', () => {
    expect(settle(8e6, 64e6)).toEqual({ final: 8, most: 8 });
  });

  it('settles at the count that fills the link, trying one more now and then (8 MB/s each, 24 MB/s in all → 3)', () => {
    expect(settle(8e6, 24e6)).toEqual({ final: 3, most: 4 });
  });

  it('keeps its first count when a single connection already fills the link', () => {
    expect(settle(100e6, 10e6)).toEqual({ final: 2, most: 3 });
  });

  it('grows again once the link frees up (another download finished)', () => {
    const governor = new ConnectionGovernor({ initial: 2, max: 8, windowMs: 500, retryMs: 1000 });
    let bytes = 0;
    for (let time = 0; time < 20_000; time += 100) {
      // 8 MB/s per connection; the first 4 s another file takes 40 of the 64 MB/s.
      bytes += (Math.min(time < 4000 ? 24e6 : 64e6, governor.connections * 8e6) * 100) / 1000;
      governor.sample(bytes, time);
      if (time === 3900) expect(governor.connections).toBeLessThanOrEqual(4);
    }
    expect(governor.connections).toBe(8);
  });
});
