import * as v from 'valibot';
import { isSafeUrl, SHA256_PATTERN } from '../../shared/schema/patterns.js';
import { parsePep440 } from '../../shared/versions/pep440.js';
import type { PinnedFile } from '../../shared/types/plan.js';
import { PROJECT_NAME } from './projectName.js';

/**
 * One distribution file a plan will install (the plan's PinnedFile: name PEP 503-normalized, version as in the file
 * name, url https or loopback http without credentials), and where it came from; every field has passed resolvedFileSchema.
 */
export interface ResolvedFile extends PinnedFile {
  /** The index URL or find-links page it came from, without credentials. */
  index: string;
  /** The distribution whose Requires-Dist asked for it; null for a root. */
  requestedBy: string | null;
}

/**
 * A wheel's file name as it may reach a command line or a file path: letters, digits and . _ + - only (a local
 * version's "+" included), one name, ending .whl; what pip would write to disk.
 */
const WHEEL_FILENAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,250}\.whl$/;
const NORMALIZED_NAME = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;

const name = v.pipe(v.string(), v.regex(NORMALIZED_NAME), v.check((value) => PROJECT_NAME.test(value)));
const url = v.pipe(v.string(), v.maxLength(2048), v.check(isSafeUrl));

/** The one gate between the index and a plan: a value that fails it never leaves this room. */
export const resolvedFileSchema = v.strictObject({
  name,
  version: v.pipe(v.string(), v.maxLength(64), v.regex(/^[A-Za-z0-9.+!_-]+$/), v.check((value) => parsePep440(value) !== null)),
  filename: v.pipe(v.string(), v.regex(WHEEL_FILENAME)),
  url,
  size: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER))),
  sha256: v.nullable(v.pipe(v.string(), v.regex(SHA256_PATTERN))),
  index: url,
  requestedBy: v.nullable(name),
});

/** The checked file, or the name of the first field that failed (for the refusal's detail). */
export function checkResolvedFile(file: ResolvedFile): { ok: true; file: ResolvedFile } | { ok: false; field: string } {
  const parsed = v.safeParse(resolvedFileSchema, file);
  if (parsed.success) return { ok: true, file: parsed.output };
  return { ok: false, field: String(parsed.issues[0].path?.[0]?.key ?? 'file') };
}
