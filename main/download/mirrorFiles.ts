import { loadDataTable } from '../data/loadDataTable.js';
import { mirrorTableSchema } from '../../shared/data/mirrorsSchema.js';
import type { MirrorCandidate } from '../network/mirrorChoice.js';

/**
 * Every known copy of one file (data/mirrors.json `files`): the address pip's report names first, labelled by who
 * serves it ('official' for PyPI and download.pytorch.org, a mirror's id, else the host), then each mirror's copy of an
 * official file. The copies are only candidates: they are measured, and the report's sha256 decides.
 */
export function mirrorCopies(url: string): MirrorCandidate[] {
  const rows = loadDataTable('mirrors', mirrorTableSchema).mirrors;
  const swaps = rows.flatMap((row) => (row.files ?? []).map((swap) => ({ id: row.id, ...swap })));
  const official = swaps.find((swap) => url.startsWith(swap.from));
  const own: MirrorCandidate = { id: official ? 'official' : (swaps.find((swap) => url.startsWith(swap.to))?.id ?? new URL(url).host), url };
  if (!official) return [own];
  const copies = swaps.filter((swap) => url.startsWith(swap.from)).map((swap) => ({ id: swap.id, url: swap.to + url.slice(swap.from.length) }));
  return [own, ...copies.filter((copy, index) => copy.id !== own.id && copies.findIndex((other) => other.id === copy.id) === index)];
}
