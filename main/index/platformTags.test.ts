import { describe, expect, it } from 'vitest';
import { pickBestFile, wheelFit, type TargetPlatform } from './platformTags.js';
import { platformTagsFor, supportedTags } from './supportedTags.js';

const linux = (glibc?: string, python = '3.12', arch: TargetPlatform['arch'] = 'x86_64'): TargetPlatform => ({ os: 'linux', arch, python, ...(glibc ? { glibc } : {}) });
const mac = (macos: string, arch: TargetPlatform['arch'] = 'arm64', python = '3.12'): TargetPlatform => ({ os: 'macos', arch, python, macos });

describe('the tags a target accepts (packaging.tags, as pip 25 vendors it)', () => {
  it('lists glibc 2.17 x86_64 as packaging test_linux_platforms_manylinux2014 does, linux_x86_64 last', () => {
    // tests/test_tags.py::TestManylinuxPlatform::test_linux_platforms_manylinux2014 (packaging 26.3 moved linux_* first;
    // the packaging release pip vendors today lists it last).
    const many = ['manylinux_2_17_x86_64', 'manylinux2014_x86_64', ...[16, 15, 14, 13].map((y) => `manylinux_2_${y}_x86_64`), 'manylinux_2_12_x86_64', 'manylinux2010_x86_64'];
    const rest = [...[11, 10, 9, 8, 7, 6].map((y) => `manylinux_2_${y}_x86_64`), 'manylinux_2_5_x86_64', 'manylinux1_x86_64'];
    expect(platformTagsFor(linux('2.17'))).toEqual([...many, ...rest, 'linux_x86_64']);
  });

  it('starts aarch64 at manylinux2014 (glibc 2.17), the first manylinux for that CPU', () => {
    const tags = platformTagsFor(linux('2.35', '3.12', 'aarch64'));
    expect(tags[0]).toBe('manylinux_2_35_aarch64');
    expect(tags.slice(-3)).toEqual(['manylinux_2_17_aarch64', 'manylinux2014_aarch64', 'linux_aarch64']);
  });

  it('gives no manylinux tag at all when glibc is unknown', () => {
    expect(platformTagsFor(linux())).toEqual(['linux_x86_64']);
  });

  it('lists macOS 10.5 x86_64 exactly as packaging test_mac_platforms', () => {
    const formats = ['x86_64', 'intel', 'fat64', 'fat3', 'universal2', 'universal'];
    expect(platformTagsFor(mac('10.5', 'x86_64'))).toEqual([...formats.map((f) => `macosx_10_5_${f}`), ...formats.map((f) => `macosx_10_4_${f}`)]);
    expect(platformTagsFor(mac('10.17', 'x86_64'))).toHaveLength(14 * 6);
  });

  it.each([['11.0'], ['11.3'], ['12.0'], ['12.3']])('follows packaging test_macos_11 on macOS %s', (version) => {
    const x86 = platformTagsFor(mac(version, 'x86_64'));
    for (const tag of ['macosx_11_0_x86_64', 'macosx_11_0_universal', 'macosx_11_0_universal2', 'macosx_10_16_x86_64', 'macosx_10_15_x86_64', 'macosx_10_15_universal2', 'macosx_10_4_x86_64']) expect(x86).toContain(tag);
    for (const tag of ['macosx_11_0_arm64', 'macosx_11_3_x86_64', 'macosx_10_3_x86_64']) expect(x86).not.toContain(tag);
    const arm = platformTagsFor(mac(version, 'arm64'));
    for (const tag of ['macosx_11_0_arm64', 'macosx_11_0_universal2', 'macosx_10_15_universal2']) expect(arm).toContain(tag);
    for (const tag of ['macosx_11_3_arm64', 'macosx_11_0_universal', 'macosx_10_15_x86_64', 'macosx_10_4_x86_64', 'macosx_10_3_x86_64']) expect(arm).not.toContain(tag);
    if (version.startsWith('12')) expect(arm).toEqual(expect.arrayContaining(['macosx_12_0_arm64', 'macosx_12_0_universal2']));
  });

  it('orders CPython 3.12 on Windows as cpython_tags then compatible_tags', () => {
    const abi3 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((y) => `cp3${y}-abi3-win_amd64`);
    const py = ['py312', 'py3', ...[11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((y) => `py3${y}`)];
    expect(supportedTags({ os: 'windows', arch: 'x86_64', python: '3.12' })).toEqual([
      'cp312-cp312-win_amd64',
      'cp312-abi3-win_amd64',
      'cp312-none-win_amd64',
      ...abi3,
      ...py.map((tag) => `${tag}-none-win_amd64`),
      'cp312-none-any',
      ...py.map((tag) => `${tag}-none-any`),
    ]);
    expect(supportedTags({ os: 'windows', arch: 'arm64', python: '3.12' })[0]).toBe('cp312-cp312-win_arm64');
  });
});

describe('wheelFit', () => {
  it('ranks as pip prefers: the exact ABI, the newest manylinux, then abi3, then pure Python', () => {
    const target = linux('2.35');
    const rank = (filename: string) => {
      const fit = wheelFit(filename, target);
      if (!fit.ok) throw new Error(`${filename}: ${fit.missing}`);
      return fit.rank;
    };
    const order = [
      'x-1.0-cp312-cp312-manylinux_2_28_x86_64.whl',
      'x-1.0-cp312-cp312-manylinux_2_17_x86_64.manylinux2014_x86_64.whl',
      'x-1.0-cp39-abi3-manylinux_2_28_x86_64.whl',
      'x-1.0-py3-none-manylinux_2_17_x86_64.whl',
      'x-1.0-py3-none-any.whl',
      'x-1.0-py2.py3-none-any.whl',
    ].map(rank);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(rank('x-1.0-py2.py3-none-any.whl')).toBe(rank('x-1.0-py3-none-any.whl'));
  });

  it('says glibc 2.28 is needed on a glibc 2.17 machine (manylinux_2_28), and that an unknown glibc is unknown', () => {
    expect(wheelFit('torch-2.7.1-cp312-cp312-manylinux_2_28_x86_64.whl', linux('2.17'))).toEqual({ ok: false, missing: 'glibc', need: 'glibc 2.28' });
    expect(wheelFit('torch-2.7.1-cp312-cp312-manylinux_2_28_x86_64.whl', linux())).toEqual({ ok: false, missing: 'glibc', need: "glibc 2.28 (this machine's glibc version is unknown)" });
    expect(wheelFit('torch-2.7.1-cp312-cp312-manylinux_2_28_x86_64.whl', linux('2.28'))).toMatchObject({ ok: true });
  });

  it('says macOS 14.0 is needed on macOS 11 for a macosx_14_0_arm64 wheel', () => {
    expect(wheelFit('torch-2.9.0-cp312-none-macosx_14_0_arm64.whl', mac('11.0'))).toEqual({ ok: false, missing: 'macos', need: 'macOS 14.0' });
    expect(wheelFit('torch-2.9.0-cp312-none-macosx_14_0_arm64.whl', mac('15.1'))).toMatchObject({ ok: true });
    expect(wheelFit('numpy-2.1.0-cp312-cp312-macosx_10_9_universal2.whl', mac('11.0'))).toMatchObject({ ok: true });
  });

  it('names another CPU as arch and another system as platform', () => {
    expect(wheelFit('torch-2.7.1-cp312-cp312-manylinux_2_28_aarch64.whl', linux('2.35'))).toEqual({ ok: false, missing: 'arch', need: 'published for aarch64' });
    expect(wheelFit('torch-2.7.1-cp312-cp312-win_amd64.whl', linux('2.35'))).toEqual({ ok: false, missing: 'platform', need: 'published for Windows' });
    expect(wheelFit('torch-2.7.1.tar.gz', linux('2.35'))).toMatchObject({ ok: false, missing: 'platform' });
  });

  it('keeps musl and glibc apart', () => {
    const alpine: TargetPlatform = { os: 'linux', arch: 'x86_64', python: '3.12', musl: '1.2' };
    expect(wheelFit('x-1.0-cp312-cp312-musllinux_1_1_x86_64.whl', alpine)).toMatchObject({ ok: true });
    expect(wheelFit('x-1.0-cp312-cp312-manylinux_2_17_x86_64.whl', alpine)).toMatchObject({ ok: false, missing: 'platform' });
    expect(wheelFit('x-1.0-cp312-cp312-musllinux_1_1_x86_64.whl', linux('2.35'))).toMatchObject({ ok: false, missing: 'platform' });
  });
});

describe('pickBestFile', () => {
  const torchFiles = [9, 10, 11, 12, 13].flatMap((minor) =>
    ['manylinux_2_28_x86_64', 'manylinux_2_28_aarch64', 'win_amd64', 'macosx_11_0_arm64'].map((platform) => ({ filename: `torch-2.7.1-cp3${minor}-cp3${minor}-${platform}.whl` })),
  );

  it("picks the file pip would, for this machine's Python and CPU", () => {
    expect(pickBestFile(torchFiles, linux('2.35', '3.12'))).toMatchObject({ ok: true, file: { filename: 'torch-2.7.1-cp312-cp312-manylinux_2_28_x86_64.whl' } });
    expect(pickBestFile(torchFiles, linux('2.35', '3.12', 'aarch64'))).toMatchObject({ ok: true, file: { filename: 'torch-2.7.1-cp312-cp312-manylinux_2_28_aarch64.whl' } });
    expect(pickBestFile(torchFiles, { os: 'windows', arch: 'x86_64', python: '3.10' })).toMatchObject({ ok: true, file: { filename: 'torch-2.7.1-cp310-cp310-win_amd64.whl' } });
  });

  it('says Python 3.14 has no wheel where cp39…cp313 exist', () => {
    expect(pickBestFile(torchFiles, linux('2.35', '3.14'))).toEqual({ ok: false, missing: 'python', need: 'Python 3.9-3.13 (cp39…cp313)' });
  });

  it('says glibc, not Python, when the right Python exists but needs a newer glibc', () => {
    expect(pickBestFile(torchFiles, linux('2.17', '3.12'))).toEqual({ ok: false, missing: 'glibc', need: 'glibc 2.28' });
  });

  it('prefers the better tag, then the higher build number, then the first listed', () => {
    const files = [
      { filename: 'x-1.0-py3-none-any.whl', n: 1 },
      { filename: 'x-1.0-cp312-cp312-manylinux2014_x86_64.whl', n: 2 },
      { filename: 'x-1.0-2-cp312-cp312-manylinux2014_x86_64.whl', n: 3 },
      { filename: 'x-1.0-2-cp312-cp312-manylinux2014_x86_64.whl', n: 4 },
    ];
    expect(pickBestFile(files, linux('2.35'))).toMatchObject({ ok: true, file: { n: 3 } });
  });

  it('says when only a source distribution is published', () => {
    expect(pickBestFile([{ filename: 'x-1.0.tar.gz' }], linux('2.35'))).toEqual({ ok: false, missing: 'platform', need: 'a wheel (only a source distribution is published)' });
  });
});
