import type { Dispatcher } from 'undici';
import { discardBody, dropBody } from '../network/discardBody.js';
import { getFollowingRedirects, isLoopbackHost, RedirectRefused } from '../network/followRedirects.js';
import { BadProxyError, type NetworkAgents } from '../network/proxyAgent.js';
import { IndexError, refused, unreachable } from './indexErrors.js';

export interface BoundedGetOptions {
  agents: NetworkAgents;
  headers: Record<string, string>;
  /** The body is refused past this many bytes (a Content-Length that claims more is refused before reading). */
  maxBytes: number;
  /** Head and body together, per request. */
  timeoutMs: number;
  /** The resolution's own signal: aborted with an IndexError (budget, cancelled), which is thrown as it is. */
  signal: AbortSignal;
  /** A Range request: a 206's body is read; a 200 (the whole file, range ignored) is closed unread. */
  partial?: boolean;
}

export interface BoundedResponse {
  status: number;
  /** Where the answer came from after redirects, without credentials: relative links resolve against it. */
  url: URL;
  headers: Dispatcher.ResponseData['headers'];
  /** Only a 200's body (a 206's with `partial`) is read; others are discarded (≤ 64 KiB, 2 s) and this is empty. */
  body: Buffer;
}

/** https anywhere; plain http only on loopback (local mirrors and tests), as the downloads allow it. */
export function allowedUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/** A response header's first value (undici gives a list for repeated ones). */
export function responseHeader(headers: Dispatcher.ResponseData['headers'], name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? null) : null;
}

/** The innermost reason in an undici error chain (ECONNREFUSED, ENOTFOUND, a certificate error). */
function causeOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('UND_ERR')) return code;
    current = current.cause;
  }
  return error instanceof Error ? error.message : String(error);
}

async function readBounded(response: Dispatcher.ResponseData, maxBytes: number, url: URL): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      dropBody(response);
      throw refused('tooLarge', `the answer is larger than ${maxBytes} bytes`, url);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/**
 * One GET to an index: redirects by the downloads' rules (network/followRedirects: https only, plain http only
 * loopback to loopback, 5 hops, credentials to their own origin), a size bound on the body and a time bound on the
 * whole exchange. Failures are IndexErrors: refused (the index sent something DL Setup will not take) or unreachable.
 */
export async function boundedGet(start: URL, options: BoundedGetOptions): Promise<BoundedResponse> {
  if (!allowedUrl(start)) throw refused('insecureUrl', 'only https addresses (plain http on this machine only) are read', start);
  if (options.signal.aborted) throw options.signal.reason instanceof IndexError ? options.signal.reason : unreachable('cancelled', 'cancelled', start);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  try {
    const { url, response } = await getFollowingRedirects(start, { agents: options.agents, headers: options.headers, signal, headersTimeoutMs: options.timeoutMs });
    const wanted = options.partial ? 206 : 200;
    if (response.statusCode !== wanted) {
      // A whole wheel sent for a range is never read: closing costs less than draining gigabytes.
      if (options.partial && response.statusCode === 200) dropBody(response);
      else await discardBody(response);
      return { status: response.statusCode, url, headers: response.headers, body: Buffer.alloc(0) };
    }
    const length = Number(responseHeader(response.headers, 'content-length') ?? NaN);
    if (Number.isFinite(length) && length > options.maxBytes) {
      dropBody(response);
      throw refused('tooLarge', `the answer announces ${length} bytes, more than ${options.maxBytes}`, url);
    }
    return { status: wanted, url, headers: response.headers, body: await readBounded(response, options.maxBytes, url) };
  } catch (error) {
    if (error instanceof IndexError) throw error;
    if (options.signal.aborted) throw options.signal.reason instanceof IndexError ? options.signal.reason : unreachable('cancelled', 'cancelled', start);
    if (timeout.aborted) throw unreachable('timeout', `no complete answer within ${options.timeoutMs} ms`, start);
    if (error instanceof RedirectRefused) throw refused('redirect', `a redirect to ${error.to.slice(0, 200)} was refused (${error.reason})`, start);
    if (error instanceof BadProxyError) throw unreachable('network', error.message, start);
    throw unreachable('network', causeOf(error), start);
  }
}
