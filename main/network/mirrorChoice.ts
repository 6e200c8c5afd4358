import { createHash } from 'node:crypto';
import { NetworkAgents } from './proxyAgent.js';
import { probeRanges } from './rangeProbe.js';

/** One mirror's address for the exact file a plan needs (official, TUNA, Aliyun, USTC, the user's own). */
export interface MirrorCandidate {
  id: string;
  url: string;
}

/** Why a mirror was not chosen: it failed, or it serves something else than the others (or than the plan says). */
export type MirrorRefusal = 'NOT_FOUND' | 'NETWORK' | 'TIMEOUT' | 'BAD_RANGE' | 'SIZE_MISMATCH' | 'CONTENT_MISMATCH';

export type MirrorMeasure =
  | { id: string; url: string; ok: true; bytesPerSecond: number; size: number; splits: boolean; prefixSha256: string }
  | { id: string; url: string; ok: false; refusal: MirrorRefusal; cause: string };

export interface ChooseOptions {
  /** The file's size when the plan knows it: a mirror stating another is refused. */
  expectedSize?: number;
  /** Bytes each probe reads (one ranged GET from the first byte). */
  probeBytes?: number;
  timeoutMs?: number;
  proxy?: string | null;
  ca?: string;
  signal?: AbortSignal;
}

export const PROBE_BYTES = 256 << 10;

/** One ranged GET of the first `probeBytes`: speed over the whole exchange (connect, TLS, first byte, body), size, prefix hash. */
async function measure(candidate: MirrorCandidate, options: ChooseOptions, agents: NetworkAgents): Promise<MirrorMeasure> {
  const { id, url } = candidate;
  const bytes = options.probeBytes ?? PROBE_BYTES;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 6000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const started = performance.now();
  try {
    const answer = await probeRanges(new URL(url), bytes, { agents, headers: { 'user-agent': 'dlsetup-mirror-probe', 'accept-encoding': 'identity' }, signal });
    if (answer.kind === 'status') return { id, url, ok: false, refusal: answer.status === 404 ? 'NOT_FOUND' : 'NETWORK', cause: `HTTP ${answer.status}` };
    if (answer.kind === 'badRange') return { id, url, ok: false, refusal: 'BAD_RANGE', cause: `206 with Content-Range ${answer.header ?? '(none)'}` };
    const hash = createHash('sha256');
    let read = 0;
    for await (const chunk of answer.response.body as AsyncIterable<Buffer>) {
      const take = chunk.subarray(0, bytes - read);
      hash.update(take);
      read += take.length;
      // A server that ignores Range sends the whole file: the probe stops at its size.
      if (read >= bytes) break;
    }
    answer.response.body.destroy();
    const seconds = (performance.now() - started) / 1000;
    if (answer.size === null) return { id, url, ok: false, refusal: 'SIZE_MISMATCH', cause: 'no size stated' };
    if (options.expectedSize !== undefined && answer.size !== options.expectedSize) {
      return { id, url, ok: false, refusal: 'SIZE_MISMATCH', cause: `${answer.size} bytes, the plan says ${options.expectedSize}` };
    }
    return { id, url, ok: true, bytesPerSecond: Math.round(read / seconds), size: answer.size, splits: answer.kind === 'ranges', prefixSha256: hash.digest('hex') };
  } catch (error) {
    if (timeout.aborted) return { id, url, ok: false, refusal: 'TIMEOUT', cause: 'timeout' };
    return { id, url, ok: false, refusal: 'NETWORK', cause: (error as Error).message.slice(0, 200) };
  }
}

/**
 * Measures every mirror's copy of one file in turn (not at once: they would share the link and the figures would lie)
 * and picks the fastest among those that agree: the size and first bytes most mirrors serve (ties: the earliest in
 * the list, the official index first). A mirror serving other bytes is refused here when its prefix differs, and by
 * the sha256 of the whole file after the download otherwise (downloadFromMirrors).
 */
export async function chooseMirror(candidates: readonly MirrorCandidate[], options: ChooseOptions = {}): Promise<{ chosen: MirrorMeasure | null; measures: MirrorMeasure[] }> {
  const agents = new NetworkAgents({ proxy: options.proxy, ca: options.ca });
  const measures: MirrorMeasure[] = [];
  try {
    for (const candidate of candidates) measures.push(await measure(candidate, options, agents));
  } finally {
    await agents.close();
  }
  const votes = new Map<string, number>();
  for (const m of measures) if (m.ok) votes.set(`${m.size}:${m.prefixSha256}`, (votes.get(`${m.size}:${m.prefixSha256}`) ?? 0) + 1);
  const most = Math.max(0, ...votes.values());
  const agreed = measures.find((m): m is Extract<MirrorMeasure, { ok: true }> => m.ok && votes.get(`${m.size}:${m.prefixSha256}`) === most);
  const key = agreed ? `${agreed.size}:${agreed.prefixSha256}` : null;
  const judged = measures.map((m): MirrorMeasure => {
    if (!m.ok || `${m.size}:${m.prefixSha256}` === key) return m;
    const refusal = m.size === agreed?.size ? 'CONTENT_MISMATCH' : 'SIZE_MISMATCH';
    return { id: m.id, url: m.url, ok: false, refusal, cause: `${m.size} bytes; ${agreed?.id} and the mirrors agreeing with it serve other bytes` };
  });
  const usable = judged.filter((m): m is Extract<MirrorMeasure, { ok: true }> => m.ok).sort((a, b) => b.bytesPerSecond - a.bytesPerSecond);
  return { chosen: usable[0] ?? null, measures: judged };
}
