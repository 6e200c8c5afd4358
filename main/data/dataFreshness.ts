// How old each data table's review is, and which pages to re-read when it is too old (`dlsetup data check`, issue 16).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Frameworks and drivers ship every few weeks to months: a table unreviewed for longer is likely missing releases. */
export const STALE_AFTER_DAYS = 90;

export interface TableFreshness {
  /** The file name, e.g. "pytorch.json". */
  table: string;
  /** The table's reviewedAt (YYYY-MM-DD); null when it has none, which counts as stale. */
  reviewedAt: string | null;
  /** Whole days from reviewedAt to `today`; null without a review date. */
  ageDays: number | null;
  stale: boolean;
  /** The pages to re-read: every link in the table's source fields, GitHub "owner/repo path @ commit" references as links. */
  sources: string[];
}

const DAY_MS = 86_400_000;
const URL_PATTERN = /https?:\/\/[^\s"'`<>()\]]+/g;
// "jax-ml/jax CHANGELOG.md @ cec06d11…" or "tensorflow/docs site/en/install/source.md @ 7c365021…"
const REPO_PATH_AT_COMMIT = /\b([A-Za-z0-9][\w.-]*\/[\w.-]+) ([\w./-]+\.\w+) @ ([0-9a-f]{7,40})\b/g;

function collectSourceText(value: unknown, key: string, into: string[]): void {
  if (typeof value === 'string') {
    if (/source/i.test(key)) into.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectSourceText(item, key, into);
  } else if (value && typeof value === 'object') {
    for (const [childKey, child] of Object.entries(value)) collectSourceText(child, childKey, into);
  }
}

/** Every link a table cites in a field whose name says source ("source", "sources", "archSource", ...), sorted, once each. */
export function sourceLinks(table: unknown): string[] {
  const texts: string[] = [];
  collectSourceText(table, '', texts);
  const links = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(URL_PATTERN)) links.add(match[0].replace(/[.,;:]+$/, ''));
    for (const [, repo, file, commit] of text.matchAll(REPO_PATH_AT_COMMIT)) links.add(`https://github.com/${repo}/blob/${commit}/${file}`);
  }
  return [...links].sort();
}

/** One table's freshness on `today`; a review date in the future counts as age 0. */
export function tableFreshness(name: string, table: unknown, today: Date, limitDays = STALE_AFTER_DAYS): TableFreshness {
  const reviewedAt = (table as { reviewedAt?: unknown } | null)?.reviewedAt;
  const date = typeof reviewedAt === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(reviewedAt) ? reviewedAt : null;
  const ageDays = date === null ? null : Math.max(0, Math.floor((startOfDay(today) - Date.parse(`${date}T00:00:00Z`)) / DAY_MS));
  return { table: name, reviewedAt: date, ageDays, stale: ageDays === null || ageDays > limitDays, sources: sourceLinks(table) };
}

function startOfDay(day: Date): number {
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
}

/** Every data/*.json table in `dir` (sub-folders such as conformance/ are not tables), by file name. */
export function readDataTables(dir: string): Record<string, unknown> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => [file, JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as unknown]),
  );
}

export function checkFreshness(tables: Record<string, unknown>, today: Date, limitDays = STALE_AFTER_DAYS): TableFreshness[] {
  return Object.entries(tables).map(([name, table]) => tableFreshness(name, table, today, limitDays));
}
