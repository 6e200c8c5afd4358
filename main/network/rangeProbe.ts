import type { Dispatcher } from 'undici';
import { discardBody } from './discardBody.js';
import { getFollowingRedirects } from './followRedirects.js';
import type { NetworkAgents } from './proxyAgent.js';

/** A Content-Range header (`bytes 0-262143/1000000`): the first and last byte sent and the whole size (null: `*`). */
export interface ContentRange {
  start: number;
  end: number;
  size: number | null;
}

export function parseContentRange(header: string | string[] | undefined): ContentRange | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(typeof header === 'string' ? header.trim() : '');
  if (!match) return null;
  const [start, end] = [Number(match[1]), Number(match[2])];
  const size = match[3] === '*' ? null : Number(match[3]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start || (size !== null && end >= size)) return null;
  return { start, end, size };
}

/**
 * How a server answered a GET for the first `bytes` of a file:
 * - ranges: a 206 whose Content-Range starts at 0 and states the size: the server splits files, the body is those bytes;
 * - whole: a 200, the server ignored Range; the body is the whole file;
 * - badRange: a 206 that does not say where its bytes belong (no, a malformed, or a non-zero Content-Range): refused
 *   and dropped, since splicing it in could put bytes in the wrong place;
 * - status: anything else (404, 5xx, 416), body dropped.
 */
export type ProbeAnswer =
  | { kind: 'ranges'; url: URL; size: number; range: ContentRange; response: Dispatcher.ResponseData }
  | { kind: 'whole'; url: URL; size: number | null; response: Dispatcher.ResponseData }
  | { kind: 'badRange'; url: URL; header: string | null }
  | { kind: 'status'; url: URL; status: number };

export async function probeRanges(
  start: URL,
  bytes: number,
  options: { agents: NetworkAgents; headers: Record<string, string>; signal?: AbortSignal; headersTimeoutMs?: number },
): Promise<ProbeAnswer> {
  const { url, response } = await getFollowingRedirects(start, { ...options, headers: { ...options.headers, range: `bytes=0-${bytes - 1}` } });
  const status = response.statusCode;
  if (status === 200) {
    const length = Number(response.headers['content-length'] ?? NaN);
    return { kind: 'whole', url, size: Number.isSafeInteger(length) ? length : null, response };
  }
  if (status !== 206) {
    await discardBody(response);
    return { kind: 'status', url, status };
  }
  const header = response.headers['content-range'];
  const range = parseContentRange(header);
  if (!range || range.start !== 0 || range.size === null) {
    await discardBody(response);
    return { kind: 'badRange', url, header: typeof header === 'string' ? header.slice(0, 100) : null };
  }
  return { kind: 'ranges', url, size: range.size, range, response };
}
