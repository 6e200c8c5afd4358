import * as v from 'valibot';
import type { TextParams } from '../i18n/localize.js';
import {
  COMPUTE_CAPABILITY_PATTERN,
  CONDA_PACKAGE_PATTERN,
  CONTROL_CHARS,
  CONTROL_CHARS_BUT_LINES,
  DATE_PATTERN,
  DEB_PACKAGE_PATTERN,
  DEVICE_NAME_PATTERN,
  DRIVER_VERSION_PATTERN,
  ISO_TIME_PATTERN,
  MIRROR_ID_PATTERN,
  NAME_PATTERN,
  PIP_REQUIREMENT_PATTERN,
  PYTHON_VERSION_PATTERN,
  RELEASE_PATTERN,
  RUN_ID_PATTERN,
  SHA256_PATTERN,
  VERSION_PATTERN,
  isLocalPath,
  isPathUnder,
  isSafePosixPath,
  isSafeProxy,
  isSafeUrl,
  isSafeWindowsPath,
} from './patterns.js';
import type { SchemaTextKey } from './schemaText.js';

/**
 * The shared primitives every boundary schema is built from. Each refusal's message is a catalog key (schemaText),
 * with its parameters after a '#', so the sentence is said in the reader's language only when it is shown.
 */
export function problem(key: SchemaTextKey, params?: TextParams): string {
  return params ? `${key}#${JSON.stringify(params)}` : key;
}

const noControlChars = v.check<string, string>((value) => !CONTROL_CHARS.test(value), 'problem.controlChar');

/** Text on one line (no control characters, U+2028/2029, bidi overrides, NUL), at most `max` characters. */
export function text(max = 1000) {
  return v.pipe(v.string('problem.notText'), v.maxLength(max, problem('problem.tooLong', { max })), noControlChars);
}

/** Text that may span lines (tab and line feed allowed, every other control character refused): messages, pastes. */
export function multilineText(max: number) {
  return v.pipe(
    v.string('problem.notText'),
    v.maxLength(max, problem('problem.tooLong', { max })),
    v.check<string, string>((value) => !CONTROL_CHARS_BUT_LINES.test(value), 'problem.controlChar'),
  );
}

/** Text read as data only, never written back as it is (a pasted log: the diagnosis strips its escapes): just bounded. */
export function boundedText(max: number) {
  return v.pipe(v.string('problem.notText'), v.maxLength(max, problem('problem.tooLong', { max })));
}

/** One line of text matching `pattern`; control characters are named before the pattern is tried. */
export function matching(pattern: RegExp, key: SchemaTextKey, max = 200) {
  return v.pipe(v.string('problem.notText'), v.maxLength(max, problem('problem.tooLong', { max })), noControlChars, v.regex(pattern, key));
}

/** One line of text that `accept` says yes to. */
export function accepted(accept: (value: string) => boolean, key: SchemaTextKey, max = 4096) {
  return v.pipe(v.string('problem.notText'), v.maxLength(max, problem('problem.tooLong', { max })), noControlChars, v.check<string, string>(accept, key));
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return v.picklist(values, 'problem.oneOf');
}

export const bool = v.boolean('problem.notBoolean');

/** A list of at most `max` items (and at least `min`). */
export function list<S extends v.GenericSchema>(item: S, max: number, min = 0) {
  return v.pipe(v.array(item, 'problem.notList'), v.minLength(min, problem('problem.tooFew', { min })), v.maxLength(max, problem('problem.tooMany', { max })));
}

/** A finite number from `min` to `max`. */
export function numberIn(min: number, max: number) {
  const range = problem('problem.range', { min, max });
  return v.pipe(v.number('problem.notNumber'), v.finite(range), v.minValue(min, range), v.maxValue(max, range));
}

/** A whole number from `min` to `max`. */
export function integerIn(min: number, max: number) {
  const range = problem('problem.wholeRange', { min, max });
  return v.pipe(v.number('problem.notNumber'), v.integer(range), v.minValue(min, range), v.maxValue(max, range));
}

/** An object with exactly these fields: an unknown field is refused, so a typo never silently changes behaviour. */
export function record<E extends v.ObjectEntries>(entries: E) {
  return v.strictObject(entries, 'problem.notObject');
}

/** A sentence for people (titles, reasons, warnings). */
export const sentence = text(2000);
export const safePath = accepted(isSafePosixPath, 'problem.path');
export const windowsPath = accepted(isSafeWindowsPath, 'problem.windowsPath', 1024);
/** A path on the machine a plan is for: POSIX, or Windows for native-Windows plans. */
export const hostPath = accepted((value) => isSafePosixPath(value) || isSafeWindowsPath(value), 'problem.hostPath');
const expandHome = (value: string) => value.replace(/^~(?=\/|$)/, '/home');
/** A safe path that may start with ~ (the user's home, expanded by the step). */
export const pathOrHome = accepted((value) => isSafePosixPath(expandHome(value)), 'problem.pathOrHome');
/** A host path that may also start with ~ (a Python environment's folder). */
export const hostPathOrHome = accepted((value) => isSafePosixPath(expandHome(value)) || isSafeWindowsPath(value), 'problem.hostPath');

/** A safe path inside one of `roots`: the places one step may touch. */
export function pathUnder(roots: readonly string[]) {
  return v.pipe(safePath, v.check<string, string>((value) => isPathUnder(value, roots), problem('problem.outsideRoots', { roots: roots.join(', ') })));
}

/** A path where DL Setup keeps its own files (backups, an environment's python): see isLocalPath. */
export const localPath = accepted(isLocalPath, 'problem.localPath');

/** A host path: a Windows one, or a POSIX one inside `roots`. */
export function hostPathUnder(roots: readonly string[]) {
  return v.pipe(hostPath, v.check<string, string>((value) => isSafeWindowsPath(value) || isPathUnder(value, roots), problem('problem.outsideRoots', { roots: roots.join(', ') })));
}

/** A program name (python3) or a safe absolute path to one. */
export const commandOrPath = accepted((value) => /^[A-Za-z0-9][A-Za-z0-9._+-]{0,99}$/.test(value) || isSafePosixPath(value), 'problem.commandOrPath');

export const version = matching(VERSION_PATTERN, 'problem.version', 40);
export const release = matching(RELEASE_PATTERN, 'problem.release', 60);
export const pythonVersion = matching(PYTHON_VERSION_PATTERN, 'problem.pythonVersion', 20);
export const driverVersion = matching(DRIVER_VERSION_PATTERN, 'problem.driverVersion', 30);
export const computeCapability = matching(COMPUTE_CAPABILITY_PATTERN, 'problem.computeCapability', 10);
export const sha256 = matching(SHA256_PATTERN, 'problem.sha256', 64);
export const debPackage = matching(DEB_PACKAGE_PATTERN, 'problem.debPackage', 101);
export const pipRequirement = matching(PIP_REQUIREMENT_PATTERN, 'problem.pipRequirement', 400);
export const condaPackage = matching(CONDA_PACKAGE_PATTERN, 'problem.condaPackage', 400);
export const name = matching(NAME_PATTERN, 'problem.name', 100);
export const runId = matching(RUN_ID_PATTERN, 'problem.runId', 22);
export const isoTime = matching(ISO_TIME_PATTERN, 'problem.time', 40);
export const date = matching(DATE_PATTERN, 'problem.date', 10);
export const code = matching(/^[A-Z][A-Z0-9_]{0,63}$/, 'problem.code', 64);
export const deviceName = matching(DEVICE_NAME_PATTERN, 'problem.deviceName', 200);
export const url = accepted(isSafeUrl, 'problem.url', 2048);
export const proxy = accepted(isSafeProxy, 'problem.proxy', 600);
/** A mirror preset id (tuna) or an index URL. */
export const mirror = accepted((value) => MIRROR_ID_PATTERN.test(value) || isSafeUrl(value), 'problem.mirror', 2048);
