/** Package mirrors a user can pick instead of typing a URL. Each row says where its URL was checked. */
export interface MirrorPreset {
  id: string;
  name: string;
  /** PEP 503 simple index for PyPI packages. */
  pypiIndexUrl?: string;
  /** PyTorch wheels: `index` is a PEP 503 index per variant, `find-links` a flat page per variant. */
  pytorch?: { style: 'index' | 'find-links'; baseUrl: string };
  note?: string;
  source: string;
}

export const MIRROR_PRESETS: readonly MirrorPreset[] = [
  {
    id: 'official',
    name: 'PyPI and download.pytorch.org (official)',
    pypiIndexUrl: 'https://pypi.org/simple',
    pytorch: { style: 'index', baseUrl: 'https://download.pytorch.org/whl' },
    source: 'https://pip.pypa.io/ (default index); compat-facts.json pytorch_general.windows_default_pip (--index-url https://download.pytorch.org/whl/cuXYZ)',
  },
  {
    id: 'tuna',
    name: 'Tsinghua University TUNA (China)',
    pypiIndexUrl: 'https://pypi.tuna.tsinghua.edu.cn/simple',
    source: 'TUNA PyPI help as quoted in gist.github.com/maxfil333/e693f3359352975dacde7237f9ad5dcb and gist.github.com/zh-f/39a9c808401689852e2b278fa4c1ca5e',
  },
  {
    id: 'aliyun',
    name: 'Alibaba Cloud (China)',
    pypiIndexUrl: 'https://mirrors.aliyun.com/pypi/simple/',
    pytorch: { style: 'find-links', baseUrl: 'https://mirrors.aliyun.com/pytorch-wheels' },
    note: 'PyTorch wheels are a flat page per CUDA variant (pip --find-links), e.g. .../pytorch-wheels/cu118/.',
    source: 'gist.github.com/schnell18/d0ed716917905d2c142a370906cfa32f (pypi); a public requirements file using --find-links https://mirrors.aliyun.com/pytorch-wheels/cu118/ (found via search, code corpus)',
  },
  {
    id: 'ustc',
    name: 'USTC (China)',
    pypiIndexUrl: 'https://mirrors.ustc.edu.cn/pypi/web/simple',
    note: "USTC's help page says its PyPI is temporarily redirected to BFSU's mirror.",
    source: 'ustclug/mirrorhelp pypi.html @ 7436a4229336a8efb361b5436b0146e88dd07f15',
  },
];

export function mirrorPreset(id: string): MirrorPreset | undefined {
  return MIRROR_PRESETS.find((preset) => preset.id === id);
}

/** The preset ids a framework step accepts for `pypiMirror` / `pytorchMirror` (besides a URL). */
export function mirrorIds(role: 'pypi' | 'pytorch'): string[] {
  return MIRROR_PRESETS.filter((preset) => (role === 'pypi' ? preset.pypiIndexUrl : preset.pytorch)).map((preset) => preset.id);
}

/** Where pip should look for a plan's packages given the chosen mirrors. */
export interface PipIndexArgs {
  indexUrl?: string;
  extraIndexUrls: string[];
  findLinks: string[];
}

/**
 * The plan's index URL is PyTorch's (…/whl/cu124) or absent (PyPI). A PyPI mirror replaces PyPI; a PyTorch mirror
 * replaces download.pytorch.org, keeping the variant (cu124) the plan chose.
 */
export function resolvePipIndexes(planIndexUrl: string | undefined, pypiMirror: string | undefined, pytorchMirror: string | undefined): PipIndexArgs {
  const pypi = pypiMirror ? (mirrorPreset(pypiMirror)?.pypiIndexUrl ?? (pypiMirror.includes('://') ? pypiMirror : undefined)) : undefined;
  const variant = planIndexUrl ? /download\.pytorch\.org\/whl\/([A-Za-z0-9.]+)\/?$/.exec(planIndexUrl)?.[1] : undefined;
  if (!planIndexUrl) return { indexUrl: pypi, extraIndexUrls: [], findLinks: [] };
  if (!variant || !pytorchMirror) return { indexUrl: planIndexUrl, extraIndexUrls: pypi ? [pypi] : [], findLinks: [] };
  const preset = mirrorPreset(pytorchMirror);
  const pytorch = preset?.pytorch ?? (pytorchMirror.includes('://') ? { style: 'index' as const, baseUrl: pytorchMirror.replace(/\/+$/, '') } : undefined);
  if (!pytorch) return { indexUrl: planIndexUrl, extraIndexUrls: pypi ? [pypi] : [], findLinks: [] };
  if (pytorch.style === 'find-links') return { indexUrl: pypi, extraIndexUrls: [], findLinks: [`${pytorch.baseUrl}/${variant}/`] };
  return { indexUrl: `${pytorch.baseUrl}/${variant}`, extraIndexUrls: pypi ? [pypi] : [], findLinks: [] };
}
