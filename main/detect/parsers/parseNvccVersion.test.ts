import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseNvccVersion } from './parseNvccVersion.js';

describe('parseNvccVersion', () => {
  it('reads every nvcc capture from 7.5 to 13.1', () => {
    const expectations: [string, string, string][] = [
      ['nvcc_7.5.17.txt', '7.5', '7.5.17'],
      ['nvcc_10.1.243.txt', '10.1', '10.1.243'],
      ['nvcc_11.0.194.txt', '11.0', '11.0.194'],
      ['nvcc_11.0.221.txt', '11.0', '11.0.221'],
      ['nvcc_11.5.119_ubuntu22.04_distro.txt', '11.5', '11.5.119'],
      ['nvcc_11.7.64_windows.txt', '11.7', '11.7.64'],
      ['nvcc_13.1.115_gh200_aarch64.txt', '13.1', '13.1.115'],
    ];
    for (const [file, release, version] of expectations) {
      expect(parseNvccVersion(readFileSync(fixturePath('nvcc', file), 'utf8')), file).toEqual({ release, version });
    }
  });

  it('returns null for anything else', () => {
    expect(parseNvccVersion('bash: nvcc: command not found')).toBeNull();
    expect(parseNvccVersion('Cuda compilation tools, release 12')).toBeNull();
  });
});
