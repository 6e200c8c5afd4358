import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { debianRows, withDebianRows, type DistroPythonRow } from '../scripts/generateDistroPythons.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const table = JSON.parse(readFileSync(path.join(root, 'data/distro-pythons.json'), 'utf8')) as { releases: DistroPythonRow[] };

describe('data/distro-pythons.json', () => {
  it('has the Debian rows its apt-cache captures give (node scripts/generateDistroPythons.mjs rewrites them)', () => {
    expect(table).toEqual(withDebianRows(table, debianRows(root)));
  });

  // Read off the captures in data/sources/distro-pythons/ before the generator was written.
  it.each([
    ['debian11', '3.9', ['3.9'], '3.9.2-1'],
    ['debian12', '3.11', ['3.11'], '3.11.2-6+deb12u8'],
    ['debian13', '3.13', ['3.13'], '3.13.5-2+deb13u5'],
  ])('%s packages Python %s by default, and only %j, with its venv package', (distro, defaultPython, pythons, version) => {
    const row = table.releases.find((release) => release.distro === distro)!;
    expect(row.defaultPython).toBe(defaultPython);
    expect(row.pythons.map((p) => p.python)).toEqual(pythons);
    expect(row.pythons[0]).toMatchObject({ component: 'main', version, venvVersion: version });
  });

  it('types each Ubuntu row with its packages.ubuntu.com pages and says they were not fetched here', () => {
    const ubuntu = table.releases.filter((release) => release.distro.startsWith('ubuntu'));
    expect(ubuntu.map((row) => [row.distro, row.defaultPython, row.pythons.map((p) => `${p.python}/${p.component}`)])).toEqual([
      ['ubuntu2004', '3.8', ['3.8/main', '3.9/universe']],
      ['ubuntu2204', '3.10', ['3.10/main', '3.11/universe']],
      ['ubuntu2404', '3.12', ['3.12/main']],
    ]);
    for (const row of ubuntu) {
      expect(row.confidence).toBe('from packages.ubuntu.com pages, not fetched here');
      for (const python of row.pythons) expect(python.source).toMatch(/^https:\/\/packages\.ubuntu\.com\//);
    }
  });
});
