import { loadDataTable } from '../data/loadDataTable.js';
import type { MirrorPreset, MirrorTable } from '../../shared/types/mirrors.js';

/** The package mirrors this engine knows by id (data/mirrors.json); a row that plans name by URL is not one. */
export function mirrorPresets(): readonly MirrorPreset[] {
  return loadDataTable<MirrorTable>('mirrors').mirrors.filter((preset) => !preset.planCarriesUrl);
}

export function mirrorPreset(id: string): MirrorPreset | undefined {
  return mirrorPresets().find((preset) => preset.id === id);
}

/** The preset ids a framework step accepts for `pypiMirror` / `pytorchMirror` (besides a URL). */
export function mirrorIds(role: 'pypi' | 'pytorch'): string[] {
  return mirrorPresets().filter((preset) => (role === 'pypi' ? preset.pypiIndexUrl : preset.pytorch)).map((preset) => preset.id);
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
