/**
 * Package mirrors offered on the Choose screen. Ids match the install engine's presets (framework step `pypiMirror` /
 * `pytorchMirror` accept an id or a URL); a preset the engine does not know travels as its URL.
 */
export interface MirrorChoice {
  id: string;
  /** Catalog key under `choose.mirrors.` for the visible name. */
  labelKey: string;
  /** What the framework step receives: the engine's preset id, or the index URL itself. */
  value: string;
  url: string;
  /** PyTorch mirrors: a PEP 503 index per CUDA variant (default), or a flat page per variant for pip --find-links. */
  style?: 'index' | 'find-links';
  source: string;
}

export const PYPI_MIRRORS: readonly MirrorChoice[] = [
  { id: 'official', labelKey: 'pypiOfficial', value: 'official', url: 'https://pypi.org/simple', source: 'https://pip.pypa.io/ (default index)' },
  { id: 'tuna', labelKey: 'tuna', value: 'tuna', url: 'https://pypi.tuna.tsinghua.edu.cn/simple', source: 'main/install/mirrorPresets.ts (TUNA PyPI help)' },
  { id: 'aliyun', labelKey: 'aliyun', value: 'aliyun', url: 'https://mirrors.aliyun.com/pypi/simple/', source: 'main/install/mirrorPresets.ts' },
  { id: 'ustc', labelKey: 'ustc', value: 'ustc', url: 'https://mirrors.ustc.edu.cn/pypi/web/simple', source: 'ustclug/mirrorhelp pypi.html (via main/install/mirrorPresets.ts)' },
  {
    id: 'sjtu',
    labelKey: 'sjtu',
    value: 'https://mirror.sjtu.edu.cn/pypi/web/simple',
    url: 'https://mirror.sjtu.edu.cn/pypi/web/simple',
    source: 'SJTUG PyPI mirror URL as used in public pdm and Dockerfile configurations (found via find_string, code corpus)',
  },
];

export const PYTORCH_MIRRORS: readonly MirrorChoice[] = [
  { id: 'official', labelKey: 'pytorchOfficial', value: 'official', url: 'https://download.pytorch.org/whl', source: 'compat-facts.json pytorch_general (--index-url https://download.pytorch.org/whl/cuXYZ)' },
  { id: 'aliyun', labelKey: 'aliyunPytorch', value: 'aliyun', url: 'https://mirrors.aliyun.com/pytorch-wheels', style: 'find-links', source: 'main/install/mirrorPresets.ts (flat page per CUDA variant)' },
];

export const CUSTOM_MIRROR = 'custom';

/**
 * The page a reachability check asks for: a PyPI index's page for `pip` (small, always there); for a PyTorch mirror
 * its root (the variant folders under it are not known before the plan). Null when a custom address is still empty.
 */
export function mirrorProbeUrl(kind: 'pypi' | 'pytorch', id: string, customUrl: string): string | null {
  const presets = kind === 'pypi' ? PYPI_MIRRORS : PYTORCH_MIRRORS;
  const preset = presets.find((mirror) => mirror.id === id);
  const base = (preset ? preset.url : customUrl.trim()).replace(/\/+$/, '');
  if (!base) return null;
  return kind === 'pypi' ? `${base}/pip/` : `${base}/`;
}
