import { describe, expect, it } from 'vitest';
import { analyzePattern, MAX_PATHS } from './patternSafety.js';

describe('analyzePattern', () => {
  it.each([
    ['(a+)+b', /unbounded/],
    ['(?:a|a)*b', /unbounded/],
    ['.*libcudart.*missing', /unbounded/],
    ['libcud\\w{0,100}(?:\\.\\w{0,100}){0,10}', /backtracking paths/],
    ['(libcudnn)\\1', /back-reference/],
    ['\\d{1,3}\\.\\d{1,3}', /no literal/],
    ['abc|libcudnn', /no literal/],
  ])('refuses /%s/', (source, problem) => {
    expect(analyzePattern(source).problems.join('; ')).toMatch(problem);
  });

  it('bounds paths: a sequence multiplies, an alternation adds, {m,n} sums powers', () => {
    expect(analyzePattern('libcudart\\.so\\.\\d{1,3}').paths).toBe(3);
    expect(analyzePattern('libcudart(?:\\.\\d{1,3}){0,2}').paths).toBe(1 + 3 + 9);
    expect(analyzePattern('(?:cudart|cublas) libs').paths).toBe(2);
    expect(analyzePattern('Tried to allocate .{0,200}').paths).toBe(201);
  });

  it('finds the literal every match contains, for the prefilter', () => {
    expect(analyzePattern("Could not load dynamic library '(?<soname>libcudart\\.so[.\\d]{0,12})'").literals).toEqual(["could not load dynamic library '"]);
    expect(analyzePattern('GPU is lost|fallen off the bus').literals).toEqual(['gpu is lost', 'fallen off the bus']);
    expect(analyzePattern('(?:Loaded|Found) cuDNN').literals).toEqual([' cudnn']);
    expect(analyzePattern('(?<lib>libcudnn[a-z_]{0,24}\\.so): cannot open shared object file').literals).toEqual([': cannot open shared object file']);
  });

  it('accepts a pattern at the path limit and names its groups', () => {
    const analysis = analyzePattern('Tried to allocate (?<requested>\\d{1,6}(?:\\.\\d{1,3})? ?[KMGT]i?B)');
    expect(analysis.problems).toEqual([]);
    expect(analysis.paths).toBeLessThanOrEqual(MAX_PATHS);
    expect(analysis.groupNames).toEqual(['requested']);
  });
});
