import table from '../../data/mirrors.json' with { type: 'json' };
import type { MirrorPreset, MirrorTable } from '../types/mirrors.js';

/**
 * data/mirrors.json built into the page (Vite inlines it), for the renderer, which has no file system. The engine
 * reads the same file at run time through main/data/loadDataTable.ts (so the packaged app needs no JSON module).
 */
export const BUNDLED_MIRRORS: readonly MirrorPreset[] = (table as MirrorTable).mirrors;
