import { loadDataTable } from '../../data/loadDataTable.js';
import { mirrorTableSchema } from '../../../shared/data/mirrorsSchema.js';
import { redactSecrets } from '../../system/redactSecrets.js';
import type { StepContext } from '../installStep.js';
import type { PipIndexArgs } from '../mirrorPresets.js';
import { NO_PIP_CONFIG, pipSources, type PipIndexConfig } from '../../index/pipIndexConfig.js';

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
  for (const row of loadDataTable('mirrors', mirrorTableSchema).mirrors) {
    if (row.pypiIndexUrl && under(url, row.pypiIndexUrl)) return { name: row.name, served: row.coreMetadata?.pypi?.served === true };
    if (row.pytorch?.style === 'index' && under(url, row.pytorch.baseUrl)) return { name: row.name, served: row.coreMetadata?.pytorch?.served === true };
  }
  return null;
}

/** A file:// URL or a plain path: pip reads it from this disk, so nothing crosses the network twice. */
function isLocal(url: string): boolean {
  return /^file:/i.test(url) || !/^[a-z][a-z0-9+.-]*:/i.test(url);
}

/**
 * Whether every index pip reads publishes PEP 658 metadata (pip ≥ 25.3 then resolves without downloading a wheel);
 * otherwise the first that does not. The indexes are the step's together with those pip's own configuration adds
 * (pip.conf files, PIP_* variables: `config`). A find-links page has none; a URL data/mirrors.json does not know (one
 * a person typed, or an administrator's pip.conf) is unknown, and unknown counts as none. Local folders cost nothing.
 */
export function metadataGap(indexes: PipIndexArgs, config: PipIndexConfig = NO_PIP_CONFIG): MetadataGap | null {
  const sources = pipSources(indexes, config, DEFAULT_PIP_INDEX);
  for (const url of sources.indexUrls.filter((candidate) => !isLocal(candidate))) {
    const known = knownIndex(url);
    if (!known) return { kind: 'unknown', url };
    if (!known.served) return { kind: 'notServed', url, name: known.name };
  }
  const page = sources.findLinks.find((candidate) => !isLocal(candidate));
  return page ? { kind: 'findLinks', url: page } : null;
}

/** The log line that says why pip downloads the wheels itself. */
export function metadataGapText(say: StepContext['say'], gap: MetadataGap): string {
  // A URL from a pip.conf may carry a password (https://user:secret@host/simple).
  const url = redactSecrets(gap.url);
  if (gap.kind === 'notServed') return say('framework.indexNoMetadata', { name: gap.name, url });
  if (gap.kind === 'findLinks') return say('framework.findLinksNoMetadata', { url });
  return say('framework.indexMetadataUnknown', { url });
}
