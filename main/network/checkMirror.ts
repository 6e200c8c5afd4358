import type { MirrorCheck, MirrorCheckRequest } from '../../shared/ipc/contract.js';
import { DlsetupError } from '../../shared/errors.js';

const DEFAULT_TIMEOUT_MS = 6000;

/** Credentials in an index URL (a private index) travel as a Basic header: fetch refuses them inside the URL. */
function requestOf(text: string): { url: URL; headers: Record<string, string> } {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw new DlsetupError('INVALID_ARGUMENT', `"${text}" is not a web address. A mirror address starts with https:// or http://.`);
  }
  const headers: Record<string, string> = { 'user-agent': 'dlsetup-mirror-check' };
  if (url.username || url.password) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  return { url, headers };
}

/** The innermost reason in an undici "fetch failed" chain: ENOTFOUND, ECONNREFUSED, a certificate error, "bad port" … */
function causeOf(error: unknown): string {
  let current: unknown = error;
  let reason = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    reason = current.message;
    current = current.cause;
  }
  return reason;
}

/**
 * mirror:check — whether a package mirror answers, and how fast, before a 3 GB install depends on it. Only the
 * response head is read; the body (a simple-index page can be megabytes) is dropped.
 */
export async function checkMirror(request: MirrorCheckRequest): Promise<MirrorCheck> {
  const { url, headers } = requestOf(request.url);
  const started = performance.now();
  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const response = await fetch(url, { headers, redirect: 'follow', signal: timeout });
    const ms = Math.round(performance.now() - started);
    await response.body?.cancel().catch(() => undefined);
    if (response.ok) return { url: request.url, reachable: true, status: response.status, ms };
    return { url: request.url, reachable: false, status: response.status, ms, code: 'NOT_FOUND', cause: `HTTP ${response.status}` };
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    if (timeout.aborted) return { url: request.url, reachable: false, ms, code: 'TIMEOUT', cause: 'timeout' };
    return { url: request.url, reachable: false, ms, code: 'NETWORK', cause: causeOf(error) };
  }
}
