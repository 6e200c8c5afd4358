import * as v from 'valibot';
import { LOCALES } from '../i18n/localize.js';
import { FRAMEWORKS, planRequestSchema, planSchema } from './planSchema.js';
import { bool, boundedText, commandOrPath, integerIn, list, matching, oneOf, record, runId, safePath, url } from './safeText.js';

/**
 * The argument of every IPC channel (shared/ipc/contract.ts pairs each with its reply type). A renderer, a web page
 * or a local process may send anything: each field has an enum, a pattern or a bound.
 */

const optional = v.optional;
const locale = optional(oneOf(LOCALES));

/** A channel that takes nothing (undefined or null). */
export const noArgumentSchema = v.pipe(
  v.unknown(),
  v.check((input) => input === undefined || input === null, 'problem.noArgument'),
  v.transform((): void => undefined),
);

/** An object argument the caller may leave out entirely (undefined or null mean {}). */
function optionalObject<E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.nullish(record(entries)),
    v.transform((input) => input ?? {}),
  );
}

/** A what-if value as the CLI flags take it (RTX 4090, 8.6, gfx1100, 550.54.15, none); the planner checks the meaning. */
const whatIf = optional(matching(/^[A-Za-z0-9][A-Za-z0-9 ._()/+-]{0,99}$/, 'problem.name', 100));

/** The wizard's name for one quick-check run (128 random bits as hex there). */
const environmentsRunId = matching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'problem.name', 64);

export const ipcSchemas = {
  'app:info': noArgumentSchema,
  'detect:run': optionalObject({ quick: optional(bool), locale }),
  'plan:resolve': record({
    ...planRequestSchema.entries,
    overrides: optional(record({ os: whatIf, arch: whatIf, gpuVendor: whatIf, computeCapability: whatIf, gpuArch: whatIf, gpu: whatIf, driver: whatIf, distro: whatIf })),
    // The wizard's pick for an unknown NVIDIA GPU: a product name or a compute capability, as --gpu takes them.
    gpuChoice: whatIf,
    locale,
    // The sources the plan is checked against: a preset id of data/mirrors.json or a URL (checked again where used).
    pypiMirror: optional(boundedText(2048)),
    pytorchMirror: optional(boundedText(2048)),
    offline: optional(bool),
  }),
  'plan:versions': record({ framework: oneOf(FRAMEWORKS) }),
  'plan:export': record({ plan: planSchema, format: oneOf(['shell', 'ansible', 'dockerfile']) }),
  'install:start': record({ plan: planSchema, dryRun: optional(bool), locale }),
  'install:cancel': record({ runId }),
  'install:status': optionalObject({ runId: optional(runId) }),
  'install:rollback': record({ runId, dryRun: optional(bool), locale }),
  'verify:run': optionalObject({
    python: optional(commandOrPath),
    framework: optional(oneOf(['auto', ...FRAMEWORKS])),
    toolkit: optional(bool),
    quick: optional(bool),
    nvcc: optional(commandOrPath),
    // The framework check script's overall limit: a second to an hour.
    timeoutMs: optional(integerIn(1_000, 3_600_000)),
    locale,
  }),
  'verify:history': noArgumentSchema,
  // Folders the user adds in the wizard: absolute, no control characters, at most 32 (as the CLI's --env).
  'verify:environments': optionalObject({ locale, extraEnvironments: optional(list(safePath, 32)) }),
  // The caller names its run (a UUID in the wizard) so it can follow that run's progress events.
  'verify:environmentsCheck': record({ runId: environmentsRunId, locale, extraEnvironments: optional(list(safePath, 32)) }),
  // Cancel names the run it stops, as install:cancel does: a stale window cannot stop another's newer run.
  'verify:environmentsCheckCancel': record({ runId: environmentsRunId }),
  'verify:environmentsCheckState': noArgumentSchema,
  // A mirror that has not answered in a minute is not reachable for an install either.
  'mirror:check': record({ url, timeoutMs: optional(integerIn(1, 60_000)) }),
  // The Chinese locale's default source: measured before the plan, so the person waits seconds, not a minute.
  'mirror:default': optionalObject({ timeoutMs: optional(integerIn(100, 30_000)) }),
  // A pasted log, colours and CRs included: the diagnosis normalises it and is linear in its length (10 MB logs).
  'diagnose:text': record({ text: boundedText(10_000_000), locale }),
} as const;
