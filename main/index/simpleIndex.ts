import { allowedUrl } from './indexHttp.js';
import { refused } from './indexErrors.js';
import type { Answer, IndexSession } from './indexSession.js';
import { normalizeProjectName } from './projectName.js';
import { parseHtmlPage, parseJsonPage, type ProjectPage } from './simplePage.js';
import { parseDistFilename } from './wheelName.js';

/** PEP 691's negotiation as pip sends it: JSON first, HTML only as the last resort. */
export const SIMPLE_ACCEPT = 'application/vnd.pypi.simple.v1+json, text/html;q=0.01';
/** PyPI's largest project pages are a few MB (numpy, torch: ~3 MB of JSON); 16 MiB is a page nobody should send. */
export const PAGE_MAX_BYTES = 16 << 20;

/** An index or find-links address the user gave: https, or plain http on this machine, and nothing else. */
export function sourceUrl(text: string): URL {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || !allowedUrl(url)) throw refused('insecureUrl', 'an index address must be https (plain http only on this machine)', url ?? null);
  return url;
}

/** `<index>/<normalized name>/`, as pip builds it (PEP 503). */
export function projectPageUrl(indexUrl: string, name: string): URL {
  const base = sourceUrl(indexUrl);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return new URL(`${encodeURIComponent(normalizeProjectName(name))}/`, base);
}

/** Which format the index answered in, by its Content-Type (PEP 691); anything else is not an index page. */
function parseAnswer(answer: Answer): ProjectPage {
  const type = answer.contentType.split(';')[0]!.trim().toLowerCase();
  // Pages are UTF-8 (PEP 503, PEP 691); a stray byte becomes U+FFFD, which no name or URL accepts.
  const text = answer.body.toString('utf8');
  if (type === 'application/vnd.pypi.simple.v1+json') return parseJsonPage(text, answer.url);
  if (type === 'text/html' || type === 'application/vnd.pypi.simple.v1+html') return parseHtmlPage(text, answer.url);
  throw refused('badPage', `the index answered with "${type.slice(0, 80)}", not a simple-index page`, answer.url);
}

/**
 * One project's page on one index (PEP 503 / 691), cached, once per resolution. null when the index has no such
 * project (404 / 410). Throws IndexError: refused (a hostile or broken page) or unreachable.
 */
export function fetchProjectPage(session: IndexSession, indexUrl: string, name: string): Promise<ProjectPage | null> {
  const url = projectPageUrl(indexUrl, name);
  session.rememberCredentials(sourceUrl(indexUrl));
  return session.once(`page ${url.href}`, async () => {
    const answer = await session.get(url, { accept: SIMPLE_ACCEPT, maxBytes: PAGE_MAX_BYTES });
    return answer ? parseAnswer(answer) : null;
  });
}

/**
 * A find-links source (pip's --find-links): an HTML page of flat links for many projects, or one file's own URL.
 * A page that is not there is an empty one, as pip warns and goes on.
 */
export function fetchFindLinks(session: IndexSession, pageUrl: string): Promise<ProjectPage> {
  const url = sourceUrl(pageUrl);
  session.rememberCredentials(url);
  let last = '';
  try {
    last = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
  } catch {
    // Not a file name: read it as a page, which refuses what it must.
  }
  if (parseDistFilename(last)) {
    const bare = new URL(url);
    bare.username = '';
    bare.password = '';
    bare.hash = '';
    return Promise.resolve({ url: bare.href, versions: null, files: [{ filename: last, url: bare.href, sha256: null, requiresPython: null, yanked: false, size: null, coreMetadata: null }] });
  }
  return session.once(`links ${url.href}`, async () => {
    const answer = await session.get(url, { accept: 'text/html', maxBytes: PAGE_MAX_BYTES });
    if (!answer) return { url: url.href, files: [], versions: null };
    return parseAnswer({ ...answer, contentType: answer.contentType || 'text/html' });
  });
}
