import type { Framework } from '../types/plan.js';
import { FRAMEWORK_IDS, FRAMEWORK_SPECS } from '../frameworks/registry.js';

/** How each framework is written in sentences and tables: its spec's label. */
export const FRAMEWORK_NAMES = Object.fromEntries(FRAMEWORK_IDS.map((id) => [id, FRAMEWORK_SPECS[id].label])) as Record<Framework, string>;
