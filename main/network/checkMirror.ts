import type { MirrorCheck, MirrorCheckRequest } from '../../shared/ipc/contract.js';
import { errorText } from '../../shared/errorText.js';
import { discardBody } from './discardBody.js';
import { getFollowingRedirects, RedirectRefused } from './followRedirects.js';
import { BadProxyError, NetworkAgents } from './proxyAgent.js';

const DEFAULT_TIMEOUT_MS = 6000;

function webAddress(text: string): URL {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw errorText.error('INVALID_ARGUMENT', 'mirror.notWebAddress', { text });
  }
  return url;
}

/** The innermost reason in an undici error chain: ENOTFOUND, ECONNREFUSED, a certificate error, "bad port" … */
function causeOf(error: unknown): string {
  if (error instanceof RedirectRefused) {
    if (error.reason === 'tooMany') return 'too many redirects';
    // A Location is the server's text: clipped.
    return `${error.reason === 'insecure' ? 'insecure redirect' : 'redirect'} to ${error.to.slice(0, 200)} refused`;
  }
  if (error instanceof BadProxyError) return error.message;
  let current: unknown = error;
  let reason = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('UND_ERR')) return code;
    reason = current.message;
    current = current.cause;
  }
  return reason;
}

/**
 * mirror:check — whether a package mirror answers, and how fast, before a 3 GB install depends on it. It goes the
 * downloads' way (the environment's proxy, NO_PROXY, the same redirect rules and credential scope); only the response
 * head is read, the body (a simple-index page can be megabytes) is dropped. `ca`: an extra authority to trust (tests).
 */
export async function checkMirror(request: MirrorCheckRequest, options: { ca?: string } = {}): Promise<MirrorCheck> {
  const url = webAddress(request.url);
  const started = performance.now();
  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const agents = new NetworkAgents({ ca: options.ca });
  try {
    const { response } = await getFollowingRedirects(url, { agents, headers: { 'user-agent': 'dlsetup-mirror-check' }, signal: timeout });
    const ms = Math.round(performance.now() - started);
    // At most 64 KiB and 2 s of the body are read (inside the check's own timeout).
    await discardBody(response);
    const status = response.statusCode;
    if (status >= 200 && status < 300) return { url: request.url, reachable: true, status, ms };
    return { url: request.url, reachable: false, status, ms, code: 'NOT_FOUND', cause: `HTTP ${status}` };
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    if (timeout.aborted) return { url: request.url, reachable: false, ms, code: 'TIMEOUT', cause: 'timeout' };
    return { url: request.url, reachable: false, ms, code: 'NETWORK', cause: causeOf(error) };
  } finally {
    await agents.close();
  }
}
