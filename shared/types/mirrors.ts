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
  /** Whether each of its indexes publishes wheel core metadata (PEP 658 / PEP 714); unknown is recorded as false (a missing row reads as false). */
  coreMetadata?: { pypi?: CoreMetadataServed; pytorch?: CoreMetadataServed };
  note?: string;
  source: string;
}

/** pip >= 25.3 resolves a dry run from this metadata alone; without it, pip downloads whole wheels to resolve. */
export interface CoreMetadataServed {
  served: boolean;
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

/** One mirror's index measured for the default choice: how long its simple page for `pip` took to answer. */
export interface MirrorTiming {
  id: string;
  reachable: boolean;
  ms: number;
  /** Why it is not usable: "HTTP 503", "ECONNREFUSED", "timeout". */
  cause?: string;
}

/**
 * The package sources a Chinese locale starts with (issue 17): the mirror whose index answered first, or the official
 * index when none answered within `timeoutMs`. English keeps the official index without measuring.
 */
export interface MirrorDefault {
  /** A preset id of data/mirrors.json for PyPI packages; 'official' when no mirror answered. */
  pypiMirror: string;
  /** The chosen mirror's id when it carries PyTorch's CUDA wheels too, else 'official' (download.pytorch.org). */
  pytorchMirror: string;
  reason: 'fastest' | 'noneReachable';
  /** Every mirror measured, in the table's order. */
  measured: MirrorTiming[];
  timeoutMs: number;
}
