import { describe, expect, it } from 'vitest';
import { parseDistFilename, tagText, type WheelName } from './wheelName.js';

function wheel(filename: string): WheelName {
  const parsed = parseDistFilename(filename);
  if (parsed?.kind !== 'wheel') throw new Error(`not a wheel: ${filename}`);
  return parsed;
}

const tags = (filename: string) => wheel(filename).tags.map(tagText).sort();

describe('wheel file names (PEP 427)', () => {
  // The valid cases of pypa/packaging tests/test_utils.py::test_parse_wheel_filename (ASCII ones: the Unicode name
  // "foo_bár" is refused here on purpose, since a file name reaches command lines).
  it.each([
    ['foo-1.0-py3-none-any.whl', 'foo', '1.0', null, ['py3-none-any']],
    ['some_PACKAGE-1.0-py3-none-any.whl', 'some-package', '1.0', null, ['py3-none-any']],
    ['foo-1.0-1000-py3-none-any.whl', 'foo', '1.0', { number: 1000, tag: '' }, ['py3-none-any']],
    ['foo-1.0-1000abc-py3-none-any.whl', 'foo', '1.0', { number: 1000, tag: 'abc' }, ['py3-none-any']],
    [
      'pyvirtualcam-0.13.0-cp310-cp310-manylinux2014_x86_64.manylinux_2_17_x86_64.whl',
      'pyvirtualcam',
      '0.13.0',
      null,
      ['cp310-cp310-manylinux2014_x86_64', 'cp310-cp310-manylinux_2_17_x86_64'],
    ],
    [
      'foo-2-py2.py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl',
      'foo',
      '2',
      null,
      ['py2-none-manylinux2014_x86_64', 'py2-none-manylinux_2_17_x86_64', 'py3-none-manylinux2014_x86_64', 'py3-none-manylinux_2_17_x86_64'],
    ],
  ])('%s', (filename, name, version, build, expected) => {
    const parsed = wheel(filename);
    expect({ name: parsed.name, version: parsed.version, build: parsed.build }).toEqual({ name, version, build });
    expect(tags(filename)).toEqual([...expected].sort());
  });

  // pypa/packaging tests/test_utils.py::test_parse_wheel_invalid_filename, every case.
  it.each([
    'foo-1.0.whl',
    'foo-1.0-py3-none-any.wheel',
    'foo__bar-1.0-py3-none-any.whl',
    'foo\n-1.0-py3-none-any.whl',
    'foo#bar-1.0-py3-none-any.whl',
    '-1.0-py3-none-any.whl',
    '-1.0-200-py3-none-any.whl',
    'foobar-1.x-py3-none-any.whl',
    'foo-1.0-abc-py3-none-any.whl',
    'foo-1.0-200-py3-none-any-junk.whl',
    'foo-1.0--none-any.whl',
    'foo-1.0-py3-none-.whl',
    'foo-1.0-py3.-none-any.whl',
    'playlyfe-0.1.1-2.7.6-none-any.whl',
  ])('refuses %j', (filename) => {
    expect(parseDistFilename(filename)).toBeNull();
  });

  it('reads the compressed platform set of a real torch wheel and its local version', () => {
    const parsed = wheel('torch-2.7.1+cu126-cp312-cp312-manylinux_2_28_x86_64.whl');
    expect(parsed).toMatchObject({ name: 'torch', version: '2.7.1+cu126', build: null });
    expect(parsed.parsed.local).toBe('cu126');
    expect(tags('nvidia_cublas_cu12-12.6.4.1-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl')).toEqual([
      'py3-none-manylinux2014_x86_64',
      'py3-none-manylinux_2_17_x86_64',
    ]);
  });

  it('decodes a URL-encoded "+" (download.pytorch.org writes torch-2.7.1%2Bcu126-…)', () => {
    expect(wheel('torch-2.7.1%2Bcu126-cp312-cp312-win_amd64.whl')).toMatchObject({ version: '2.7.1+cu126', tags: [{ interpreter: 'cp312', abi: 'cp312', platform: 'win_amd64' }] });
    expect(parseDistFilename('torch-2.7.1%ZZcu126-cp312-cp312-win_amd64.whl')).toBeNull();
    expect(parseDistFilename('torch-2.7.1%0Acu126-cp312-cp312-win_amd64.whl')).toBeNull();
  });

  it('lower-cases tags as packaging.tags.Tag does', () => {
    expect(tags('Foo-1.0-CP312-CP312-MANYLINUX_2_17_X86_64.whl')).toEqual(['cp312-cp312-manylinux_2_17_x86_64']);
  });

  it('bounds a compressed tag set (64 triples) and the name (255 characters)', () => {
    const many = Array.from({ length: 9 }, (_, i) => `p${i}`).join('.');
    expect(parseDistFilename(`foo-1.0-py3.py2-none-${many}.whl`)).not.toBeNull();
    expect(parseDistFilename(`foo-1.0-${many}-${many}-any.whl`)).toBeNull();
    expect(parseDistFilename(`${'a'.repeat(250)}-1.0-py3-none-any.whl`)).toBeNull();
  });
});

describe('source distributions', () => {
  // pypa/packaging tests/test_utils.py::test_parse_sdist_filename and test_parse_sdist_invalid_filename.
  it.each([
    ['foo-1.0.tar.gz', 'foo', '1.0'],
    ['foo-1.0.zip', 'foo', '1.0'],
    ['nvidia-ml-py-12.560.30.tar.gz', 'nvidia-ml-py', '12.560.30'],
  ])('recognises %s', (filename, name, version) => {
    expect(parseDistFilename(filename)).toMatchObject({ kind: 'sdist', name, version });
  });

  it.each(['foo-1.0.xz', 'foo1.0.tar.gz', 'foo-1.x.tar.gz', '-1.0.tar.gz', '-1.0.zip'])('refuses %j', (filename) => {
    expect(parseDistFilename(filename)).toBeNull();
  });
});
