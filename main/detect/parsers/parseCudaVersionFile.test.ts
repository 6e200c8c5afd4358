import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseCudaVersionFile } from './parseCudaVersionFile.js';

const read = (name: string) => parseCudaVersionFile(readFileSync(fixturePath('cuda-version', name), 'utf8'));

// Each expectation is what its capture says the toolkit is (fixtures/SOURCES.md, cuda-version/), written before the
// parser ran on it: the SDK's release as NVIDIA wrote it; where the SDK entry is a build date, the nvcc entry of the
// same file, which is what `nvcc --version` printed on the same machine in the same capture.
describe('parseCudaVersionFile on real version.txt captures (CUDA 10.0-11.0)', () => {
  it.each([
    // 10.0 with its cuBLAS patch installed: the patch adds a second line; the toolkit is still 10.0.130 (nvcc V10.0.130).
    ['version_txt_10.0.130_patch_10.0.130.1.txt', '10.0.130'],
    ['version_txt_10.1.243.txt', '10.1.243'],
    ['version_txt_10.2.89.txt', '10.2.89'],
    // 11.0 is the last release with a version.txt; from 11.1 on there is only version.json.
    ['version_txt_11.0.207.txt', '11.0.207'],
  ])('%s → %s', (file, expected) => {
    expect(read(file)).toBe(expected);
  });
});

describe('parseCudaVersionFile on real version.json captures (CUDA 11.5-13.2)', () => {
  it.each([
    // Package (deb) installs name the SDK by its release.
    ['version_json_11.5.2_wsl_ubuntu20.04_deb.json', '11.5.2'],
    ['version_json_11.8.0_ubuntu20.04_full.json', '11.8.0'],
    ['version_json_12.8_windows_sdk_12.8.2.json', '12.8.2'],
    ['version_json_13.0.3_dgx-spark_gb10_partial.json', '13.0.3'],
    ['version_json_13.2.2_jetson_orin_nano_jetpack7.2.json', '13.2.2'],
    // Runfile installs name it by its build date: the nvcc entry is the toolkit's version (nvcc V11.8.89, V12.6.85).
    ['cuda_11.8_version_json_partial.json', '11.8.89'],
    ['version_json_12.6.3_runfile_sdk_12.6.20241114_partial.json', '12.6.85'],
  ])('%s → %s', (file, expected) => {
    expect(read(file)).toBe(expected);
  });
});

describe('parseCudaVersionFile: what it cannot read comes back unreadable, never as a version', () => {
  const sdk = (version: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ cuda: { name: 'CUDA SDK', version }, ...extra });

  it('a build-date SDK with no component of its own series keeps only the series', () => {
    expect(parseCudaVersionFile(sdk('12.6.20241114'))).toBe('12.6');
    expect(parseCudaVersionFile(sdk('12.6.20241114', { cuda_nvcc: { version: '12.5.82' }, cuda_cudart: { version: 'n/a' } }))).toBe('12.6');
  });

  it('the nvcc entry outranks cudart when both are of the series (12.6.85, not 12.6.77)', () => {
    expect(parseCudaVersionFile(sdk('12.6.20241114', { cuda_cudart: { version: '12.6.77' }, cuda_nvcc: { version: '12.6.85' } }))).toBe('12.6.85');
    expect(parseCudaVersionFile(sdk('11.8.20220929', { cuda_cudart: { version: '11.8.89' } }))).toBe('11.8.89');
  });

  it.each([
    ['an SDK entry that is no version', sdk('12.x')],
    ['a number instead of a string', sdk(12.4)],
    ['no SDK entry', JSON.stringify({ cuda_nvcc: { version: '12.4.131' } })],
    ['a JSON array', '[{"cuda": {"version": "12.4.1"}}]'],
    ['truncated JSON', '{\n   "cuda" : {\n      "name" : "CUDA SDK",\n      "version" : "12.4.1"\n'],
    ['a version.txt without a number', 'CUDA Version\n'],
    ['an empty file', ''],
    ['a version with a shell payload', sdk('12.4.1; rm -rf /')],
  ])('%s → null', (_name, text) => {
    expect(parseCudaVersionFile(text)).toBeNull();
  });
});
