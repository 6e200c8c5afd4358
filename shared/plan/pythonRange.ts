import type { PythonRange } from './compatData.js';
import { majorMinor, majorMinorParts } from './majorMinor.js';

/** Used when neither the request nor the machine names a Python: current wheels of all three frameworks have it. */
const PREFERRED_PYTHON = '3.12';

/** A release's Python range with its bounds parsed once (per data object), and the Python chosen when nothing names one. */
export interface ParsedPythonRange {
  min: string;
  max: string;
  minParts: readonly [number, number];
  maxParts: readonly [number, number];
  /** Pythons outside min..max that the release offers as experimental ("3.13" for PyTorch 2.5). */
  experimental: readonly string[];
  defaultPython: string;
}

export function parsePythonRange(range: PythonRange): ParsedPythonRange {
  const minParts = majorMinorParts(range.min);
  const maxParts = majorMinorParts(range.max);
  const preferred = majorMinorParts(PREFERRED_PYTHON);
  let defaultPython = PREFERRED_PYTHON;
  if (compareParts(preferred, minParts) < 0) defaultPython = majorMinor(range.min);
  else if (compareParts(preferred, maxParts) > 0) defaultPython = majorMinor(range.max);
  return { min: range.min, max: range.max, minParts, maxParts, experimental: (range.experimental ?? []).map(majorMinor), defaultPython };
}

function compareParts(a: readonly [number, number], b: readonly [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** Whether the release's stable range has this Python (an experimental one is not in it). */
export function inRange(python: string, range: ParsedPythonRange): boolean {
  const parts = majorMinorParts(python);
  return compareParts(parts, range.minParts) >= 0 && compareParts(parts, range.maxParts) <= 0;
}

/** Whether the release offers this Python only as experimental (the plan then carries a warning). */
export function isExperimentalPython(range: ParsedPythonRange, python: string): boolean {
  return range.experimental.length > 0 && !inRange(python, range) && range.experimental.includes(majorMinor(python));
}

/**
 * The Python for a release: the requested one if the range has it or offers it as experimental (else null), then the
 * machine's if the stable range has it, else the range's default.
 */
export function choosePython(range: ParsedPythonRange, requested: string | undefined, onMachine: string | readonly string[] | undefined): string | null {
  if (requested) return inRange(requested, range) || isExperimentalPython(range, requested) ? majorMinor(requested) : null;
  // Of several on the machine, the newest the range has: a Python that is there needs nothing installed.
  const here = (typeof onMachine === 'string' ? [onMachine] : [...(onMachine ?? [])]).filter((python) => inRange(python, range));
  here.sort((a, b) => compareParts(majorMinorParts(b), majorMinorParts(a)));
  if (here.length) return majorMinor(here[0]!);
  return range.defaultPython;
}

/** The machine's Pythons for choosePython: every detected one when known, else the one a what-if profile names. */
export function machinePythons(profile: { pythonVersion?: string; pythonVersions?: readonly string[] }): string | readonly string[] | undefined {
  return profile.pythonVersions?.length ? profile.pythonVersions : profile.pythonVersion;
}
