/** Package mirrors (data/mirrors.json): the Choose screen's lists and the install engine's mirror ids. */

export type { CoreMetadataServed, MirrorFilePrefix, MirrorPreset, MirrorTable } from '../data/mirrorsSchema.js';

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
