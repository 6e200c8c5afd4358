import * as v from 'valibot';
import { listOf, oneOf, row, source, tableHeader, text } from './tableParts.js';

/** A Python minor ("3.11") as python3.X's package name carries it. */
const pythonMinor = v.pipe(text, v.regex(/^3\.\d{1,2}$/, 'problem.pattern'));

/** One python3.X a release packages (with python3.X-venv), the archive component it is in, and the version seen. */
export const distroPythonSchema = row({
  python: pythonMinor,
  /** Ubuntu's universe is not main: the plan names it, since a minimal system may not have it enabled. */
  component: oneOf(['main', 'universe', 'contrib']),
  version: text,
  venvVersion: v.optional(text),
  source: v.optional(source),
});

/** data/distro-pythons.json: the Pythons each supported distribution release packages itself. */
export const distroPythonReleaseSchema = row({
  /** The profile's linuxRepo id: "ubuntu2204", "debian12". */
  distro: v.pipe(text, v.regex(/^(ubuntu|debian)\d{2,4}$/, 'problem.oneOf')),
  /** How sentences name the release: "Ubuntu 22.04", "Debian 12". */
  name: text,
  defaultPython: pythonMinor,
  pythons: listOf(distroPythonSchema),
  confidence: text,
  source,
});

export const distroPythonTableSchema = row({
  ...tableHeader,
  releases: listOf(distroPythonReleaseSchema),
});

export type DistroPython = v.InferOutput<typeof distroPythonSchema>;
export type DistroPythonRelease = v.InferOutput<typeof distroPythonReleaseSchema>;
export type DistroPythonTable = v.InferOutput<typeof distroPythonTableSchema>;
