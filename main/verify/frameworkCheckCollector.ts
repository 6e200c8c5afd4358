import type { Locale } from '../../shared/i18n/localize.js';
import type { MatmulResult, TuningResult, VerifyCheck, VerifyDevice, VerifyReport } from '../../shared/types/verify.js';
import { wordScriptText, type ScriptSentence } from './scriptText.js';
import { verifyText } from './verifyText.js';

/** What the check script reported, line by line, folded into one value. */
export interface FrameworkCheckResult {
  python: { path: string; version: string | null };
  framework: VerifyReport['framework'];
  devices: VerifyDevice[];
  checks: VerifyCheck[];
  matmul: MatmulResult[];
  tuning: TuningResult[];
  warnings: string[];
  /** True once the script's final "done" line arrived. */
  finished: boolean;
  elapsedS: number | null;
}

/** A sentence on the wire: a catalog key with its values (dlsetup_check.py), or text as another writer sent it. */
type ScriptText = ScriptSentence | string;

export type CheckLine =
  | { type: 'hello'; protocol?: number; python?: string; executable?: string }
  | { type: 'framework'; name: string | null; version?: string | null; build?: Record<string, unknown> }
  | ({ type: 'device' } & VerifyDevice)
  | ({ type: 'check'; reason?: ScriptText } & Omit<VerifyCheck, 'reason'>)
  | ({ type: 'matmul' } & MatmulResult)
  | ({ type: 'tuning'; label: ScriptText; skipped?: ScriptText } & Omit<TuningResult, 'label' | 'skipped'>)
  | { type: 'done'; elapsedS?: number };

const TYPES = new Set(['hello', 'framework', 'device', 'check', 'matmul', 'tuning', 'done']);
const STATUSES = new Set(['pass', 'fail', 'skip']);

/** One stdout line as a protocol object, or null for anything else (a library's print, a half line). */
export function parseCheckLine(line: string): CheckLine | null {
  const text = line.trim();
  if (!text.startsWith('{')) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !TYPES.has(type)) return null;
  const record = value as Record<string, unknown>;
  if (type === 'check' && (typeof record.id !== 'string' || !STATUSES.has(record.status as string))) return null;
  if (type === 'matmul' && (typeof record.dtype !== 'string' || typeof record.tflops !== 'number')) return null;
  if (type === 'device' && typeof record.name !== 'string') return null;
  return value as CheckLine;
}

function pick<T extends object>(source: Record<string, unknown>, keys: (keyof T & string)[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (source[key] !== undefined && source[key] !== null) out[key] = source[key];
  return out as Partial<T>;
}

function stringBuild(build: Record<string, unknown> | undefined): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(build ?? {})) out[key] = value === null || value === undefined ? null : String(value);
  return out;
}

/**
 * Folds check-script lines into a FrameworkCheckResult; garbage lines are counted and reported as one warning. The
 * script's sentences (check reasons, tuning labels), which arrive as catalog keys, are worded in `locale` here.
 */
export function createFrameworkCheckCollector(python: string, locale?: Locale) {
  const word = (value: unknown) => wordScriptText(value, locale);
  const result: FrameworkCheckResult = {
    python: { path: python, version: null },
    framework: null,
    devices: [],
    checks: [],
    matmul: [],
    tuning: [],
    warnings: [],
    finished: false,
    elapsedS: null,
  };
  const ignored: string[] = [];

  function push(line: string): CheckLine | null {
    if (line.trim() === '') return null;
    const parsed = parseCheckLine(line);
    if (!parsed) {
      ignored.push(line);
      return null;
    }
    const record = parsed as unknown as Record<string, unknown>;
    switch (parsed.type) {
      case 'hello':
        if (parsed.python) result.python.version = parsed.python;
        break;
      case 'framework':
        result.framework = parsed.name
          ? { name: parsed.name, version: parsed.version ?? 'unknown', build: stringBuild(parsed.build) }
          : null;
        break;
      case 'device':
        result.devices.push(pick<VerifyDevice>(record, ['name', 'computeCapability', 'memoryMiB', 'freeMiB', 'index']) as VerifyDevice);
        break;
      case 'check': {
        const check = pick<VerifyCheck>(record, ['id', 'status', 'reason', 'code', 'metrics']) as VerifyCheck;
        const reason = word(record.reason);
        if (reason === undefined) delete check.reason;
        else check.reason = reason;
        result.checks.push({ ...check, source: 'framework' });
        break;
      }
      case 'matmul':
        result.matmul.push(pick<MatmulResult>(record, ['dtype', 'tflops', 'device', 'gflops', 'n', 'ms', 'timing']) as MatmulResult);
        break;
      case 'tuning': {
        const tuning = pick<TuningResult>(record, ['id', 'label', 'speedup', 'baselineMs', 'tunedMs', 'setting', 'skipped']) as TuningResult;
        const [label, skipped] = [word(record.label), word(record.skipped)];
        if (label !== undefined) tuning.label = label;
        if (skipped === undefined) delete tuning.skipped;
        else tuning.skipped = skipped;
        result.tuning.push(tuning);
        break;
      }
      case 'done':
        result.finished = true;
        result.elapsedS = typeof parsed.elapsedS === 'number' ? parsed.elapsedS : null;
        break;
    }
    return parsed;
  }

  function finish(): FrameworkCheckResult {
    if (ignored.length > 0) {
      const first = (ignored[0] ?? '').trim().slice(0, 120);
      result.warnings.push(verifyText(locale)('framework.ignoredLines', { count: ignored.length, first }));
      ignored.length = 0;
    }
    return result;
  }

  return { push, finish, result };
}
