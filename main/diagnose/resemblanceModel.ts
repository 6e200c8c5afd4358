import type { ErrorResemblanceTable } from '../../shared/data/errorResemblanceSchema.js';
import { normalizeText } from './normalizeText.js';
import { resemblanceWords } from './resemblanceWords.js';

/** A word seen in fewer reports than this says nothing about a family (a one-off path or name). */
export const MIN_REPORTS_PER_WORD = 2;

/** The counts data/error-resemblance.json holds, from labelled reports (scripts/generateErrorResemblance.mjs). */
export function countResemblance(reports: readonly { code: string; text: string }[]): Pick<ErrorResemblanceTable, 'families' | 'words'> {
  const codes = [...new Set(reports.map((report) => report.code))].sort();
  const place = new Map(codes.map((code, index) => [code, index]));
  const perFamily = new Array<number>(codes.length).fill(0);
  const byWord = new Map<string, number[]>();
  for (const report of reports) {
    const family = place.get(report.code) as number;
    perFamily[family] += 1;
    for (const word of resemblanceWords(normalizeText(report.text))) {
      const counts = byWord.get(word) ?? byWord.set(word, new Array<number>(codes.length).fill(0)).get(word)!;
      counts[family] += 1;
    }
  }
  const words: Record<string, number[]> = {};
  for (const word of [...byWord.keys()].sort()) {
    const counts = byWord.get(word)!;
    const total = counts.reduce((sum, n) => sum + n, 0);
    if (total < MIN_REPORTS_PER_WORD) continue;
    words[word] = [total, ...counts.flatMap((n, family) => (n > 0 ? [family, n] : []))];
  }
  return { families: codes.map((code, index) => [code, perFamily[index]] as [string, number]), words };
}
