import { Parser } from 'htmlparser2';
import * as v from 'valibot';
import { hasControlChar } from '../../shared/quote/controlChars.js';
import { allowedUrl } from './indexHttp.js';
import { refused } from './indexErrors.js';

/** One file an index lists for a project, every field checked (PEP 503 / 691 / 658 / 700 / 714). */
export interface IndexFile {
  /** URL-decoded ("torch-2.7.1+cu126-…whl"). */
  filename: string;
  /** Absolute, without fragment or credentials; https, or http on loopback when the page itself is. */
  url: string;
  /** Lower-case hex, from `hashes` (JSON) or the `#sha256=` fragment (HTML). */
  sha256: string | null;
  /** As the index wrote it (">=3.9"); an unreadable one is ignored when choosing, as pip does. */
  requiresPython: string | null;
  yanked: boolean;
  size: number | null;
  /** PEP 658/714: whether `<url>.metadata` is served, and its sha256 when the page gives one. */
  coreMetadata: { sha256: string | null } | null;
}

export interface ProjectPage {
  /** The page's final URL (after redirects). */
  url: string;
  files: IndexFile[];
  /** PEP 700's list of versions, when the page has one. */
  versions: string[] | null;
}

/** numpy has ~4,000 files on PyPI and torch ~2,000; a page past this is not a project page. */
const MAX_FILES = 100_000;
const SHA256 = /^[0-9a-f]{64}$/;

const bounded = (max: number) => v.pipe(v.string(), v.maxLength(max));
const metadataFlag = v.union([v.boolean(), v.record(bounded(32), bounded(256))]);
const jsonFile = v.looseObject({
  filename: bounded(255),
  url: bounded(4096),
  hashes: v.record(bounded(32), bounded(256)),
  'requires-python': v.optional(v.nullable(bounded(1024))),
  'core-metadata': v.optional(metadataFlag),
  'dist-info-metadata': v.optional(metadataFlag),
  yanked: v.optional(v.union([v.boolean(), bounded(4096)])),
  size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER))),
});
const jsonPage = v.looseObject({
  meta: v.looseObject({ 'api-version': bounded(16) }),
  files: v.pipe(v.array(jsonFile), v.maxLength(MAX_FILES)),
  versions: v.optional(v.pipe(v.array(bounded(64)), v.maxLength(MAX_FILES))),
});

function refuseControl(value: string, what: string, page: URL): string {
  if (hasControlChar(value)) throw refused('controlChar', `the index page has a control character in a ${what}`, page);
  return value;
}

function sha256Of(value: string | undefined | null, page: URL): string | null {
  if (value === undefined || value === null) return null;
  const hex = value.toLowerCase();
  if (!SHA256.test(hex)) throw refused('badPage', 'the index page gives a sha256 that is not 64 hex digits', page);
  return hex;
}

/** The names a distribution file ends with; other links on an HTML page (a home page, a sibling folder) are passed over. */
const DIST_SUFFIX = /\.(?:whl|tar\.gz|zip|tar\.bz2|tar\.xz|tgz)$/;

function resolve(href: string, base: URL, page: URL): URL | null {
  refuseControl(href, 'link', page);
  return URL.canParse(href, base.href) ? new URL(href, base) : null;
}

/**
 * A file's URL: https, or plain http on loopback only when the page itself is plain-http loopback (a local mirror);
 * never credentials. The fragment is returned apart (HTML pages carry the hash there).
 */
function checkedFileUrl(url: URL, page: URL): { url: string; fragment: string } {
  if (url.username || url.password) throw refused('insecureUrl', 'the index page links a file with credentials in its address', page);
  if (!allowedUrl(url) || (url.protocol === 'http:' && page.protocol !== 'http:')) throw refused('insecureUrl', `the index page links a file over ${url.protocol.replace(':', '')}`, page);
  const fragment = url.hash.slice(1);
  const bare = new URL(url);
  bare.hash = '';
  return { url: bare.href, fragment };
}

/** `true`, `{sha256: …}` (JSON) or "true" / "sha256=…" (HTML) → served, with its hash if sha256; false / absent → not. */
function coreMetadataOf(value: boolean | Record<string, string> | string | undefined, page: URL): IndexFile['coreMetadata'] {
  if (value === undefined || value === false || value === 'false') return null;
  if (value === true || value === 'true') return { sha256: null };
  if (typeof value === 'string') {
    const match = /^([a-z0-9]{1,16})=(.*)$/i.exec(value.trim());
    return { sha256: match?.[1]?.toLowerCase() === 'sha256' ? sha256Of(match[2]!, page) : null };
  }
  return { sha256: sha256Of(value.sha256, page) };
}

/** PEP 691 JSON (application/vnd.pypi.simple.v1+json); refuses a page outside its schema. */
export function parseJsonPage(text: string, pageUrl: URL): ProjectPage {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw refused('badPage', 'the index page is not JSON', pageUrl);
  }
  const parsed = v.safeParse(jsonPage, data);
  if (!parsed.success) throw refused('badPage', `the index page does not follow PEP 691 (${parsed.issues[0].message.slice(0, 100)})`, pageUrl);
  const files = parsed.output.files.map((file): IndexFile => {
    const link = resolve(file.url, pageUrl, pageUrl);
    if (!link) throw refused('badPage', 'the index page has a file URL that is not a URL', pageUrl);
    const { url, fragment } = checkedFileUrl(link, pageUrl);
    const requiresPython = file['requires-python'] ?? null;
    return {
      filename: refuseControl(file.filename, 'file name', pageUrl),
      url,
      sha256: sha256Of(file.hashes.sha256 ?? /^sha256=(.*)$/.exec(fragment)?.[1], pageUrl),
      requiresPython: requiresPython === null ? null : refuseControl(requiresPython, 'Requires-Python', pageUrl),
      yanked: file.yanked !== undefined && file.yanked !== false,
      size: file.size ?? null,
      coreMetadata: coreMetadataOf(file['core-metadata'] ?? file['dist-info-metadata'], pageUrl),
    };
  });
  const versions = parsed.output.versions?.map((version) => refuseControl(version, 'version', pageUrl)) ?? null;
  return { url: pageUrl.href, files, versions };
}

/** pip's Link.filename: the last path segment, URL-decoded. */
function basename(url: URL, page: URL): string {
  const last = url.pathname.split('/').filter(Boolean).at(-1) ?? '';
  try {
    return refuseControl(decodeURIComponent(last), 'file name', page);
  } catch (error) {
    if (error instanceof URIError) throw refused('badPage', 'the index page links a file whose name is not valid percent-encoding', page);
    throw error;
  }
}

/**
 * PEP 503 HTML (also a find-links page: the same anchors, for many projects). Attributes arrive HTML-unescaped from
 * htmlparser2; `<base href>` moves the base as in pip. Every anchor is checked; only links to files count.
 */
export function parseHtmlPage(text: string, pageUrl: URL): ProjectPage {
  let base = pageUrl;
  const anchors: Record<string, string>[] = [];
  let tooMany = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'base' && attributes.href !== undefined && anchors.length === 0 && base === pageUrl) {
        const next = resolve(attributes.href, pageUrl, pageUrl);
        if (next && allowedUrl(next) && !(next.protocol === 'http:' && pageUrl.protocol !== 'http:')) base = next;
      }
      if (name === 'a' && attributes.href !== undefined) {
        if (anchors.length >= MAX_FILES) tooMany = true;
        else anchors.push(attributes);
      }
    },
  });
  parser.write(text);
  parser.end();
  if (tooMany) throw refused('tooLarge', `the index page lists more than ${MAX_FILES} links`, pageUrl);
  const files: IndexFile[] = [];
  for (const anchor of anchors) {
    const link = resolve(anchor.href!, base, pageUrl);
    const filename = link ? basename(link, pageUrl) : '';
    if (!link || !DIST_SUFFIX.test(filename)) continue;
    const { url, fragment } = checkedFileUrl(link, pageUrl);
    const requiresPython = anchor['data-requires-python'];
    files.push({
      filename,
      url,
      sha256: sha256Of(/^sha256=(.*)$/.exec(fragment)?.[1], pageUrl),
      requiresPython: requiresPython === undefined || requiresPython === '' ? null : refuseControl(requiresPython.slice(0, 1024), 'Requires-Python', pageUrl),
      yanked: anchor['data-yanked'] !== undefined,
      size: null,
      coreMetadata: coreMetadataOf(anchor['data-core-metadata'] ?? anchor['data-dist-info-metadata'], pageUrl),
    });
  }
  return { url: pageUrl.href, files, versions: null };
}
