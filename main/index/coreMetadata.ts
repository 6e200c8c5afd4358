import { createHash } from 'node:crypto';
import { hasControlChar } from '../../shared/quote/controlChars.js';
import { refused } from './indexErrors.js';
import type { IndexSession } from './indexSession.js';
import type { IndexFile } from './simplePage.js';

/** What a resolver needs of a distribution's METADATA (core metadata, PEP 566 / 643). */
export interface CoreMetadata {
  name: string | null;
  version: string | null;
  requiresPython: string | null;
  /** Every Requires-Dist line, in order, unevaluated. */
  requiresDist: string[];
}

/** METADATA carries the whole README after its headers; torch's is ~40 KB, the largest seen a few MB. */
export const METADATA_MAX_BYTES = 8 << 20;
/** Only the header block is read (it is at the top, as detect/ reads installed METADATA). */
const HEADER_MAX_CHARS = 256 << 10;
/** No real distribution has this many dependencies (the largest have a few hundred, with extras). */
const MAX_REQUIRES = 2000;
const MAX_LINE = 1024;

/**
 * Reads the RFC 822 header block of a METADATA file: headers up to the first blank line, continuation lines (leading
 * space or tab) folded into the header before them. Field names are case-insensitive; Requires-Dist repeats.
 */
export function parseCoreMetadata(text: string): CoreMetadata {
  const head = text.slice(0, HEADER_MAX_CHARS).split(/\r?\n\r?\n/)[0] ?? '';
  const fields: [string, string][] = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && fields.length) fields.at(-1)![1] += ` ${line.trim()}`;
    else {
      const match = /^([A-Za-z0-9-]{1,64}):[ \t]*(.*)$/.exec(line);
      if (match) fields.push([match[1]!.toLowerCase(), match[2]!.trim()]);
    }
  }
  const first = (name: string) => fields.find(([key]) => key === name)?.[1] ?? null;
  const requiresDist = fields.filter(([key]) => key === 'requires-dist').map(([, value]) => value);
  return { name: first('name'), version: first('version'), requiresPython: first('requires-python'), requiresDist };
}

/** The PEP 658 address: the file's URL with ".metadata" appended (the fragment already gone). */
export function metadataUrl(file: IndexFile): URL {
  return new URL(`${file.url}.metadata`);
}

/**
 * PEP 658 / 714: fetches `<file url>.metadata` when the page says it is served, checks its sha256 when the page gives
 * one (a mismatch is refused, never read), and reads its header. Returns null when the page offers none.
 */
export async function fetchCoreMetadata(session: IndexSession, file: IndexFile): Promise<CoreMetadata | null> {
  if (!file.coreMetadata) return null;
  const expected = file.coreMetadata.sha256;
  const url = metadataUrl(file);
  return session.once(`metadata ${url.href} ${expected ?? ''}`, async () => {
    const matches = (body: Buffer) => createHash('sha256').update(body).digest('hex') === expected;
    // A file named by its hash never changes: a cached copy that still matches needs no request.
    const answer = await session.get(url, { accept: '*/*', maxBytes: METADATA_MAX_BYTES, immutable: expected !== null, ...(expected ? { verify: matches } : {}) });
    if (!answer) throw refused('badPage', 'the index says core metadata is served, but it is not there', url);
    if (expected && !matches(answer.body)) {
      throw refused('metadataHash', "the core metadata's sha256 is not the one the index page gives", url);
    }
    const metadata = parseCoreMetadata(answer.body.toString('utf8'));
    return checkedMetadata(metadata, url);
  });
}

/** Requires-Dist lines become requirements later; here they are only bounded and kept free of control characters. */
export function checkedMetadata(metadata: CoreMetadata, url: URL): CoreMetadata {
  if (metadata.requiresDist.length > MAX_REQUIRES) throw refused('badMetadata', `the core metadata lists more than ${MAX_REQUIRES} requirements`, url);
  for (const value of [...metadata.requiresDist, metadata.name ?? '', metadata.version ?? '', metadata.requiresPython ?? '']) {
    if (value.length > MAX_LINE || hasControlChar(value)) throw refused('badMetadata', 'the core metadata has an over-long line or a control character', url);
  }
  return metadata;
}
