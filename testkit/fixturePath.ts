import path from 'node:path';
import { packageRoot } from '../main/appPaths.js';

/** Real captures live in the repository's fixtures/ (where each came from: fixtures/SOURCES.md); tests read them in place. */
export const fixturesDir = path.join(packageRoot, 'fixtures');

export function fixturePath(...parts: string[]): string {
  return path.join(fixturesDir, ...parts);
}
