import { describe, expect, it } from 'vitest';
import { pipConfigEntry, type PipConfigEntry } from './pipConfigEntry.js';
import { pipIndexConfig, pipSources } from './pipIndexConfig.js';

const entry = (section: string, key: string, value: string) => pipConfigEntry(section, key, value)!;
const DEFAULT = 'https://pypi.org/simple';
const NO_STEP = { extraIndexUrls: [], findLinks: [] };

/**
 * pip's docs (topics/configuration, "Config Precedence"): command-line options over PIP_* variables over files; a
 * command's section ([install]) over [global]. Multiple values are whitespace-separated. Checked against real pip's
 * "Looking in indexes" line in readPipConfig.test.ts (integration lane).
 */
describe('pip configuration → the indexes pip install consults', () => {
  it('[install] replaces [global], PIP_* replaces both; lists split on any whitespace', () => {
    const entries: PipConfigEntry[] = [
      entry('global', 'index-url', 'https://g.example/simple'),
      entry('global', 'extra-index-url', '\nhttps://a.example/simple\nhttps://b.example/simple'),
      entry('install', 'extra-index-url', 'https://i.example/simple'),
      entry('freeze', 'index-url', 'https://not-install.example/simple'),
      entry(':env:', 'find-links', 'https://l1.example  https://l2.example'),
    ];
    expect(pipIndexConfig(entries)).toEqual({ indexUrls: ['https://g.example/simple'], extraIndexUrls: ['https://i.example/simple'], findLinks: ['https://l1.example', 'https://l2.example'], noIndex: false });
  });

  it('the step: --index-url replaces the configured index, its extra indexes and links come after the configured ones', () => {
    const config = pipIndexConfig([entry('global', 'index-url', 'https://g.example/simple'), entry('global', 'extra-index-url', 'https://x.example/simple'), entry('global', 'find-links', 'https://f.example/')]);
    expect(pipSources({ indexUrl: 'https://download.pytorch.org/whl/cu124', extraIndexUrls: ['https://s.example/simple'], findLinks: ['https://sf.example/'] }, config, DEFAULT))
      .toEqual({ indexUrls: ['https://download.pytorch.org/whl/cu124', 'https://x.example/simple', 'https://s.example/simple'], findLinks: ['https://f.example/', 'https://sf.example/'] });
    expect(pipSources(NO_STEP, config, DEFAULT).indexUrls[0]).toBe('https://g.example/simple');
    expect(pipSources(NO_STEP, pipIndexConfig([]), DEFAULT)).toEqual({ indexUrls: [DEFAULT], findLinks: [] });
  });

  it("no-index (pip's strtobool) drops every index; empty values and pypi-url, index-url's old alias", () => {
    expect(pipSources(NO_STEP, pipIndexConfig([entry(':env:', 'no-index', 'yes'), entry('global', 'find-links', '/opt/wheels')]), DEFAULT)).toEqual({ indexUrls: [], findLinks: ['/opt/wheels'] });
    expect(pipIndexConfig([entry('global', 'no-index', 'off')]).noIndex).toBe(false);
    expect(pipIndexConfig([entry('global', 'index-url', 'https://g.example/simple'), entry('install', 'index-url', '  ')]).indexUrls).toEqual(['https://g.example/simple']);
    expect(pipIndexConfig([entry('global', 'pypi-url', 'https://old.example/simple')]).indexUrls).toEqual(['https://old.example/simple']);
  });

  it('a value with control characters is shown escaped and cut, never raw', () => {
    const [shown] = pipIndexConfig([entry('global', 'index-url', `https://x.example/\u001b[31m${'a'.repeat(400)}`)]).indexUrls;
    expect(shown).toMatch(/^https:\/\/x\.example\/\\x1b\[31ma+…$/);
    expect(shown!.length).toBeLessThan(320);
  });
});
