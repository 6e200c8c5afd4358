import { describe, expect, it } from 'vitest';
import { admittedVersions, clauseContains, parseSpecifierSet, setContains, specifierSetText } from './specifier.js';

// pypa/packaging tests/test_specifiers.py::TestSpecifier::test_specifiers (@053c8846), every (version, specifier)
// row, with prereleases=True as that test sets it: membership alone, before any pre-release selection.
const MATCH: [string, string][] = [
  ['2.0', '==2'], ['2.0', '==2.0'], ['2.0', '==2.0.0'], ['2.0+deadbeef', '==2'], ['2.0+deadbeef', '==2.0'],
  ['2.0+deadbeef', '==2.0.0'], ['2.0+deadbeef', '==2+deadbeef'], ['2.0+deadbeef', '==2.0+deadbeef'],
  ['2.0+deadbeef', '==2.0.0+deadbeef'], ['2.0+deadbeef.0', '==2.0.0+deadbeef.00'], ['2.dev1', '==2.*'],
  ['2a1', '==2.*'], ['2a1.post1', '==2.*'], ['2b1', '==2.*'], ['2b1.dev1', '==2.*'], ['2c1', '==2.*'],
  ['2c1.post1.dev1', '==2.*'], ['2c1.post1.dev1', '==2.0.*'], ['2rc1', '==2.*'], ['2rc1', '==2.0.*'], ['2', '==2.*'],
  ['2', '==2.0.*'], ['2', '==2.0.0.*'], ['2', '==0!2.*'], ['0!2', '==2.*'], ['2.0', '==2.*'], ['2.0.0', '==2.*'],
  ['2.0.0.0', '==2.0.*'], ['2.1+local.version', '==2.1.*'], ['2.1', '!=2'], ['2.1', '!=2.0'], ['2.0.1', '!=2'],
  ['2.0.1', '!=2.0'], ['2.0.1', '!=2.0.0'], ['2.0', '!=2.0+deadbeef'], ['2.0', '!=3.*'], ['2.1', '!=2.0.*'],
  ['3', '!=2.0.0.*'], ['2.1.0.0', '!=2.0.*'], ['2.0', '>=2'], ['2.0', '>=2.0'], ['2.0', '>=2.0.0'],
  ['2.0.post1', '>=2'], ['2.0.post1.dev1', '>=2'], ['3', '>=2'], ['3.0.0a8', '>=3.0.0a7'], ['2.0', '<=2'],
  ['2.0', '<=2.0'], ['2.0', '<=2.0.0'], ['2.0.dev1', '<=2'], ['2.0a1', '<=2'], ['2.0a1.dev1', '<=2'],
  ['2.0b1', '<=2'], ['2.0b1.post1', '<=2'], ['2.0c1', '<=2'], ['2.0c1.post1.dev1', '<=2'], ['2.0rc1', '<=2'],
  ['1', '<=2'], ['3.0.0a7', '<=3.0.0a8'], ['3', '>2'], ['2.1', '>2.0'], ['2.0.1', '>2'], ['2.1.post1', '>2'],
  ['2.1+local.version', '>2'], ['3.0.0a8', '>3.0.0a7'], ['1', '<2'], ['2.0', '<2.1'], ['2.0.dev0', '<2.1'],
  ['3.0.0a7', '<3.0.0a8'], ['1', '~=1.0'], ['1.0.1', '~=1.0'], ['1.1', '~=1.0'], ['1.9999999', '~=1.0'],
  ['1.1', '~=1.0a1'], ['2022.01.01', '~=2022.01.01'], ['2!1.0', '~=2!1.0'], ['2!1.0', '==2!1.*'],
  ['2!1.0', '==2!1.0'], ['2!1.0', '!=1.0'], ['2!1.0.0', '==2!1.0.0.0.*'], ['2!1.0.0', '==2!1.0.*'],
  ['2!1.0.0', '==2!1.*'], ['1.0', '!=2!1.0'], ['1.0', '<=2!0.1'], ['2!1.0', '>=2.0'], ['1.0', '<2!0.1'],
  ['2!1.0', '>2.0'], ['2.0.5', '>2.0dev'], ['1.0+local', '>1.0.dev1'], ['4.1.0a2.dev1235+local', '>4.1.0a2.dev1234'],
  ['1.0a2+local', '>1.0a1'], ['1.0b2+local', '>1.0b1'], ['1.0rc2+local', '>1.0rc1'],
  ['1.0.post2+local', '>1.0.post1'], ['1.0.dev2+local', '>1.0.dev1'], ['1.0a1.dev2+local', '>1.0a1.dev1'],
  ['1.0.post1.dev2+local', '>1.0.post1.dev1'],
];
const NO_MATCH: [string, string][] = [
  ['2.1', '==2'], ['2.1', '==2.0'], ['2.1', '==2.0.0'], ['2.0', '==2.0+deadbeef'], ['2.0', '==3.*'],
  ['2.1', '==2.0.*'], ['3', '==2.0.0.*'], ['2.1.0.0', '==2.0.*'], ['2.0', '!=2'], ['2.0', '!=2.0'],
  ['2.0', '!=2.0.0'], ['2.0+deadbeef', '!=2'], ['2.0+deadbeef', '!=2.0'], ['2.0+deadbeef', '!=2.0.0'],
  ['2.0+deadbeef', '!=2+deadbeef'], ['2.0+deadbeef', '!=2.0+deadbeef'], ['2.0+deadbeef', '!=2.0.0+deadbeef'],
  ['2.0+deadbeef.0', '!=2.0.0+deadbeef.00'], ['2.dev1', '!=2.*'], ['2a1', '!=2.*'], ['2a1.post1', '!=2.*'],
  ['2b1', '!=2.*'], ['2b1.dev1', '!=2.*'], ['2c1', '!=2.*'], ['2c1.post1.dev1', '!=2.*'],
  ['2c1.post1.dev1', '!=2.0.*'], ['2rc1', '!=2.*'], ['2rc1', '!=2.0.*'], ['2', '!=2.*'], ['2', '!=2.0.*'],
  ['2', '!=2.0.0.*'], ['2.0', '!=2.*'], ['2.0.0', '!=2.*'], ['2.0.0.0', '!=2.0.*'], ['2.0.dev1', '>=2'],
  ['2.0a1', '>=2'], ['2.0a1.dev1', '>=2'], ['2.0b1', '>=2'], ['2.0b1.post1', '>=2'], ['2.0c1', '>=2'],
  ['2.0c1.post1.dev1', '>=2'], ['2.0rc1', '>=2'], ['1', '>=2'], ['2.0.post1', '<=2'], ['2.0.post1.dev1', '<=2'],
  ['3', '<=2'], ['1', '>2'], ['2.0.dev1', '>2'], ['2.0a1', '>2'], ['2.0a1.post1', '>2'], ['2.0b1', '>2'],
  ['2.0b1.dev1', '>2'], ['2.0c1', '>2'], ['2.0c1.post1.dev1', '>2'], ['2.0rc1', '>2'], ['2.0', '>2'],
  ['2.0.post1', '>2'], ['2.0.post1.dev1', '>2'], ['2.0+local.version', '>2'],
  ['4.1.0a2.dev1234+local', '>4.1.0a2.dev1234'], ['1.0a1+local', '>1.0a1'], ['1.0b1+local', '>1.0b1'],
  ['1.0rc1+local', '>1.0rc1'], ['1.0.post1+local', '>1.0.post1'], ['1.0.dev1+local', '>1.0.dev1'],
  ['1.0a1.dev1+local', '>1.0a1.dev1'], ['1.0.post1.dev1+local', '>1.0.post1.dev1'], ['2.0.dev1', '<2'],
  ['2.0a1', '<2'], ['2.0a1.post1', '<2'], ['2.0b1', '<2'], ['2.0b2.dev1', '<2'], ['2.0c1', '<2'],
  ['2.0c1.post1.dev1', '<2'], ['2.0rc1', '<2'], ['2.0', '<2'], ['2.post1', '<2'], ['2.post1.dev1', '<2'],
  ['3', '<2'], ['2.0', '~=1.0'], ['1.1.0', '~=1.0.0'], ['1.1.post1', '~=1.0.0'], ['1.0', '~=2!1.0'],
  ['2!1.0', '~=1.0'], ['2!1.0', '==1.0'], ['1.0', '==2!1.0'], ['2!1.0', '==1.0.0.*'], ['1.0', '==2!1.0.0.*'],
  ['2!1.0', '==1.*'], ['1.0', '==2!1.*'], ['2!1.0', '!=2!1.0'],
];

function clause(text: string) {
  const set = parseSpecifierSet(text);
  if (set?.length !== 1) throw new Error(`not one clause: ${text}`);
  return set[0]!;
}

describe('PEP 440 specifiers', () => {
  it.each(MATCH)('%s is in %s', (version, spec) => {
    expect(clauseContains(clause(spec), version)).toBe(true);
  });

  it.each(NO_MATCH)('%s is not in %s', (version, spec) => {
    expect(clauseContains(clause(spec), version)).toBe(false);
  });

  it('compares === as text, case-insensitively (packaging: "1.0+downstream1" is not in ===1.0)', () => {
    expect(clauseContains(clause('===1.0'), '1.0')).toBe(true);
    expect(clauseContains(clause('===1.0'), '1.0+downstream1')).toBe(false);
    expect(clauseContains(clause('===foobar'), 'FooBar')).toBe(true);
  });

  it('refuses what the grammar does not allow, instead of throwing', () => {
    for (const bad of ['~=1', '>=1.0+local', '<2.*', '==2.0a1.*', '=>1.0', '==', '>=1.0;', 'latest', `==1.0,${'>=1,'.repeat(40)}`]) {
      expect(parseSpecifierSet(bad), bad).toBeNull();
    }
    expect(parseSpecifierSet('')).toEqual([]);
    expect(specifierSetText(parseSpecifierSet(' >=2.0 , <3 ')!)).toBe('>=2.0,<3');
  });

  it('matches a set only when every clause does', () => {
    const set = parseSpecifierSet('>=2.0,<3,!=2.4')!;
    expect(['1.9', '2.0', '2.4', '2.9.1', '3.0'].filter((v) => setContains(set, v))).toEqual(['2.0', '2.9.1']);
  });
});

describe('which versions pip selects (no --pre)', () => {
  const versions = ['1.0', '2.0', '2.1rc1', '2.1', '3.0.dev0', '3.0a1'];

  it('keeps final releases when any satisfy the range', () => {
    expect(admittedVersions(parseSpecifierSet('>=2.0')!, versions)).toEqual(['2.0', '2.1']);
    expect(admittedVersions([], versions)).toEqual(['1.0', '2.0', '2.1']);
  });

  it('lets pre-releases in when the range names one, or when nothing else satisfies it (PEP 440)', () => {
    expect(admittedVersions(parseSpecifierSet('>=2.1rc1')!, versions)).toEqual(['2.1rc1', '2.1', '3.0.dev0', '3.0a1']);
    expect(admittedVersions(parseSpecifierSet('>=3.0.dev0')!, versions)).toEqual(['3.0.dev0', '3.0a1']);
    expect(admittedVersions(parseSpecifierSet('>2.1')!, versions)).toEqual(['3.0.dev0', '3.0a1']);
    expect(admittedVersions(parseSpecifierSet('==2.1rc1')!, versions)).toEqual(['2.1rc1']);
  });

  it('never lets "!=" or "==X.*" alone admit pre-releases while finals satisfy', () => {
    expect(admittedVersions(parseSpecifierSet('!=2.1rc1')!, versions)).toEqual(['1.0', '2.0', '2.1']);
    expect(admittedVersions(parseSpecifierSet('==2.*')!, versions)).toEqual(['2.0', '2.1']);
  });
});
