import * as v from 'valibot';

/**
 * One setting of pip's configuration as pip names it: `global.index-url`, `install.extra-index-url`, or
 * `:env:.extra-index-url` for a PIP_* variable. Comes from another program or a file anyone may have written: the
 * schema bounds every part, and nothing in it is ever run.
 */
export const pipConfigEntrySchema = v.object({
  section: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  key: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*$/), v.maxLength(100)),
  value: v.pipe(v.string(), v.maxLength(64 * 1024)),
});

export type PipConfigEntry = v.InferOutput<typeof pipConfigEntrySchema>;

/** pip's name for a setting whatever its spelling in a file or variable (configuration.py `_normalize_name`). */
export function normalizePipKey(name: string): string {
  const lower = name.toLowerCase().replace(/_/g, '-');
  return lower.startsWith('--') ? lower.slice(2) : lower;
}

/** The entry when it fits the schema (key normalised as pip does), else null: a line DL Setup cannot read is left out. */
export function pipConfigEntry(section: string, key: string, value: string): PipConfigEntry | null {
  const parsed = v.safeParse(pipConfigEntrySchema, { section, key: normalizePipKey(key), value });
  return parsed.success ? parsed.output : null;
}
