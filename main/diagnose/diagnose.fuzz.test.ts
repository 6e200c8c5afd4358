import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureCaptures, fuzzRuns, fuzzTally, splicedCapture } from '../../testkit/fuzzRuns.js';
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

// Quoted by the closing note: inputs tried per boundary and how many got through (must be 0).
const tally = fuzzTally(({ inputs, through }) => `fuzz diagnose (paste and step failure): ${inputs} hostile inputs, ${through} got through`);

describe('fuzz: diagnose', () => {
  it('pasted text and failed steps: a diagnosis that prints, in both languages, never a throw', () => {
    const real = fixtureCaptures();
    const pasted = fc.oneof(
      {
        weight: 4,
        arbitrary: splicedCapture(real, fc.oneof(fc.constantFrom(...NEVER_ACCEPTED), fc.string({ unit: 'binary', maxLength: 30 }))),
      },
      { weight: 2, arbitrary: hostileText.map((text) => text.slice(0, 50_000)) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...real), fc.constantFrom(...real)).map(([a, b]) => `\`\`\`\n$ nvidia-smi\n${a}\n\`\`\`\n> ${b.split('\n').join('\n> ')}`) },
      // Unclosed tags after a real root: the shape that froze readXml; kept small here, its own test holds the 60 KB case.
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_000 }).map((count) => `<?xml version="1.0" ?>\n<nvidia_smi_log>${'<a '.repeat(count)}`) },
    );
    fc.assert(
      fc.property(pasted, fc.constantFrom('en', 'zh-CN') as fc.Arbitrary<'en' | 'zh-CN'>, (text, locale) => {
        tally.inputs += 1;
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
        if (problem) tally.through += 1;
        expect(problem).toBeNull();
      }),
      fuzzRuns(1_000, 15_096, 15_000),
    );
  });
});
