import type { MirrorPreset } from '../types/mirrors.js';

/** Where pip should look for a plan's packages given the chosen mirrors. */
export interface PipIndexArgs {
  indexUrl?: string;
  extraIndexUrls: string[];
  findLinks: string[];
}

/** The rows of data/mirrors.json a plan names by id; a row marked planCarriesUrl travels as its URL instead. */
export function presetsByIdOnly(table: readonly MirrorPreset[]): readonly MirrorPreset[] {
  return table.filter((preset) => !preset.planCarriesUrl);
}

/** PyTorch's CUDA variant (cu124, cpu, rocm6.2) at the end of its index URL, which a PyTorch mirror keeps. */
const PYTORCH_VARIANT = /download\.pytorch\.org\/whl\/([A-Za-z0-9.]+)\/?$/;

/**
 * The one rule both the install engine and the wizard's shell script follow. The plan's index URL is PyTorch's
 * (…/whl/cu124) or absent (PyPI). A PyPI mirror replaces PyPI; a PyTorch mirror replaces download.pytorch.org,
 * keeping the variant the plan chose. A mirror is a preset id of `presets` or a URL; anything else is no mirror.
 */
export function resolvePipIndexes(
  presets: readonly MirrorPreset[],
  planIndexUrl: string | undefined,
  pypiMirror: string | undefined,
  pytorchMirror: string | undefined,
): PipIndexArgs {
  const byId = (id: string) => presets.find((preset) => preset.id === id);
  const pypi = pypiMirror ? (byId(pypiMirror)?.pypiIndexUrl ?? (pypiMirror.includes('://') ? pypiMirror : undefined)) : undefined;
  const variant = planIndexUrl ? PYTORCH_VARIANT.exec(planIndexUrl)?.[1] : undefined;
  if (!planIndexUrl) return { indexUrl: pypi, extraIndexUrls: [], findLinks: [] };
  if (!variant || !pytorchMirror) return { indexUrl: planIndexUrl, extraIndexUrls: pypi ? [pypi] : [], findLinks: [] };
  const pytorch = byId(pytorchMirror)?.pytorch ?? (pytorchMirror.includes('://') ? { style: 'index' as const, baseUrl: pytorchMirror.replace(/\/+$/, '') } : undefined);
  if (!pytorch) return { indexUrl: planIndexUrl, extraIndexUrls: pypi ? [pypi] : [], findLinks: [] };
  if (pytorch.style === 'find-links') return { indexUrl: pypi, extraIndexUrls: [], findLinks: [`${pytorch.baseUrl}/${variant}/`] };
  return { indexUrl: `${pytorch.baseUrl}/${variant}`, extraIndexUrls: pypi ? [pypi] : [], findLinks: [] };
}
