import { loadDataTable } from '../data/loadDataTable.js';
import { mirrorTableSchema } from '../../shared/data/mirrorsSchema.js';
import type { MirrorPreset } from '../../shared/types/mirrors.js';
import { presetsByIdOnly, resolvePipIndexes as resolveWith, type PipIndexArgs } from '../../shared/mirrors/pipIndexes.js';

export type { PipIndexArgs } from '../../shared/mirrors/pipIndexes.js';

/** The package mirrors this engine knows by id (data/mirrors.json); a row that plans name by URL is not one. */
export function mirrorPresets(): readonly MirrorPreset[] {
  return presetsByIdOnly(loadDataTable('mirrors', mirrorTableSchema).mirrors);
}

/** The preset ids a framework step accepts for `pypiMirror` / `pytorchMirror` (besides a URL). */
export function mirrorIds(role: 'pypi' | 'pytorch'): string[] {
  return mirrorPresets().filter((preset) => (role === 'pypi' ? preset.pypiIndexUrl : preset.pytorch)).map((preset) => preset.id);
}

/** Where pip should look for a plan's packages given the chosen mirrors: shared/mirrors/pipIndexes.ts's rule over this engine's table. */
export function resolvePipIndexes(planIndexUrl: string | undefined, pypiMirror: string | undefined, pytorchMirror: string | undefined): PipIndexArgs {
  return resolveWith(mirrorPresets(), planIndexUrl, pypiMirror, pytorchMirror);
}
