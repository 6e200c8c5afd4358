import { describe, expect, it } from 'vitest';
import { parsePep440, pep440 } from './pep440.js';

describe('pep440', () => {
  it('parses local labels, pre-releases and epochs', () => {
    expect(parsePep440('2.5.1+cu124')).toMatchObject({ release: [2, 5, 1], local: 'cu124' });
    expect(parsePep440('2.0.0rc1')).toMatchObject({ pre: { kind: 'rc', number: 1 } });
    expect(parsePep440('1!2.0.post1.dev3')).toMatchObject({ epoch: 1, post: 1, dev: 3 });
    expect(parsePep440('not a version')).toBeNull();
  });

  it('orders like pip does', () => {
    const sorted = ['2.0.0', '2.0.0rc1', '2.0.0.dev1', '2.0.0.post1', '2.0.0a1', '1.13.1', '2.0.0+cu118'].sort(pep440.compare);
    expect(sorted).toEqual(['1.13.1', '2.0.0.dev1', '2.0.0a1', '2.0.0rc1', '2.0.0', '2.0.0+cu118', '2.0.0.post1']);
    expect(pep440.compare('3.10', '3.9')).toBeGreaterThan(0);
  });

  it('checks Python ranges from framework metadata', () => {
    expect(pep440.satisfies('3.12', '>=3.9,<3.14')).toBe(true);
    expect(pep440.satisfies('3.14', '>=3.9,<3.14')).toBe(false);
    expect(pep440.satisfies('3.8.10', '>=3.9')).toBe(false);
  });

  it('lets a plain pin match a local build and supports wildcards and ~=', () => {
    expect(pep440.satisfies('2.5.1+cu124', '==2.5.1')).toBe(true);
    expect(pep440.satisfies('2.5.1+cu124', '==2.5.1+cu121')).toBe(false);
    expect(pep440.satisfies('2.5.1', '==2.5.*')).toBe(true);
    expect(pep440.satisfies('2.6.0', '!=2.5.*')).toBe(true);
    expect(pep440.satisfies('2.5.3', '~=2.5.1')).toBe(true);
    expect(pep440.satisfies('2.6.0', '~=2.5.1')).toBe(false);
  });
});
