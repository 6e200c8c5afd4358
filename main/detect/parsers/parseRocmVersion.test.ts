import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseAmdSmiVersion, parseRocmInfoVersion, parseRocmVersionHeader, rocmFolderVersion } from './parseRocmVersion.js';

const fixture = (name: string) => readFileSync(fixturePath(`rocm-version/${name}`), 'utf8');

describe('the ROCm release from its files and amd-smi (fixtures/rocm-version, sources in fixtures/SOURCES.md)', () => {
  it('/opt/rocm/.info/version: release-build ("6.3.2-66") and plain release ("6.4.1")', () => {
    expect(parseRocmInfoVersion(fixture('info-version_6.3.2-66.txt'))).toEqual({ version: '6.3.2', build: '66' });
    expect(parseRocmInfoVersion(fixture('info-version_6.4.1.txt'))).toEqual({ version: '6.4.1' });
    // rocm-core writes MAJOR.MINOR.PATCH.POINT when a point release is defined.
    expect(parseRocmInfoVersion('7.0.0.70000\n')).toEqual({ version: '7.0.0' });
  });

  it("rocm-core's rocm_version.h defines", () => {
    expect(parseRocmVersionHeader(fixture('rocm_version.h_6.2.0_excerpt.txt'))).toEqual({ version: '6.2.0' });
  });

  it('`amd-smi version`: the "ROCm version:" field, and N/A is no version', () => {
    expect(parseAmdSmiVersion(fixture('amd-smi-version_rocm6.4.0_mi300x.txt'))).toEqual({ version: '6.4.0' });
    expect(parseAmdSmiVersion(fixture('amd-smi-version_rocm-na.txt'))).toBeNull();
  });

  it('side-by-side folders name their release; anything else is no version', () => {
    expect(rocmFolderVersion('rocm-6.2.0')).toBe('6.2.0');
    expect(rocmFolderVersion('rocm')).toBeNull();
    for (const text of ['', 'garbage', '6', 'v6.2.0', '6.2.0 beta']) expect(parseRocmInfoVersion(text), text).toBeNull();
    expect(parseRocmVersionHeader('#define ROCM_VERSION_MAJOR\n')).toBeNull();
  });
});
