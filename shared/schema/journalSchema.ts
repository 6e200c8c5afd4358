import * as v from 'valibot';
import { LOCALES } from '../i18n/localize.js';
import { planSchema } from './planSchema.js';
import {
  bool,
  code,
  debPackage,
  hostPath,
  integerIn,
  isoTime,
  list,
  localPath,
  matching,
  multilineText,
  numberIn,
  oneOf,
  pipRequirement,
  record,
  runId,
  sha256,
} from './safeText.js';

/**
 * One line of a run's journal (runs/<runId>.jsonl, main/install/journal/journalEntry.ts). The journal lives in a folder the
 * user can write and feeds resume and rollback, so each line is checked before it is acted on; typetests/ checks that
 * this schema and the JournalEntry type agree.
 */

const optional = v.optional;
const stepId = matching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'problem.name', 64);

/** A version as pip reports it, local tags included (2.5.1+cu124). */
const pipVersion = matching(/^[A-Za-z0-9][A-Za-z0-9.+!_-]{0,59}$/, 'problem.version', 60);
const pipName = matching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,100}$/, 'problem.name', 101);

const packagesInstalled = v.variant('manager', [
  record({ type: v.literal('packages-installed'), manager: v.literal('apt'), packages: list(debPackage, 1000, 1), python: optional(localPath), keepConfig: optional(list(debPackage, 1000, 1)) }),
  record({ type: v.literal('packages-installed'), manager: v.literal('pip'), packages: list(pipRequirement, 1000, 1), python: optional(localPath) }),
]);

/** A change a step made to the host; a type this version does not know is refused (rollback could not undo it). */
export const journalChangeSchema = v.variant(
  'type',
  [
    record({ type: v.literal('file-backed-up'), path: hostPath, backup: localPath, sha256, mode: integerIn(0, 0o7777) }),
    record({ type: v.literal('file-created'), path: hostPath }),
    record({ type: v.literal('file-written'), path: hostPath, sha256 }),
    record({ type: v.literal('dir-created'), path: hostPath, owned: optional(bool) }),
    packagesInstalled,
    record({
      type: v.literal('packages-upgraded'),
      manager: v.literal('pip'),
      packages: list(record({ name: pipName, from: pipVersion, to: pipVersion }), 1000, 1),
      python: localPath,
    }),
    record({ type: v.literal('alternative-set'), name: matching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'problem.name', 100), path: hostPath, previous: v.nullable(hostPath), registered: bool }),
    record({ type: v.literal('needs-ldconfig') }),
    record({ type: v.literal('needs-initramfs') }),
  ],
  'problem.notObject',
);

const time = isoTime;
const pid = integerIn(0, 2 ** 31);
const bootId = v.nullable(matching(/^[A-Za-z0-9-]{1,64}$/, 'problem.name', 64));
const locale = optional(oneOf(LOCALES));
/** A sentence DL Setup wrote for people; it may span lines (a command's last output lines). */
const message = optional(multilineText(100_000));
const stepState = oneOf(['pending', 'running', 'skipped', 'succeeded', 'failed', 'cancelled', 'needs-reboot']);
const runState = oneOf(['running', 'succeeded', 'failed', 'cancelled', 'needs-reboot', 'interrupted']);

/** One journal line, by its `t`. */
export const journalEntrySchema = v.variant(
  't',
  [
    record({ t: v.literal('run-started'), time, runId, plan: planSchema, dryRun: bool, pid, bootId, locale }),
    record({ t: v.literal('run-resumed'), time, pid, bootId, locale }),
    record({ t: v.literal('step-started'), time, stepId }),
    record({ t: v.literal('step-finished'), time, stepId, state: stepState, errorCode: optional(code), message }),
    record({
      t: v.literal('command'),
      time,
      stepId,
      // What ran, shown in the step log; never run again from here.
      argv: list(multilineText(100_000), 10_000),
      exitCode: v.nullable(integerIn(-(2 ** 31), 2 ** 31)),
      durationMs: numberIn(0, 1e12),
      elevated: bool,
    }),
    record({ t: v.literal('change'), time, stepId, elevated: bool, change: journalChangeSchema }),
    record({ t: v.literal('run-finished'), time, state: runState, errorCode: optional(code), message }),
    record({ t: v.literal('rollback-started'), time, dryRun: bool }),
    record({ t: v.literal('rollback-undone'), time, stepId, change: journalChangeSchema, ok: bool, message }),
    record({ t: v.literal('rollback-finished'), time, ok: bool, message }),
  ],
  'problem.notObject',
);

export type JournalEntryFromSchema = v.InferOutput<typeof journalEntrySchema>;
export type JournalChangeFromSchema = v.InferOutput<typeof journalChangeSchema>;
