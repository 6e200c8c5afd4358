import { describe, expect, it } from 'vitest';
import { MIRROR_PRESETS, resolvePipIndexes } from './mirrorPresets.js';

describe('mirror presets', () => {
  it('replaces PyPI with a China mirror while keeping the PyTorch variant index', () => {
    expect(resolvePipIndexes('https://download.pytorch.org/whl/cu124', 'tuna', undefined)).toEqual({
      indexUrl: 'https://download.pytorch.org/whl/cu124',
      extraIndexUrls: ['https://pypi.tuna.tsinghua.edu.cn/simple'],
      findLinks: [],
    });
  });

  it('uses Aliyun\'s flat PyTorch wheel page for the same CUDA variant', () => {
    expect(resolvePipIndexes('https://download.pytorch.org/whl/cu118', 'aliyun', 'aliyun')).toEqual({
      indexUrl: 'https://mirrors.aliyun.com/pypi/simple/',
      extraIndexUrls: [],
      findLinks: ['https://mirrors.aliyun.com/pytorch-wheels/cu118/'],
    });
  });

  it('takes a custom mirror URL and leaves PyPI alone without one', () => {
    expect(resolvePipIndexes(undefined, 'https://pypi.example.edu/simple', undefined).indexUrl).toBe('https://pypi.example.edu/simple');
    expect(resolvePipIndexes(undefined, undefined, undefined).indexUrl).toBeUndefined();
  });

  it('keeps a source on every preset', () => {
    for (const preset of MIRROR_PRESETS) expect(preset.source.length).toBeGreaterThan(10);
  });
});
