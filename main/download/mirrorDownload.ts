import { DlsetupError } from '../../shared/errors.js';
import { chooseMirror, type MirrorCandidate, type MirrorMeasure } from '../network/mirrorChoice.js';
import { downloadFile, type DownloadOptions, type DownloadResult } from './download.js';
import { installText } from '../system/installText.js';

export interface MirrorDownloadOptions extends Omit<DownloadOptions, 'url'> {
  /** The mirror the user set (`--pypi-mirror`, the wizard's mirror setting): used as is, nothing measured. */
  override?: string;
  /** The file's size when the plan knows it: a mirror stating another is refused before a byte is kept. */
  expectedSize?: number;
  /** Told once a mirror is chosen, with every measurement (the CLI and the wizard show them). */
  onChoice?: (chosen: MirrorMeasure, measures: MirrorMeasure[]) => void;
}

export interface MirrorDownloadResult {
  result: DownloadResult;
  mirror: MirrorCandidate;
  measures: MirrorMeasure[];
}

/**
 * One file from the fastest mirror that serves it: a short ranged probe of each copy, then the download from the
 * fastest; a copy whose whole-file sha256 is wrong is refused and the next fastest used. The user's own mirror
 * setting skips the measuring.
 */
export async function downloadFromMirrors(candidates: readonly MirrorCandidate[], options: MirrorDownloadOptions): Promise<MirrorDownloadResult> {
  const say = options.say ?? installText();
  const fileName = options.fileName ?? (new URL(candidates[0]?.url ?? 'http://x/download').pathname.split('/').pop() || 'download');
  const pinned = options.override ? candidates.filter((candidate) => candidate.id === options.override) : [];
  if (options.override && pinned.length === 0) throw say.error('INVALID_ARGUMENT', 'mirror.unknown', { mirror: options.override });
  let measures: MirrorMeasure[] = [];
  let order: MirrorCandidate[] = pinned;
  if (!pinned.length) {
    const choice = await chooseMirror(candidates, { expectedSize: options.expectedSize, proxy: options.proxy, ca: options.ca, signal: options.signal });
    measures = choice.measures;
    order = measures.filter((m) => m.ok).sort((a, b) => (b.ok && a.ok ? b.bytesPerSecond - a.bytesPerSecond : 0));
    if (choice.chosen) options.onChoice?.(choice.chosen, measures);
  }
  if (!order.length) throw say.error('NETWORK', 'mirror.noneServes', { file: fileName }, { detail: measures.map((m) => `${m.id}: ${m.ok ? 'ok' : `${m.refusal} ${m.cause}`}`).join('; ') });
  for (const [index, mirror] of order.entries()) {
    try {
      const result = await downloadFile({ ...options, url: mirror.url, fileName });
      return { result, mirror: { id: mirror.id, url: mirror.url }, measures };
    } catch (error) {
      if (!(error instanceof DlsetupError && error.code === 'CHECKSUM_MISMATCH') || index === order.length - 1) throw error;
      // This mirror's copy is another file: refused, and the next fastest serves it.
      measures = measures.map((m) => (m.id === mirror.id ? { id: m.id, url: m.url, ok: false, refusal: 'CONTENT_MISMATCH', cause: 'sha256 of the whole file differs' } : m));
      options.onRetry?.(0, say('mirror.refusedChecksum', { mirror: mirror.id, file: fileName }), 0);
    }
  }
  throw say.error('NETWORK', 'mirror.noneServes', { file: fileName });
}
