import { describe, expect, it } from 'vitest';
import { evaluateMarker, parseMarker, UndefinedComparison, type MarkerEnvironment } from './marker.js';
import { markerEnvironment, parseRequirement, requirementApplies } from './requirement.js';

const base = markerEnvironment({ os: 'linux', arch: 'x86_64', python: '3.12', glibc: '2.35' });
const holds = (marker: string, env: Partial<MarkerEnvironment> = {}) => {
  const parsed = parseMarker(marker);
  if (!parsed) throw new Error(`not a marker: ${marker}`);
  return evaluateMarker(parsed, { ...base, ...env });
};

describe('PEP 508 markers', () => {
  // pypa/packaging tests/test_markers.py::TestMarker::test_evaluates and test_version_like_equality (@053c8846).
  it.each<[string, Partial<MarkerEnvironment>, boolean]>([
    ["os_name == 'foo'", { os_name: 'foo' }, true],
    ["os_name == 'foo'", { os_name: 'bar' }, false],
    ["'2.7' in python_version", { python_version: '2.7.5' }, true],
    ["'2.7' not in python_version", { python_version: '2.7' }, false],
    ["os_name == 'foo' and python_version ~= '2.7.0'", { os_name: 'foo', python_version: '2.7.6' }, true],
    ["python_version ~= '2.7.0' and (os_name == 'foo' or os_name == 'bar')", { os_name: 'foo', python_version: '2.7.4' }, true],
    ["python_version ~= '2.7.0' and (os_name == 'foo' or os_name == 'bar')", { os_name: 'bar', python_version: '2.7.4' }, true],
    ["python_version ~= '2.7.0' and (os_name == 'foo' or os_name == 'bar')", { os_name: 'other', python_version: '2.7.4' }, false],
    ["extra == 'security'", { extra: 'quux' }, false],
    ["extra == 'security'", { extra: 'security' }, true],
    ["extra == 'SECURITY'", { extra: 'security' }, true],
    ["extra == 'security'", { extra: 'SECURITY' }, true],
    ["extra == 'pep-685-norm'", { extra: 'PEP_685...norm' }, true],
    ["extra == 'Different.punctuation..is...equal'", { extra: 'different__punctuation_is_EQUAL' }, true],
    ['extra == "v2"', { extra: '' }, false],
    ['extra == "v2"', { extra: 'v2' }, true],
    ['extra == "v2"', { extra: 'v2a3' }, false],
    ['extra == "v2a3"', { extra: 'v2a3' }, true],
  ])('%s with %j is %s', (marker, env, expected) => {
    expect(holds(marker, env)).toBe(expected);
  });

  it('compares versions as PEP 440, not as text ("3.10" is after "3.9")', () => {
    expect(holds('python_version >= "3.9"', { python_version: '3.10' })).toBe(true);
    expect(holds('python_version < "3.13"')).toBe(true);
    expect(holds('"3.13" > python_version')).toBe(true);
    expect(holds('python_full_version >= "3.12.1"')).toBe(false);
  });

  // pypa/packaging tests/test_markers.py::TestMarker::test_parses_invalid.
  it.each(['python_version', '(python_version)', 'python_version >= 1.0 and (python_version)', '(python_version == "2.7" and os_name == "linux"', '(python_version == "2.7") with random text'])(
    'refuses %j',
    (marker) => {
      expect(parseMarker(marker)).toBeNull();
    },
  );

  it('stops on a comparison pip cannot make, as pip does', () => {
    expect(() => holds('os_name ~= "nt"')).toThrow(UndefinedComparison);
  });

  it('bounds nesting', () => {
    expect(parseMarker(`${'('.repeat(40)}os_name == "nt"${')'.repeat(40)}`)).toBeNull();
    expect(parseMarker(`${'('.repeat(10)}os_name == "nt"${')'.repeat(10)}`)).not.toBeNull();
  });
});

describe('the target machine as markers see it', () => {
  it('describes Linux x86_64, Windows and an Apple Silicon Mac as their Pythons would', () => {
    expect(base).toMatchObject({ python_version: '3.12', python_full_version: '3.12.0', sys_platform: 'linux', platform_system: 'Linux', platform_machine: 'x86_64', os_name: 'posix', platform_python_implementation: 'CPython', implementation_name: 'cpython' });
    expect(markerEnvironment({ os: 'windows', arch: 'x86_64', python: '3.11.9' })).toMatchObject({ python_full_version: '3.11.9', sys_platform: 'win32', platform_system: 'Windows', platform_machine: 'AMD64', os_name: 'nt' });
    expect(markerEnvironment({ os: 'macos', arch: 'arm64', python: '3.13', macos: '14.0' })).toMatchObject({ sys_platform: 'darwin', platform_system: 'Darwin', platform_machine: 'arm64' });
    expect(markerEnvironment({ os: 'linux', arch: 'aarch64', python: '3.12' }).platform_machine).toBe('aarch64');
  });
});

describe('PEP 508 requirements (Requires-Dist lines)', () => {
  it('reads torch 2.7.1 style lines: pins with markers, bare names, ranges, extras', () => {
    expect(parseRequirement('nvidia-cudnn-cu12==9.5.1.17; platform_system == "Linux" and platform_machine == "x86_64"')).toMatchObject({ name: 'nvidia-cudnn-cu12', specifierText: '==9.5.1.17', extras: [], url: null });
    expect(parseRequirement('typing-extensions>=4.10.0')).toMatchObject({ name: 'typing-extensions', specifierText: '>=4.10.0', marker: null });
    expect(parseRequirement('filelock')).toMatchObject({ name: 'filelock', specifierText: '' });
    expect(parseRequirement('opt-einsum>=3.3; extra == "opt-einsum"')).toMatchObject({ name: 'opt-einsum', specifierText: '>=3.3' });
    expect(parseRequirement('Requests[Security, SOCKS] (>=2.8.1, ==2.8.*) ; python_version < "2.7"')).toMatchObject({ name: 'requests', extras: ['security', 'socks'], specifierText: '>=2.8.1,==2.8.*' });
    expect(parseRequirement('name @ https://example.com/name-1.0-py3-none-any.whl ; os_name == "nt"')).toMatchObject({ name: 'name', url: 'https://example.com/name-1.0-py3-none-any.whl' });
  });

  // pypa/packaging tests/test_requirements.py: invalid requirements.
  it.each(['', 'foo!', 'foo==', 'foo==1.0;', 'foo[bar', 'foo >= 1.0 <', 'foo; os_name', '-foo', 'foo==1.0 bar', `foo==${'1'.repeat(2000)}`])('refuses %j', (text) => {
    expect(parseRequirement(text)).toBeNull();
  });

  it('applies a line when its marker holds for the target, with the extras asked for', () => {
    const gpuOnly = parseRequirement('triton==3.3.1; platform_system == "Linux" and platform_machine == "x86_64"')!;
    expect(requirementApplies(gpuOnly, base)).toBe(true);
    expect(requirementApplies(gpuOnly, markerEnvironment({ os: 'linux', arch: 'aarch64', python: '3.12' }))).toBe(false);
    expect(requirementApplies(gpuOnly, markerEnvironment({ os: 'windows', arch: 'x86_64', python: '3.12' }))).toBe(false);
    const newPython = parseRequirement('setuptools; python_version >= "3.12"')!;
    expect(requirementApplies(newPython, base)).toBe(true);
    expect(requirementApplies(newPython, markerEnvironment({ os: 'linux', arch: 'x86_64', python: '3.11' }))).toBe(false);
    const extra = parseRequirement('optree>=0.13.0; extra == "optree"')!;
    expect(requirementApplies(extra, base)).toBe(false);
    expect(requirementApplies(extra, base, ['optree'])).toBe(true);
  });
});
