import { BUNDLED_MIRRORS } from '../../shared/mirrors/bundledMirrors.js';
import type { MirrorPreset } from '../../shared/types/mirrors.js';

/**
 * Package mirrors offered on the Choose screen, from data/mirrors.json. Ids match the install engine's presets (framework
 * step `pypiMirror` / `pytorchMirror` accept an id or a URL); a preset the engine does not know travels as its URL.
 */
export interface MirrorChoice {
  id: string;
  /** Catalog key under `choose.mirrors.` for the visible name. */
  labelKey: string;
  /** What the framework step receives: the engine's preset id, or the index URL itself. */
  value: string;
  /** The index (or, for PyTorch, the folder of per-variant pages) a reachability check asks; how pip uses it is shared/mirrors/pipIndexes.ts's rule. */
  url: string;
  source: string;
}

function choice(preset: MirrorPreset, labelKey: string, url: string): MirrorChoice {
  return { id: preset.id, labelKey, value: preset.planCarriesUrl ? url : preset.id, url, source: preset.source };
}

export const PYPI_MIRRORS: readonly MirrorChoice[] = BUNDLED_MIRRORS.flatMap((preset) =>
  preset.pypiIndexUrl ? [choice(preset, preset.id === 'official' ? 'pypiOfficial' : preset.id, preset.pypiIndexUrl)] : [],
);

export const PYTORCH_MIRRORS: readonly MirrorChoice[] = BUNDLED_MIRRORS.flatMap((preset) =>
  preset.pytorch ? [choice(preset, preset.id === 'official' ? 'pytorchOfficial' : `${preset.id}Pytorch`, preset.pytorch.baseUrl)] : [],
);

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
