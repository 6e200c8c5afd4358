import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { cudnnVersionFromNumber, parseCudnnHeader } from './parseCudnnHeader.js';

const header = (name: string) => parseCudnnHeader(readFileSync(fixturePath('cudnn', name), 'utf8'));

describe('parseCudnnHeader', () => {
  it('reads cudnn.h (7.x) and cudnn_version.h (8.x) with the MAJOR*1000 formula', () => {
    expect(header('cudnn_h_7.2.1_excerpt.h')).toEqual({ version: '7.2.1', major: 7, minor: 2, patch: 1, numeric: 7201 });
    expect(header('cudnn_h_grep_7.4.1.txt')).toEqual({ version: '7.4.1', major: 7, minor: 4, patch: 1, numeric: 7401 });
    expect(header('cudnn_version_h_8.2.1.h')).toEqual({ version: '8.2.1', major: 8, minor: 2, patch: 1, numeric: 8201 });
  });

  it('uses the cuDNN 9 formula MAJOR*10000', () => {
    expect(header('cudnn_version_h_9.6.0.h')).toEqual({ version: '9.6.0', major: 9, minor: 6, patch: 0, numeric: 90600 });
  });

  it('decodes numeric versions from logs in both schemes', () => {
    expect(cudnnVersionFromNumber(7201)).toBe('7.2.1');
    expect(cudnnVersionFromNumber(7004)).toBe('7.0.4');
    expect(cudnnVersionFromNumber(8100)).toBe('8.1.0');
    expect(cudnnVersionFromNumber(90600)).toBe('9.6.0');
    expect(cudnnVersionFromNumber(-1)).toBeNull();
  });

  it('returns null for a header without the defines', () => {
    expect(parseCudnnHeader('#include <cudnn_version.h>')).toBeNull();
  });
});
