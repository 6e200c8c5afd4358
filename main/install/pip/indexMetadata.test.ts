import { describe, expect, it } from 'vitest';
import { installText } from '../../system/installText.js';
import { metadataGap, metadataGapText } from './indexMetadata.js';
import { resolvePipIndexes } from '../mirrorPresets.js';
import { NO_PIP_CONFIG } from '../../index/pipIndexConfig.js';

/**
 * Who downloads the wheels, decided from data/mirrors.json's coreMetadata (real table): DL Setup only when every index
 * pip reads publishes PEP 658 metadata (PyPI, download.pytorch.org: pytorch/test-infra#6116); TUNA does not
 * (tuna/issues#1775); Aliyun, USTC, SJTUG are unknown, so not; a typed URL or a find-links page neither.
 */
describe('metadataGap: the indexes a framework step uses → who downloads the wheels', () => {
  it('official PyPI alone, or download.pytorch.org with PyPI: DL Setup downloads (no gap)', () => {
    expect(metadataGap(resolvePipIndexes(undefined, undefined, undefined))).toBeNull();
    expect(metadataGap(resolvePipIndexes(undefined, 'official', undefined))).toBeNull();
    expect(metadataGap(resolvePipIndexes('https://download.pytorch.org/whl/cu124', undefined, undefined))).toBeNull();
    expect(metadataGap(resolvePipIndexes('https://download.pytorch.org/whl/cu124', 'official', 'official'))).toBeNull();
  });

  it('TUNA as the PyPI index, or as an extra index beside download.pytorch.org: pip downloads, naming TUNA', () => {
    expect(metadataGap(resolvePipIndexes(undefined, 'tuna', undefined))).toEqual({ kind: 'notServed', url: 'https://pypi.tuna.tsinghua.edu.cn/simple', name: 'Tsinghua University TUNA (China)' });
    expect(metadataGap(resolvePipIndexes('https://download.pytorch.org/whl/cu124', 'tuna', undefined))).toMatchObject({ kind: 'notServed', url: 'https://pypi.tuna.tsinghua.edu.cn/simple' });
  });

  it('Aliyun, USTC and SJTUG (unknown, recorded as not served): pip downloads', () => {
    expect(metadataGap(resolvePipIndexes(undefined, 'aliyun', undefined))).toMatchObject({ kind: 'notServed', name: 'Alibaba Cloud (China)' });
    expect(metadataGap(resolvePipIndexes(undefined, 'ustc', undefined))).toMatchObject({ kind: 'notServed', name: 'USTC (China)' });
    // SJTUG is named by URL in plans (planCarriesUrl): matched by its index prefix all the same.
    expect(metadataGap(resolvePipIndexes(undefined, 'https://mirror.sjtu.edu.cn/pypi/web/simple/', undefined))).toMatchObject({ kind: 'notServed', name: 'Shanghai Jiao Tong University SJTUG (China)' });
  });

  it('Aliyun PyTorch wheels (a find-links page) with official PyPI: pip downloads, naming the page', () => {
    expect(metadataGap(resolvePipIndexes('https://download.pytorch.org/whl/cu118', 'official', 'aliyun'))).toEqual({ kind: 'findLinks', url: 'https://mirrors.aliyun.com/pytorch-wheels/cu118/' });
  });

  it('a URL a person typed is unknown: pip downloads; a look-alike prefix does not match', () => {
    expect(metadataGap(resolvePipIndexes(undefined, 'https://pypi.example.org/simple', undefined))).toEqual({ kind: 'unknown', url: 'https://pypi.example.org/simple' });
    expect(metadataGap({ indexUrl: 'https://pypi.org/simplex', extraIndexUrls: [], findLinks: [] })).toMatchObject({ kind: 'unknown' });
    expect(metadataGap({ indexUrl: 'https://pypi.org/simple', extraIndexUrls: ['https://download.pytorch.org/whl/cu126'], findLinks: [] })).toBeNull();
  });

  it("indexes pip's own configuration adds count too (pip.conf, PIP_*); local folders and file:// cost nothing", () => {
    const official = resolvePipIndexes('https://download.pytorch.org/whl/cu124', undefined, undefined);
    expect(metadataGap(official, { ...NO_PIP_CONFIG, extraIndexUrls: ['https://pypi.tuna.tsinghua.edu.cn/simple'] })).toMatchObject({ kind: 'notServed', name: 'Tsinghua University TUNA (China)' });
    expect(metadataGap(resolvePipIndexes(undefined, undefined, undefined), { ...NO_PIP_CONFIG, indexUrls: ['https://pypi.corp.example/simple'] })).toEqual({ kind: 'unknown', url: 'https://pypi.corp.example/simple' });
    // The step's --index-url replaces a configured index-url: the configured one is not consulted.
    expect(metadataGap(official, { ...NO_PIP_CONFIG, indexUrls: ['https://pypi.corp.example/simple'] })).toBeNull();
    expect(metadataGap(official, { ...NO_PIP_CONFIG, extraIndexUrls: ['file:///opt/pypi/simple'], findLinks: ['/opt/wheels'] })).toBeNull();
    expect(metadataGap(official, { ...NO_PIP_CONFIG, noIndex: true, findLinks: ['https://wheels.example/'] })).toEqual({ kind: 'findLinks', url: 'https://wheels.example/' });
  });

  it('a password in a configured URL is not written to the log', () => {
    const gap = metadataGap({ extraIndexUrls: [], findLinks: [] }, { ...NO_PIP_CONFIG, indexUrls: ['https://me:s3cret@pypi.corp.example/simple'] })!;
    expect(metadataGapText(installText('en'), gap)).not.toContain('s3cret');
  });

  it('says why in English and Chinese', () => {
    const gap = metadataGap(resolvePipIndexes(undefined, 'tuna', undefined))!;
    expect(metadataGapText(installText('en'), gap)).toBe('Tsinghua University TUNA (China) (https://pypi.tuna.tsinghua.edu.cn/simple) does not publish wheel metadata (PEP 658), so pip downloads the wheels itself: DL Setup would otherwise fetch each one twice.');
    expect(metadataGapText(installText('zh-CN'), gap)).toBe('Tsinghua University TUNA (China)（https://pypi.tuna.tsinghua.edu.cn/simple）不提供 wheel 元数据（PEP 658），所以由 pip 自己下载 wheel：否则 DL Setup 会把每个文件下载两次。');
  });
});
