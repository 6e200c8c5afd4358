import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The rooms of main/ and their floors (docs/architecture.md, "Rooms of main/"): a room imports only rooms on a lower
 * floor, so the engine reads bottom-up and no room needs one above it. Files at main/'s top (appPaths.ts) are floor 0.
 */
const FLOOR: Record<string, number> = {
  system: 1, data: 1,
  network: 2,
  download: 3, detect: 3, index: 3,
  plan: 4,
  install: 5, diagnose: 5,
  verify: 6,
  export: 7, fleet: 7,
  transport: 8,
  cli: 9,
  electron: 10,
  platform: 10,
};

const mainDir = path.dirname(fileURLToPath(import.meta.url));

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function roomOf(file: string): string | null {
  const parts = path.relative(mainDir, file).split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

function importsAgainstTheFloors(): string[] {
  const wrong: string[] = [];
  for (const file of productionFiles(mainDir)) {
    const from = roomOf(file);
    if (from === null) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), match[1]);
      if (!target.startsWith(mainDir + path.sep)) continue;
      const to = roomOf(target);
      if (to === null || to === from) continue;
      if (!(from in FLOOR) || !(to in FLOOR) || FLOOR[to] >= FLOOR[from]) {
        wrong.push(`${path.relative(mainDir, file)} → ${path.relative(mainDir, target)}`);
      }
    }
  }
  return wrong;
}

describe('the rooms of main/', () => {
  it('every room has a floor, so a new room is placed on purpose', () => {
    const rooms = readdirSync(mainDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(rooms.filter((room) => !(room in FLOOR))).toEqual([]);
  });

  it('no import runs against the floors (detect never imports install, plan never imports install…)', () => {
    expect(importsAgainstTheFloors()).toEqual([]);
  });
});
