import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { compareVersions, fileVersion, normalizeProjectName } from './realIndexData.js';
import type { IndexProject, IndexProjectFile } from './realIndexData.js';

/**
 * A loopback "simple" index (PEP 503 HTML, PEP 691 JSON with PEP 700 sizes and versions, PEP 658 metadata) over index
 * projects, usually the real captures of realIndexData.ts, for the index client's tests (issue 32).
 *
 * Routes: `/simple/` (the project list), `/simple/<name>/` (a project; `/simple/<name>` answers 301 to the slash form),
 * `/files/<filename>` (bytes from `files`, its size for a one-byte range with `rangeSizes`, else 404) and
 * `/files/<filename>.metadata` (with `metadata`). Every file's
 * URL on a page points at this server's `/files/`, never at the real index. Pages carry an ETag (a hash of the body)
 * and `Cache-Control: max-age=600`; `If-None-Match` with that ETag answers 304.
 */
export interface LoopbackIndexOptions {
  projects: Map<string, IndexProject>;
  /** PEP 503 HTML only, whatever the Accept header asks (as download.pytorch.org serves). */
  html?: boolean;
  /**
   * PEP 691 JSON only, whatever the Accept header asks. Neither flag: negotiated by Accept (q-values honoured; an equal
   * q prefers JSON): `application/vnd.pypi.simple.v1+json` (or `latest+json`) gets JSON, anything else HTML.
   */
  json?: boolean;
  /** A mirror that lags: a project's files of versions above the given one are left out (PEP 440 order). */
  omitVersionsAbove?: Record<string, string>;
  /** The page of `project` lists a wrong sha256 for `wrongHashFor` (for every file of it when no name is given). */
  tamper?: { project: string; wrongHashFor?: string };
  /** Project pages that never end in reasonable size: 256 MiB of padding (comment or whitespace), no Content-Length. */
  hugePage?: boolean;
  /** Every `/simple/…` request answers 301 to the same path on http://index.example.invalid (not loopback). */
  redirectToHttp?: boolean;
  /** Every file name on a page carries terminal control sequences (ESC, OSC, BEL, CR) around the real name. */
  controlCharsInNames?: boolean;
  /** PEP 658/714: `<file>.metadata` for each wheel, built from `requiresDist`, announced on the pages with its hash. */
  metadata?: boolean;
  /** Real bytes to serve for a file name under `/files/`; every other file answers 404. */
  files?: Record<string, Uint8Array>;
  /**
   * `Range: bytes=0-0` on a file under `/files/` answers 206 with `Content-Range: bytes 0-0/<its real size>` (one zero
   * byte), as a CDN does for a file it holds: how a client learns sizes a PEP 503 page does not give.
   */
  rangeSizes?: boolean;
}

export interface LoopbackIndexRequest {
  /** The request target as sent: path and query. */
  path: string;
  accept?: string;
  ifNoneMatch?: string;
}

export interface LoopbackIndex {
  /** `http://127.0.0.1:PORT/simple` (no trailing slash). */
  url: string;
  /** Every request the server received, in order. */
  requests: () => LoopbackIndexRequest[];
  close(): Promise<void>;
}

export const PEP691_JSON = 'application/vnd.pypi.simple.v1+json';
export const PEP691_HTML = 'application/vnd.pypi.simple.v1+html';
export const REDIRECT_ORIGIN = 'http://index.example.invalid';
const HUGE_PADDING_BYTES = 256 << 20;
const PADDING_CHUNK = 1 << 20;

/** The file name as a page shows it with `controlCharsInNames`. */
export function hostileFileName(filename: string): string {
  return `\u001b]0;dlsetup\u0007${filename.replace(/(\.whl|\.tar\.gz|\.zip)$/, '\u001b[2K\r$1')}`;
}

/** The wrong hash a tampered page lists for a file: a sha256, but not the file's. */
export function tamperedHash(sha256: string): string {
  return createHash('sha256').update(`tampered:${sha256}`).digest('hex');
}

/** The PEP 658 metadata the server serves for a wheel of `project` (Metadata-Version 2.1, Requires-Dist from the data). */
export function coreMetadata(project: IndexProject, file: IndexProjectFile): string {
  const version = fileVersion(file.filename);
  const lines = ['Metadata-Version: 2.1', `Name: ${project.name}`, `Version: ${version}`];
  if (file.requiresPython) lines.push(`Requires-Python: ${file.requiresPython}`);
  for (const requirement of project.requiresDist[version] ?? []) lines.push(`Requires-Dist: ${requirement}`);
  return `${lines.join('\n')}\n`;
}

function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

type Representation = 'json' | 'v1html' | 'html';

/** Picks the representation for an Accept header (PEP 691: highest q wins; on a tie this server prefers JSON). */
function negotiate(accept: string | undefined): Representation {
  if (!accept) return 'html';
  const offered: [Representation, string[]][] = [
    ['json', [PEP691_JSON, 'application/vnd.pypi.simple.latest+json']],
    ['v1html', [PEP691_HTML, 'application/vnd.pypi.simple.latest+html']],
    ['html', ['text/html']],
  ];
  let best: { kind: Representation; q: number } = { kind: 'html', q: 0 };
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().split(';').map((s) => s.trim());
    const qParam = params.find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    for (const [index, [kind, types]] of offered.entries()) {
      if (!types.includes(type.toLowerCase())) continue;
      const bestIndex = offered.findIndex(([k]) => k === best.kind);
      if (q > best.q || (q === best.q && index < bestIndex)) best = { kind, q };
    }
  }
  return best.kind;
}

interface ServedFile {
  file: IndexProjectFile;
  shownName: string;
  sha256: string;
  metadataHash?: string;
}

export async function startLoopbackIndex(options: LoopbackIndexOptions): Promise<LoopbackIndex> {
  const log: LoopbackIndexRequest[] = [];
  const projects = new Map<string, IndexProject>();
  for (const project of options.projects.values()) projects.set(normalizeProjectName(project.name), project);
  const files = new Map(Object.entries(options.files ?? {}));
  let origin = '';

  const lagLimit = (key: string): string | undefined => {
    for (const [name, version] of Object.entries(options.omitVersionsAbove ?? {})) if (normalizeProjectName(name) === key) return version;
    return undefined;
  };

  const servedFiles = (key: string, project: IndexProject): ServedFile[] => {
    const limit = lagLimit(key);
    const tamper = options.tamper && normalizeProjectName(options.tamper.project) === key ? options.tamper : undefined;
    return project.files
      .filter((file) => limit === undefined || compareVersions(fileVersion(file.filename), limit) <= 0)
      .map((file) => {
        const wrong = tamper && (tamper.wrongHashFor === undefined || tamper.wrongHashFor === file.filename);
        const served: ServedFile = {
          file,
          shownName: options.controlCharsInNames ? hostileFileName(file.filename) : file.filename,
          sha256: wrong ? tamperedHash(file.sha256) : file.sha256,
        };
        if (options.metadata && file.filename.endsWith('.whl')) served.metadataHash = sha256Hex(coreMetadata(project, file));
        return served;
      });
  };

  const fileUrl = (shownName: string) => `${origin}/files/${encodeURIComponent(shownName)}`;

  const projectJson = (project: IndexProject, served: ServedFile[]): string => {
    // PEP 700 makes size mandatory at api-version 1.1: a page with a file of unknown size (download.pytorch.org's) stays at 1.0.
    const sized = served.every((s) => s.file.size !== undefined);
    const versions = [...new Set(served.map((s) => fileVersion(s.file.filename)))].sort(compareVersions);
    const page: Record<string, unknown> = { meta: { 'api-version': sized ? '1.1' : '1.0' }, name: normalizeProjectName(project.name) };
    if (sized) page.versions = versions;
    page.files = served.map((s) => {
      const entry: Record<string, unknown> = { filename: s.shownName, url: fileUrl(s.shownName), hashes: { sha256: s.sha256 } };
      if (s.file.requiresPython !== undefined) entry['requires-python'] = s.file.requiresPython;
      if (sized) entry.size = s.file.size;
      if (sized && s.file.uploadTime !== undefined) entry['upload-time'] = s.file.uploadTime;
      if (s.metadataHash) {
        entry['core-metadata'] = { sha256: s.metadataHash };
        entry['dist-info-metadata'] = { sha256: s.metadataHash };
      }
      entry.yanked = false;
      return entry;
    });
    return JSON.stringify(page);
  };

  const projectHtml = (project: IndexProject, served: ServedFile[]): string => {
    const title = `Links for ${escapeHtml(normalizeProjectName(project.name))}`;
    const anchors = served.map((s) => {
      let attributes = `href="${escapeHtml(`${fileUrl(s.shownName)}#sha256=${s.sha256}`)}"`;
      if (s.file.requiresPython !== undefined) attributes += ` data-requires-python="${escapeHtml(s.file.requiresPython)}"`;
      if (s.metadataHash) attributes += ` data-dist-info-metadata="sha256=${s.metadataHash}" data-core-metadata="sha256=${s.metadataHash}"`;
      return `    <a ${attributes}>${escapeHtml(s.shownName)}</a><br/>`;
    });
    return [
      '<!DOCTYPE html>',
      '<html>',
      `  <head><meta name="pypi:repository-version" content="1.0"><title>${title}</title></head>`,
      '  <body>',
      `    <h1>${title}</h1>`,
      ...anchors,
      '  </body>',
      '</html>',
      '',
    ].join('\n');
  };

  const rootJson = () =>
    JSON.stringify({ meta: { 'api-version': '1.0' }, projects: [...projects.values()].map((p) => ({ name: p.name })) });
  const rootHtml = () =>
    [
      '<!DOCTYPE html>',
      '<html>',
      '  <head><meta name="pypi:repository-version" content="1.0"><title>Simple index</title></head>',
      '  <body>',
      ...[...projects.keys()].map((key) => `    <a href="${escapeHtml(key)}/">${escapeHtml(projects.get(key)?.name ?? key)}</a><br/>`),
      '  </body>',
      '</html>',
      '',
    ].join('\n');

  const representation = (accept: string | undefined): Representation =>
    options.html ? 'html' : options.json ? 'json' : negotiate(accept);
  const contentType = (kind: Representation) =>
    kind === 'json' ? PEP691_JSON : kind === 'v1html' ? PEP691_HTML : 'text/html; charset=utf-8';

  const sendPage = (request: http.IncomingMessage, response: http.ServerResponse, type: string, body: string) => {
    const etag = `"${sha256Hex(body).slice(0, 32)}"`;
    const headers = { etag, 'cache-control': 'max-age=600', vary: 'Accept' };
    const conditional = request.headers['if-none-match'];
    if (conditional !== undefined && conditional.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
      response.writeHead(304, headers).end();
      return;
    }
    const bytes = Buffer.from(body, 'utf8');
    response.writeHead(200, { ...headers, 'content-type': type, 'content-length': bytes.length });
    response.end(request.method === 'HEAD' ? undefined : bytes);
  };

  const sendHuge = (response: http.ServerResponse, kind: Representation, body: string) => {
    // The padding comes first, so a client that stops at its bound never sees the real links.
    const [open, rest] = kind === 'json' ? ['{', body.slice(1)] : ['<!DOCTYPE html>\n<!--', `-->\n${body.replace('<!DOCTYPE html>\n', '')}`];
    const pad = Buffer.alloc(PADDING_CHUNK, kind === 'json' ? 0x20 : 0x78);
    response.writeHead(200, { 'content-type': contentType(kind), 'cache-control': 'max-age=600' });
    response.write(open);
    let sent = 0;
    const pump = () => {
      while (sent < HUGE_PADDING_BYTES) {
        if (response.destroyed) return;
        sent += pad.length;
        if (!response.write(pad)) {
          response.once('drain', pump);
          return;
        }
      }
      response.end(rest);
    };
    response.on('close', () => response.removeAllListeners('drain'));
    pump();
  };

  const fileNamed = (filename: string): IndexProjectFile | undefined => {
    for (const project of projects.values()) {
      const file = project.files.find((candidate) => candidate.filename === filename);
      if (file) return file;
    }
    return undefined;
  };

  const handle = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const target = request.url ?? '/';
    log.push({
      path: target,
      ...(request.headers.accept !== undefined ? { accept: request.headers.accept } : {}),
      ...(request.headers['if-none-match'] !== undefined ? { ifNoneMatch: request.headers['if-none-match'] } : {}),
    });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = new URL(target, 'http://loopback').pathname;
    if (pathname === '/simple' || pathname.startsWith('/simple/')) {
      if (options.redirectToHttp) {
        response.writeHead(301, { location: `${REDIRECT_ORIGIN}${target}` }).end();
        return;
      }
      const kind = representation(request.headers.accept);
      if (pathname === '/simple' || pathname === '/simple/') {
        if (pathname === '/simple') response.writeHead(301, { location: '/simple/' }).end();
        else sendPage(request, response, contentType(kind), kind === 'json' ? rootJson() : rootHtml());
        return;
      }
      const match = /^\/simple\/([^/]+)(\/?)$/.exec(pathname);
      const key = match ? normalizeProjectName(decodeURIComponent(match[1])) : undefined;
      const project = key === undefined ? undefined : projects.get(key);
      if (!match || key === undefined || !project) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('404 Not Found\n');
        return;
      }
      if (match[2] === '') {
        response.writeHead(301, { location: `${pathname}/` }).end();
        return;
      }
      const served = servedFiles(key, project);
      const body = kind === 'json' ? projectJson(project, served) : projectHtml(project, served);
      if (options.hugePage) sendHuge(response, kind, body);
      else sendPage(request, response, contentType(kind), body);
      return;
    }
    if (pathname.startsWith('/files/')) {
      const name = decodeURIComponent(pathname.slice('/files/'.length));
      if (options.metadata && name.endsWith('.metadata')) {
        const wheel = name.slice(0, -'.metadata'.length);
        for (const project of projects.values()) {
          const file = project.files.find((f) => f.filename === wheel && f.filename.endsWith('.whl'));
          if (file) {
            sendPage(request, response, 'text/plain; charset=utf-8', coreMetadata(project, file));
            return;
          }
        }
      }
      const sized = options.rangeSizes && request.headers.range === 'bytes=0-0' ? fileNamed(name) : undefined;
      if (sized?.size) {
        response.writeHead(206, { 'content-type': 'application/octet-stream', 'content-range': `bytes 0-0/${sized.size}`, 'content-length': 1 });
        response.end(request.method === 'HEAD' ? undefined : Buffer.alloc(1));
        return;
      }
      const bytes = files.get(name);
      if (bytes) {
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.byteLength });
        response.end(request.method === 'HEAD' ? undefined : Buffer.from(bytes));
        return;
      }
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('404 Not Found\n');
  };

  const server = http.createServer((request, response) => {
    try {
      handle(request, response);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`${error instanceof Error ? error.message : String(error)}\n`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/simple`,
    requests: () => log.map((entry) => ({ ...entry })),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
