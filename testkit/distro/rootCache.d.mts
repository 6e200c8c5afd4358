export const RECIPE: { version: number; suite: string; mirror: string; variant: string; include: string[]; afterwards: string[]; components: string[]; user: string };
export const CACHE_ROOT: string;
export const ARCHIVES: string;
export function recipeHash(recipe?: typeof RECIPE): string;
export function sourcesLine(recipe?: typeof RECIPE, components?: string[]): string;
export function writeAptProxy(root: string, proxyUrl: string): void;
export function ensureRoot(proxyUrl: string, log?: (line: string) => void): { root: string; built: boolean };
