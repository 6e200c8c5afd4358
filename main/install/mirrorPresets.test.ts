import { describe, expect, it } from 'vitest';
import { mirrorPresets, resolvePipIndexes } from './mirrorPresets.js';
import { frameworkStep } from './steps/frameworkStep.js';

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

  it('a plan naming a mirror the engine does not know is refused by name, not quietly sent to the official index', () => {
    expect(() => frameworkStep.parse({ packages: ['torch==2.5.1'], pypiMirror: 'tsinghua' })).toThrow(
      'The plan\'s framework step is not valid: "pypiMirror" must be one of official, tuna, aliyun, ustc.',
    );
    expect(() => frameworkStep.parse({ packages: ['torch==2.5.1'], pytorchMirror: 'tuna' })).toThrow('"pytorchMirror" must be one of official, aliyun.');
    expect(frameworkStep.parse({ packages: ['torch==2.5.1'], pypiMirror: 'tuna', pytorchMirror: 'https://mirror.lab/whl' })).toMatchObject({ pypiMirror: 'tuna', pytorchMirror: 'https://mirror.lab/whl' });
  });

  it('keeps a source on every preset', () => {
    for (const preset of mirrorPresets()) expect(preset.source.length).toBeGreaterThan(10);
  });
});
