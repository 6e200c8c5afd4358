import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(fileURLToPath(import.meta.url));
const table = JSON.parse(readFileSync(path.join(dir, 'nvidia-smi.json'), 'utf8')) as { queryGpuFields: { field: string; lastWithout: string; firstSeenWith: string }[] };
/** driver version → the --query-gpu fields its nvidia-smi binary holds (data/sources/nvidia-smi-query-fields.txt). */
const fieldsByDriver = new Map(
  readFileSync(path.join(dir, 'sources', 'nvidia-smi-query-fields.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('\t'))
    .map(([driver, , fields]) => [driver as string, new Set((fields ?? '').split(' '))]),
);

describe('data/nvidia-smi.json agrees with the nvidia-smi binaries it was read from', () => {
  it.each(table.queryGpuFields.map((row) => [row.field, row] as const))('%s', (field, row) => {
    expect(fieldsByDriver.get(row.lastWithout)?.has(field), `${row.lastWithout} is in the sources without ${field}`).toBe(false);
    expect(fieldsByDriver.get(row.firstSeenWith)?.has(field), `${row.firstSeenWith} is in the sources with ${field}`).toBe(true);
  });
});
