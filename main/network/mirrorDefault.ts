import { loadDataTable } from '../data/loadDataTable.js';
import { mirrorTableSchema } from '../../shared/data/mirrorsSchema.js';
import type { MirrorDefault, MirrorPreset, MirrorTiming } from '../../shared/types/mirrors.js';
import { checkMirror } from './checkMirror.js';

/** How long a mirror's index may take to answer before it counts as unreachable for the default choice. */
export const MIRROR_DEFAULT_TIMEOUT_MS = 3000;

/** The page measured: the simple index's page for pip, small and present on every PyPI mirror. */
export function indexProbeUrl(pypiIndexUrl: string): string {
  return `${pypiIndexUrl.replace(/\/+$/, '')}/pip/`;
}

/** The mirrors a Chinese locale chooses among: every row of data/mirrors.json with a PyPI index, but the official one. */
function candidates(): MirrorPreset[] {
  return loadDataTable('mirrors', mirrorTableSchema).mirrors.filter((preset) => preset.id !== 'official' && preset.pypiIndexUrl);
}

/**
 * Measures each mirror's index once (response head only, through the downloads' proxy and redirect rules) and picks the
 * one that answered first; ties go to the earlier row. At once rather than in turn: a small page measures the round
 * trip, not the link's bandwidth, and the person then waits for the slowest mirror only, at most `timeoutMs`.
 */
export async function measureMirrorDefault(options: { timeoutMs?: number; ca?: string } = {}): Promise<MirrorDefault> {
  const timeoutMs = options.timeoutMs ?? MIRROR_DEFAULT_TIMEOUT_MS;
  const presets = candidates();
  const measured = await Promise.all(
    presets.map(async (preset): Promise<MirrorTiming> => {
      const check = await checkMirror({ url: indexProbeUrl(preset.pypiIndexUrl!), timeoutMs }, { ca: options.ca });
      return check.reachable ? { id: preset.id, reachable: true, ms: check.ms } : { id: preset.id, reachable: false, ms: check.ms, cause: check.cause ?? check.code ?? 'no answer' };
    }),
  );
  const fastest = measured.filter((timing) => timing.reachable).sort((a, b) => a.ms - b.ms)[0];
  if (!fastest) return { pypiMirror: 'official', pytorchMirror: 'official', reason: 'noneReachable', measured, timeoutMs };
  const carriesPytorch = Boolean(presets.find((preset) => preset.id === fastest.id)?.pytorch);
  return { pypiMirror: fastest.id, pytorchMirror: carriesPytorch ? fastest.id : 'official', reason: 'fastest', measured, timeoutMs };
}

/**
 * What a plan's framework step carries for a preset id: the id the install engine knows, or the index URL for a row
 * plans name by URL (planCarriesUrl); null for the official index (the step's own default).
 */
export function mirrorStepValue(id: string, role: 'pypi' | 'pytorch'): string | null {
  if (id === 'official') return null;
  const preset = loadDataTable('mirrors', mirrorTableSchema).mirrors.find((row) => row.id === id);
  if (!preset) return null;
  if (!preset.planCarriesUrl) return id;
  return (role === 'pypi' ? preset.pypiIndexUrl : preset.pytorch?.baseUrl) ?? null;
}
