import { request, type Dispatcher } from 'undici';
import { discardBody } from './discardBody.js';
import type { NetworkAgents } from './proxyAgent.js';

/** Hops after the first request; curl's default is 50, browsers stop near 20, real mirrors need two or three. */
export const MAX_REDIRECTS = 5;

/** How long a response head may take when the caller names no bound (the downloads' idle timeout). */
export const HEADERS_TIMEOUT_MS = 30_000;

export type RedirectRefusal = 'insecure' | 'scheme' | 'tooMany';

/** A redirect DL Setup will not follow; `to` is the Location as the server sent it (or as resolved). */
export class RedirectRefused extends Error {
  constructor(
    readonly reason: RedirectRefusal,
    readonly from: string,
    readonly to: string,
  ) {
    super(`redirect from ${from} to ${to} refused (${reason})`);
    this.name = 'RedirectRefused';
  }
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Where a redirect may lead: https anywhere; plain http only from plain http on loopback to loopback (local test
 * mirrors, as checkUrl allows them); never another scheme. Credentials in a Location are dropped, never adopted.
 */
export function redirectTarget(from: URL, location: string): URL {
  const to = URL.canParse(location, from.href) ? new URL(location, from) : null;
  if (!to || (to.protocol !== 'https:' && to.protocol !== 'http:')) throw new RedirectRefused('scheme', from.href, location);
  to.username = '';
  to.password = '';
  const localHttp = from.protocol === 'http:' && isLoopbackHost(from.hostname) && isLoopbackHost(to.hostname);
  if (to.protocol === 'http:' && !localHttp) throw new RedirectRefused('insecure', from.href, to.href);
  return to;
}

/** Credentials in a URL (a private index) travel as a Basic header, to that origin only. */
export function credentialsOf(text: URL): { url: URL; authorization?: string } {
  const url = new URL(text);
  if (!url.username && !url.password) return { url };
  const authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  url.username = '';
  url.password = '';
  return { url, authorization };
}

export interface GetOptions {
  agents: NetworkAgents;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** No response head for this long → the request fails (undici's HeadersTimeoutError). */
  headersTimeoutMs?: number;
}

/**
 * A GET that follows redirects by redirectTarget's rules, at most MAX_REDIRECTS hops, sending the start URL's
 * credentials only to the start URL's origin. The body of the final response is the caller's to read or dump.
 */
export async function getFollowingRedirects(start: URL, options: GetOptions): Promise<{ url: URL; response: Dispatcher.ResponseData }> {
  const { url: first, authorization } = credentialsOf(start);
  let url = first;
  for (let hop = 0; ; hop++) {
    const headers = { ...options.headers, ...(authorization && url.origin === first.origin ? { authorization } : {}) };
    const response = await request(url, {
      dispatcher: options.agents.dispatcherFor(url),
      method: 'GET',
      headers,
      signal: options.signal,
      maxRedirections: 0,
      // Never undici's 5 minutes: a server that sends no head is a failed attempt within the idle bound.
      headersTimeout: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
      // Callers watch the body themselves (idle timers, abort signals).
      bodyTimeout: 0,
    });
    const location = response.headers.location;
    if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') return { url, response };
    await discardBody(response);
    if (hop === MAX_REDIRECTS) throw new RedirectRefused('tooMany', url.href, location);
    url = redirectTarget(url, location);
  }
}
