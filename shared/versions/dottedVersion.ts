/** Numeric dotted versions shared by the driver and CUDA schemes: "550.54.15", "12.4.1", "450.80.02". */
export type DottedVersion = readonly number[];

const DOTTED = /^\d+(\.\d+)*$/;
const CLAUSE = /^(>=|<=|==|!=|>|<|=)?\s*(\d+(?:\.\d+)*)(\.\*)?$/;

const parsedCache = new Map<string, DottedVersion | null>();

export function parseDotted(text: string): DottedVersion | null {
  let parsed = parsedCache.get(text);
  if (parsed === undefined) {
    const trimmed = text.trim();
    parsed = DOTTED.test(trimmed) ? trimmed.split('.').map(Number) : null;
    // Versions come from a small closed set (data tables, one machine), so the cache stays small.
    if (parsedCache.size < 10_000) parsedCache.set(text, parsed);
  }
  return parsed;
}

/** Missing trailing parts count as zero, so "580" == "580.0.0" and "450.80.2" == "450.80.02". */
export function compareDotted(a: DottedVersion, b: DottedVersion): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

function mustParse(text: string, scheme: string): DottedVersion {
  const parsed = parseDotted(text);
  // Invariant: mustParse is for versions the caller already trusts (data/, schema-checked input); others use parseDotted, which returns null.
  if (!parsed) throw new Error(`"${text}" is not a ${scheme} version`);
  return parsed;
}

export function compareDottedText(a: string, b: string, scheme: string): number {
  return compareDotted(mustParse(a, scheme), mustParse(b, scheme));
}

/** Clauses separated by spaces or commas; "12.*" or "=12" alone matches every 12.x. */
export function satisfiesDotted(versionText: string, range: string, scheme: string): boolean {
  const version = mustParse(versionText, scheme);
  const clauses = range.split(/[\s,]+/).filter(Boolean);
  // Glue operators written apart from their version (">= 525") back together.
  const joined: string[] = [];
  for (const clause of clauses) {
    if (/^(>=|<=|==|!=|>|<|=)$/.test(clause)) joined.push(clause);
    else if (joined.length && /^(>=|<=|==|!=|>|<|=)$/.test(joined[joined.length - 1]!)) joined[joined.length - 1] += clause;
    else joined.push(clause);
  }
  return joined.every((clause) => {
    const match = CLAUSE.exec(clause);
    // Invariant: range clauses come from data/ files, checked by their tests, never from user input.
    if (!match) throw new Error(`"${clause}" is not a ${scheme} range clause`);
    const [, op = '==', bound, wildcard] = match;
    const target = mustParse(bound!, scheme);
    if (wildcard || ((op === '==' || op === '=') && !clause.includes('='))) {
      const prefix = version.slice(0, target.length);
      const equal = compareDotted(prefix, target) === 0;
      return op === '!=' ? !equal : equal;
    }
    const cmp = compareDotted(version, target);
    switch (op) {
      case '>=': return cmp >= 0;
      case '<=': return cmp <= 0;
      case '>': return cmp > 0;
      case '<': return cmp < 0;
      case '!=': return cmp !== 0;
      default: return cmp === 0;
    }
  });
}

const MAJOR_MINOR = /^\s*(\d+)(?:\.(\d+))?/;
const majorMinorCache = new Map<string, readonly [number, number]>();

/** "12.6.3" -> [12, 6], "3" -> [3, 0], "9.0a" -> [9, 0]: the leading major and minor; text without them reads as [0, 0]. */
export function majorMinorOf(text: string): readonly [number, number] {
  let parts = majorMinorCache.get(text);
  if (parts === undefined) {
    const match = MAJOR_MINOR.exec(text);
    parts = [Number(match?.[1] ?? 0), Number(match?.[2] ?? 0)];
    // Series come from data tables and one machine's tools, so the cache stays small; the cap guards the rest.
    if (majorMinorCache.size < 10_000) majorMinorCache.set(text, parts);
  }
  return parts;
}

/** Orders "major.minor" series and compute capabilities by those two numbers alone ("12.6.3" sorts with "12.6"). */
export function compareMajorMinor(a: string, b: string): number {
  return compareDotted(majorMinorOf(a), majorMinorOf(b));
}
