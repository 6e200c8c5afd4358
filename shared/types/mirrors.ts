/** Package mirrors (data/mirrors.json): the Choose screen's lists and the install engine's mirror ids. */

export interface MirrorPreset {
  id: string;
  name: string;
  /** PEP 503 simple index for PyPI packages. */
  pypiIndexUrl?: string;
  /** PyTorch wheels: `index` is a PEP 503 index per variant, `find-links` a flat page per variant. */
  pytorch?: { style: 'index' | 'find-links'; baseUrl: string };
  /** Plans name this mirror by its URL: the engine (and `--pypi-mirror`) accepts only the other rows' ids. */
  planCarriesUrl?: boolean;
  /** Where this mirror keeps the same files as PyPI or download.pytorch.org: an official URL prefix and this mirror's. */
  files?: MirrorFilePrefix[];
  note?: string;
  source: string;
}

export interface MirrorFilePrefix {
  from: string;
  to: string;
  source: string;
}

export interface MirrorTable {
  reviewedAt: string;
  mirrors: MirrorPreset[];
}
