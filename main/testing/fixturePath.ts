import path from 'node:path';
import { packageRoot } from '../appPaths.js';

/** Real captures live in ../shared/fixtures beside the checkout; tests read them in place, never copies. */
export const fixturesDir = process.env.DLSETUP_FIXTURES ?? path.resolve(packageRoot, '..', 'shared', 'fixtures');

export function fixturePath(...parts: string[]): string {
  return path.join(fixturesDir, ...parts);
}
