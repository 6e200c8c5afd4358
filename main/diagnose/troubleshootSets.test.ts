import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../testkit/fixturePath.js';
import { diagnoseText } from './diagnoseText.js';

/**
 * Issue 31's measure: real texts from public threads, each with its thread, that no pattern was written from when they
 * were scored. Set 3 (121 texts, fixtures/troubleshoot-set-3/) was split by family into a development half and a held-out
 * half before any pattern was written; its held-out half scored 50/60 once, and became development when set 4 was
 * collected. Set 4 (fixtures/troubleshoot-set-4/, 119 texts collected after set 3 was scored, by someone who never read
 * the patterns) is the held-out set now; set 5 (fixtures/troubleshoot-set-5/) is development texts. A text is right when Troubleshoot's first diagnosis is its family. The floors
 * are the scores measured, so a change that loses ground fails, and a rise is recorded by raising the floor.
 */
interface SetText {
  id: string;
  code: string;
  text: string;
  source: string;
}

const SETS = [
  { set: 'troubleshoot-set-3', half: 'development', floor: 61, heldOut: false },
  { set: 'troubleshoot-set-3', half: 'heldout', floor: 60, heldOut: false },
  { set: 'troubleshoot-set-4', half: 'heldout', floor: 110, heldOut: true },
  // 125 texts collected to widen the families (unusual wordings, other tools); 94/125 before any pattern was written from them.
  { set: 'troubleshoot-set-5', half: 'development', floor: 125, heldOut: false },
  // 136 texts collected after set 5's patterns, split by family before anything was scored: 68 development, 68 held
  // out. Before any pattern was written from them: 51/68 and 54/68 (79.4 %); after the development half's families
  // (missing programs in every shell's words, numbers told in prose, labelled versions): 66/68 and 55/68 (80.9 %).
  { set: 'troubleshoot-set-6', half: 'development', floor: 66, heldOut: false },
  { set: 'troubleshoot-set-6', half: 'heldout', floor: 55, heldOut: true },
] as const;

function score(set: string, half: string): { right: number; total: number; wrong: string[] } {
  const texts = (JSON.parse(readFileSync(fixturePath(set, `${half}.json`), 'utf8')) as { texts: SetText[] }).texts;
  const wrong: string[] = [];
  for (const sample of texts) {
    const got = diagnoseText(sample.text).diagnoses[0]?.code ?? 'none';
    if (got !== sample.code) wrong.push(`${sample.id} want ${sample.code} got ${got}`);
  }
  return { right: texts.length - wrong.length, total: texts.length, wrong };
}

describe('Troubleshoot on texts the patterns were not written from (issue 31)', () => {
  for (const { set, half, floor, heldOut } of SETS) {
    it(`${set} ${half}${heldOut ? ' (held out)' : ''}: no lower than when measured`, () => {
      const { right, total, wrong } = score(set, half);
      // Only development misses are listed: a held-out set is a score, never a to-do list.
      const misses = heldOut ? '' : `\n  ${wrong.join('\n  ')}`;
      console.log(`${set} ${half}: ${right}/${total} (${((100 * right) / total).toFixed(1)} %)${misses}`);
      expect(right).toBeGreaterThanOrEqual(floor);
    });
  }
});
