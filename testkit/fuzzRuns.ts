import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll } from 'vitest';
import { fixturesDir } from './fixturePath.js';

/**
 * What the capture-based fuzz tests share (issue 15, item 9): the real captures they break, the splice that breaks
 * them, the fixed-seed run options, and the tally each prints after its runs (the closing note quotes those lines).
 */

/** Every capture in fixtures/ (what tools print and people paste), each cut to `maxChars`; notes (*.md) left out. */
export function fixtureCaptures(dir = fixturesDir, maxChars = 16_384): string[] {
  const texts: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) texts.push(...fixtureCaptures(file, maxChars));
    else if (!name.endsWith('.md')) texts.push(readFileSync(file, 'utf8').slice(0, maxChars));
  }
  return texts;
}

/** A real capture with `piece` spliced in at any place, replacing up to 40 characters there. */
export function splicedCapture(real: readonly string[], piece: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...real), fc.nat(), piece, fc.nat({ max: 40 })).map(([text, at, inserted, removed]) => {
    const index = text.length ? at % text.length : 0;
    return text.slice(0, index) + inserted + text.slice(index + removed);
  });
}

/** Reproducible runs: a fixed seed, and running past `timeLimitMs` fails instead of silently trying fewer inputs. */
export function fuzzRuns(numRuns: number, seed: number, timeLimitMs: number) {
  return { numRuns, seed, interruptAfterTimeLimit: timeLimitMs, markInterruptAsFailure: true };
}

export interface FuzzTally {
  /** Hostile inputs tried. */
  inputs: number;
  /** Calls made with them (an input may go to many parsers). */
  calls: number;
  /** Inputs or calls that got through: a crash or an acceptance that must not happen. Must stay 0. */
  through: number;
}

/** A tally for one boundary, printed by `line` after the file's tests so the run shows how much was tried. */
export function fuzzTally(line: (tally: FuzzTally) => string): FuzzTally {
  const tally: FuzzTally = { inputs: 0, calls: 0, through: 0 };
  afterAll(() => {
    console.log(line(tally));
  });
  return tally;
}
