#!/usr/bin/env node
// Writes the Debian rows of data/distro-pythons.json from the apt-cache captures in data/sources/distro-pythons/
// (debian<N>-<codename>.txt); the Ubuntu rows are typed by hand with their packages.ubuntu.com pages and are kept.
// Run `node scripts/generateDistroPythons.mjs` after refreshing a capture; data/distro-pythons.test.ts fails when stale.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DISTRO_PYTHONS_FILE = 'data/distro-pythons.json';
export const DISTRO_PYTHONS_SOURCES_DIR = 'data/sources/distro-pythons';

const CAPTURE_NAME = /^debian(\d+)-([a-z]+)\.txt$/;

/** apt-cache show's stanzas (blank-line separated) as field maps; `#` lines are the capture's own notes. */
export function aptStanzas(text) {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line && !line.startsWith('#')))
    .filter((lines) => lines.length)
    .map((lines) => Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()])));
}

/** "pool/main/p/python3.11/…" -> "main". */
function componentOf(stanza) {
  return stanza.Filename.split('/')[1];
}

/** The capture's InRelease date line, "Sat, 11 Jul 2026 10:16:37 UTC" -> "2026-07-11". */
function inReleaseDate(text) {
  const match = /^# InRelease Date: (.+)$/m.exec(text);
  return match ? new Date(match[1]).toISOString().slice(0, 10) : 'unknown';
}

/** One Debian release's row from its capture: every python3.X with its -venv package, and the default python3. */
export function debianRow(fileName, text) {
  const [, major, codename] = CAPTURE_NAME.exec(fileName);
  const stanzas = aptStanzas(text);
  const byName = new Map(stanzas.map((stanza) => [stanza.Package, stanza]));
  const python3 = byName.get('python3');
  const defaultPython = /^python3\.(\d+) /.exec(python3.Depends)?.[1];
  const pythons = stanzas
    .filter((stanza) => /^python3\.\d+$/.test(stanza.Package))
    .map((stanza) => {
      const venv = byName.get(`${stanza.Package}-venv`);
      return {
        python: stanza.Package.slice('python'.length),
        component: componentOf(stanza),
        version: stanza.Version,
        ...(venv ? { venvVersion: venv.Version } : {}),
      };
    })
    .sort((a, b) => Number(a.python.split('.')[1]) - Number(b.python.split('.')[1]));
  return {
    distro: `debian${major}`,
    name: `Debian ${major}`,
    defaultPython: `3.${defaultPython}`,
    pythons,
    confidence: 'primary: apt-cache show against deb.debian.org, read here',
    source: `${DISTRO_PYTHONS_SOURCES_DIR}/${fileName} (apt-cache show on deb.debian.org/debian ${codename} main, amd64; InRelease of ${inReleaseDate(text)}); python3 ${python3.Version} depends on python3.${defaultPython}`,
  };
}

/** Every Debian row, oldest release first, from the captures under `root`. */
export function debianRows(root) {
  const dir = path.join(root, DISTRO_PYTHONS_SOURCES_DIR);
  return readdirSync(dir)
    .filter((name) => CAPTURE_NAME.test(name))
    .sort((a, b) => Number(CAPTURE_NAME.exec(a)[1]) - Number(CAPTURE_NAME.exec(b)[1]))
    .map((name) => debianRow(name, readFileSync(path.join(dir, name), 'utf8')));
}

/** The table with its Debian rows regenerated and every other row as it was. */
export function withDebianRows(table, rows) {
  return { ...table, releases: [...table.releases.filter((row) => !row.distro.startsWith('debian')), ...rows] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = path.join(root, DISTRO_PYTHONS_FILE);
  const table = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, `${JSON.stringify(withDebianRows(table, debianRows(root)), null, 2)}\n`);
  console.log(`wrote ${DISTRO_PYTHONS_FILE}`);
}
