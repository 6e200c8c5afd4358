import { loadDataTable } from '../data/loadDataTable.js';
import type { MirrorTable } from '../../shared/types/mirrors.js';
import type { StepContext } from './installStep.js';
import type { PipIndexArgs } from './mirrorPresets.js';

/** pip's index when the step names none. */
export const DEFAULT_PIP_INDEX = 'https://pypi.org/simple';

/** Why pip must download the wheels itself: the first index pip uses that publishes no wheel metadata. */
export type MetadataGap =
  | { kind: 'notServed'; url: string; name: string }
  | { kind: 'unknown'; url: string }
  | { kind: 'findLinks'; url: string };

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

/** `url` is `prefix` or a path under it (…/whl matches …/whl/cu124, not …/whlx). */
function under(url: string, prefix: string): boolean {
  const base = trimSlashes(prefix);
  const target = trimSlashes(url);
  return target === base || target.startsWith(`${base}/`);
}

/** What data/mirrors.json says of one index URL: the row's name and whether it serves metadata; null when unknown. */
export function knownIndex(url: string): { name: string; served: boolean } | null {
  for (const row of loadDataTable<MirrorTable>('mirrors').mirrors) {
    if (row.pypiIndexUrl && under(url, row.pypiIndexUrl)) return { name: row.name, served: row.coreMetadata?.pypi?.served === true };
    if (row.pytorch?.style === 'index' && under(url, row.pytorch.baseUrl)) return { name: row.name, served: row.coreMetadata?.pytorch?.served === true };
  }
  return null;
}

/**
 * Whether every index the step's pip reads publishes PEP 658 metadata (pip ≥ 25.3 then resolves without downloading
 * a wheel); otherwise the first that does not. A find-links page has none; a URL data/mirrors.json does not know
 * (one a person typed) is unknown, and unknown counts as none.
 */
export function metadataGap(indexes: PipIndexArgs): MetadataGap | null {
  for (const url of [indexes.indexUrl ?? DEFAULT_PIP_INDEX, ...indexes.extraIndexUrls]) {
    const known = knownIndex(url);
    if (!known) return { kind: 'unknown', url };
    if (!known.served) return { kind: 'notServed', url, name: known.name };
  }
  const page = indexes.findLinks[0];
  return page ? { kind: 'findLinks', url: page } : null;
}

/** The log line that says why pip downloads the wheels itself. */
export function metadataGapText(say: StepContext['say'], gap: MetadataGap): string {
  if (gap.kind === 'notServed') return say('framework.indexNoMetadata', { name: gap.name, url: gap.url });
  if (gap.kind === 'findLinks') return say('framework.findLinksNoMetadata', { url: gap.url });
  return say('framework.indexMetadataUnknown', { url: gap.url });
}
