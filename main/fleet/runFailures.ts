import * as v from 'valibot';
import type { Locale } from '../../shared/i18n/localize.js';
import { isoTime, multilineText, oneOf, text } from '../../shared/schema/safeText.js';
import { RUN_FAILURE_CODES, sayRunFailure, type RunFailureCode } from '../install/runFailureWords.js';
import { installText } from '../system/installText.js';
import { fleetHost } from './fleetHost.js';
import { fleetText } from './fleetText.js';

/**
 * What the exported role's rescue (tasks/failure.yml) writes beside the hosts' reports when a host's run stops: the
 * task, DL Setup's code and the values of its sentence. Another machine's file, so every field is checked and bounded.
 */
export const runFailureSchema = v.object(
  {
    dlsetupRunFailure: v.literal(1, 'problem.notObject'),
    host: text(255),
    createdAt: isoTime,
    task: text(500),
    code: oneOf(RUN_FAILURE_CODES as [RunFailureCode, ...RunFailureCode[]]),
    message: text(2000),
    params: v.object(
      { program: v.optional(text(200)), pid: v.optional(text(20)), seconds: v.optional(text(20)), command: v.optional(text(2000)), said: v.optional(text(2000)) },
      'problem.notObject',
    ),
    detail: v.optional(multilineText(20_000)),
  },
  'problem.notObject',
);

export type RunFailure = v.InferOutput<typeof runFailureSchema>;

export interface FleetFailureInput {
  source: string;
  failure: RunFailure;
}

/** A run-failure record, not a verify or environments report (the marker field the role writes). */
export function isRunFailure(value: unknown): boolean {
  return !!value && typeof value === 'object' && (value as { dlsetupRunFailure?: unknown }).dlsetupRunFailure !== undefined;
}

/** The folder the role wrote it in (the inventory name), else the name inside. */
export function failureHost(input: FleetFailureInput): string {
  return fleetHost(input.source, input.failure.host);
}

/** Why the run stopped, said again from its code and values in the reader's language (the installer's own sentence). */
export function failureWords(failure: RunFailure, locale: Locale = 'en'): string {
  const sentence = sayRunFailure(failure.code, failure.params, installText(locale));
  return fleetText(locale)('flag.runFailed', { task: failure.task, createdAt: failure.createdAt, sentence, code: failure.code });
}

/** Each host's newest failure record. */
export function newestFailures(inputs: readonly FleetFailureInput[]): Map<string, RunFailure> {
  const newest = new Map<string, RunFailure>();
  for (const input of inputs) {
    const host = failureHost(input);
    const kept = newest.get(host);
    if (!kept || Date.parse(input.failure.createdAt) > Date.parse(kept.createdAt)) newest.set(host, input.failure);
  }
  return newest;
}
