import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturesDir } from '../../testkit/fixturePath.js';
import { hostileText, NEVER_ACCEPTED } from '../../testkit/hostileInputs.js';
import { diagnoseFailure } from './diagnoseFailure.js';
import { diagnoseText } from './diagnoseText.js';
import { formatDiagnosis } from './formatDiagnosis.js';
import { normalizeText } from './normalizeText.js';
import { recognizeKind } from './recognizeKind.js';

/**
 * Fuzzing the Troubleshoot paste and step-failure diagnosis (issue 15, item 9): whatever is pasted, the engine answers
 * with a diagnosis (possibly none) and prints it, never throws, never hangs.
 */

/** Every capture in fixtures/ (what people paste), each cut to 16 KB. */
function captures(dir = fixturesDir): string[] {
  const texts: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) texts.push(...captures(file));
    else if (!name.endsWith('.md')) texts.push(readFileSync(file, 'utf8').slice(0, 16_384));
  }
  return texts;
}

let inputs = 0;
let through = 0;
afterAll(() => {
  // Quoted by the closing note: inputs tried per boundary and how many got through (must be 0).
  console.log(`fuzz diagnose (paste and step failure): ${inputs} hostile inputs, ${through} got through`);
});

describe('fuzz: diagnose', () => {
  it('pasted text and failed steps: a diagnosis that prints, in both languages, never a throw', () => {
    const real = captures();
    const pasted = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(fc.constantFrom(...real), fc.nat(), fc.oneof(fc.constantFrom(...NEVER_ACCEPTED), fc.string({ unit: 'binary', maxLength: 30 })), fc.nat({ max: 40 })).map(([text, at, piece, cut]) => {
          const index = text.length ? at % text.length : 0;
          return text.slice(0, index) + piece + text.slice(index + cut);
        }),
      },
      { weight: 2, arbitrary: hostileText.map((text) => text.slice(0, 50_000)) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...real), fc.constantFrom(...real)).map(([a, b]) => `\`\`\`\n$ nvidia-smi\n${a}\n\`\`\`\n> ${b.split('\n').join('\n> ')}`) },
      // Unclosed tags after a real root: the shape that froze readXml; kept small here, its own test holds the 60 KB case.
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_000 }).map((count) => `<?xml version="1.0" ?>\n<nvidia_smi_log>${'<a '.repeat(count)}`) },
    );
    fc.assert(
      fc.property(pasted, fc.constantFrom('en', 'zh-CN') as fc.Arbitrary<'en' | 'zh-CN'>, (text, locale) => {
        inputs += 1;
        let problem: string | null = null;
        try {
          const result = diagnoseText(text, { locale });
          expect(typeof formatDiagnosis(result)).toBe('string');
          expect(typeof recognizeKind(text)).toBe('string');
          expect(typeof normalizeText(text)).toBe('string');
          const failure = diagnoseFailure({ code: 'COMMAND_FAILED', message: text.slice(0, 2_000), log: text }, { locale });
          expect(Array.isArray(failure.diagnoses)).toBe(true);
        } catch (error) {
          problem = `${(error as Error).name}: ${(error as Error).message}`;
        }
        if (problem) through += 1;
        expect(problem).toBeNull();
      }),
      { numRuns: 1_000, seed: 15_096, interruptAfterTimeLimit: 15_000, markInterruptAsFailure: true },
    );
  });
});
