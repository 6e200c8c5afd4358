import { describe, expect, it } from 'vitest';
import { newestPytorch, pytorchRelease } from '../../testkit/data/liveFacts.js';
import { listFrameworkVersions } from './listFrameworkVersions.js';

describe('framework version list', () => {
  it('lists PyTorch releases newest first with their Python range and build kinds on Linux', () => {
    const list = listFrameworkVersions({ framework: 'pytorch' }, { os: 'linux', arch: 'x86_64' });
    const versions = list.versions.map((entry) => entry.version);
    expect(versions.length).toBeGreaterThan(5);
    const sorted = [...versions].sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
    expect(versions).toEqual(sorted);
    // Each release as its latest patch (2.7 -> 2.7.1), the newest one first, read from data/pytorch.json.
    expect(versions[0]).toBe(newestPytorch.latestPatch);
    expect(versions).toContain(pytorchRelease('2.7').latestPatch);
    expect(list.versions[0]!.kinds).toEqual(expect.arrayContaining(['cuda', 'cpu']));
    expect(list.versions.every((entry) => /^3\.\d+$/.test(entry.python.min))).toBe(true);
  });

  it('offers only CPU TensorFlow releases after 2.10 on native Windows', () => {
    const list = listFrameworkVersions({ framework: 'tensorflow' }, { os: 'windows', arch: 'x86_64' });
    const newest = list.versions[0]!;
    expect(newest.kinds).toEqual(['cpu']);
    expect(list.versions.find((entry) => entry.version.startsWith('2.10'))?.kinds).toContain('cuda');
  });
});
