import * as v from 'valibot';
import { date, driverVersion } from '../schema/safeText.js';

/**
 * The pieces every data/*.json schema is built from. Each refusal's message is a key of the schema catalog, so a broken
 * table is said as "<file>: <field> is not accepted: <problem>" in the reader's language (main/data/loadDataTable.ts).
 */

export const text = v.string('problem.notText');
export const num = v.number('problem.notNumber');
export const flag = v.boolean('problem.notBoolean');

export function listOf<S extends v.GenericSchema>(item: S) {
  return v.array(item, 'problem.notList');
}

export const texts = listOf(text);

/** An object whose every field is named here: a field the schema does not know is refused, not ignored. */
export function row<E extends v.ObjectEntries>(entries: E) {
  return v.strictObject(entries, 'problem.notObject');
}

/** An object keyed by names the data chooses ("linux-x86_64", "11.x"). */
export function keyed<S extends v.GenericSchema>(value: S) {
  return v.record(v.string('problem.notText'), value, 'problem.notObject');
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return v.picklist(values, 'problem.oneOf');
}

/** Every row keeps the source it came from: a link, a file or a named document, never an empty word. */
export const source = v.pipe(text, v.check<string, string>((value) => value.trim().length >= 8, 'problem.source'));

export const reviewedAt = date;
export const driver = driverVersion;

/** The table-level notes most tables carry beside their rows. */
export const tableHeader = {
  reviewedAt,
  note: v.optional(text),
  source: v.optional(source),
};

/** Where DL Setup plans for: Linux x86_64 / aarch64, Windows x86_64, macOS Apple silicon / Intel. */
export const WHEEL_PLATFORMS = ['linux-x86_64', 'linux-aarch64', 'windows', 'macos-arm64', 'macos-x86_64'] as const;
export const wheelPlatform = oneOf(WHEEL_PLATFORMS);

export const pythonRange = row({
  min: text,
  max: text,
  /** Pythons the framework lists as experimental for the release ("(3.13 experimental)"): offered with a warning. */
  experimental: v.optional(texts),
  note: v.optional(text),
});

/** A platform whose wheels cover other Pythons than the release's `python`. */
export const pythonByPlatform = v.record(wheelPlatform, pythonRange, 'problem.notObject');

/** The releases a platform has wheels for: from `firstRelease`, through `lastRelease` (release rows, "2.2", "0.4.38"). */
export const platformLimit = row({
  platform: wheelPlatform,
  firstRelease: v.optional(text),
  lastRelease: v.optional(text),
  source,
});

export type WheelPlatform = (typeof WHEEL_PLATFORMS)[number];
export type PythonRange = v.InferOutput<typeof pythonRange>;
export type PlatformLimit = v.InferOutput<typeof platformLimit>;
