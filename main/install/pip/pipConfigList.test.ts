import { describe, expect, it } from 'vitest';
import { decodePythonStr, parsePipConfigList } from './pipConfigList.js';

/**
 * `python -m pip config list` prints `section.key=%r` per setting (pip's commands/configuration.py `list_values`).
 * CAPTURED is its real output (pip 23.2.1, Python 3.11, this machine, 2026-12): an XDG_CONFIG_DIRS pip.conf with a
 * two-line extra-index-url, an [install] value holding a quote (so repr switches to "…"), /etc/pip.conf's cert and
 * PIP_EXTRA_INDEX_URL in the environment.
 */
const CAPTURED = [
  ":env:.extra-index-url='https://e1.example https://e2.example'",
  "global.cert='/etc/ssl/certs/ca-certificates.crt'",
  "global.extra-index-url='\\nhttps://a.example/simple\\nhttps://b.example/simple'",
  "global.find-links='https://legacy.example/links'",
  "global.index-url='https://g.example/simple'",
  "global.no-index='no'",
  'install.extra-index-url="https://u\'x.example/simple"',
  '',
].join('\n');

describe('pip config list → settings', () => {
  it('reads every line of the real capture, the section split at the first dot, values unescaped', () => {
    expect(parsePipConfigList(CAPTURED)).toEqual([
      { section: ':env:', key: 'extra-index-url', value: 'https://e1.example https://e2.example' },
      { section: 'global', key: 'cert', value: '/etc/ssl/certs/ca-certificates.crt' },
      { section: 'global', key: 'extra-index-url', value: '\nhttps://a.example/simple\nhttps://b.example/simple' },
      { section: 'global', key: 'find-links', value: 'https://legacy.example/links' },
      { section: 'global', key: 'index-url', value: 'https://g.example/simple' },
      { section: 'global', key: 'no-index', value: 'no' },
      { section: 'install', key: 'extra-index-url', value: "https://u'x.example/simple" },
    ]);
  });

  it("decodes Python's str escapes and refuses what is not a str literal", () => {
    expect(decodePythonStr("'a\\\\b\\'c\\t\\x1b\\u00e9\\U0001f600'")).toBe("a\\b'c\t\x1bé😀");
    expect(decodePythonStr('"it\'s"')).toBe("it's");
    for (const bad of ["'open", "'a'b'", "b'bytes'", "'\\q'", "'\\x4'", "'\\'", '42', "''x"]) expect(decodePythonStr(bad), bad).toBeNull();
  });

  it('leaves out lines that are not settings: warnings, no dot, an unreadable value, an over-long key', () => {
    const hostile = [
      'WARNING: Ignoring invalid distribution ~ip',
      "nodot='x'",
      "global.index-url=https://unquoted",
      "global.index-url='unterminated",
      `global.${'k'.repeat(200)}='x'`,
      "global.index-url='https://ok.example/simple'",
    ].join('\n');
    expect(parsePipConfigList(hostile)).toEqual([{ section: 'global', key: 'index-url', value: 'https://ok.example/simple' }]);
  });
});
