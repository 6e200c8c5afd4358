import { oneLine } from '../../shared/quote/controlChars.js';
import { redactSecrets } from '../system/redactSecrets.js';

/** Why DL Setup would not use what an index sent: each a thing the index did, never the network's weather. */
export type IndexRefusalReason =
  | 'controlChar' // a control character in a file name, URL or field
  | 'insecureUrl' // a URL that is not https (plain http only on loopback), or carries credentials
  | 'redirect' // a redirect to plain http, another scheme, or too many hops
  | 'tooLarge' // a page or metadata file past its size bound
  | 'badPage' // a page that is neither PEP 691 JSON nor PEP 503 HTML, or a field outside its schema
  | 'metadataHash' // core metadata whose sha256 is not the one the page gave
  | 'badMetadata' // a Requires-Dist line that is not PEP 508, or a marker pip could not evaluate
  | 'conflict' // two requirements on one distribution that no single version satisfies
  | 'badRequest'; // the caller's roots are not project names with exact PEP 440 versions

/** Why an answer did not come: the index, the network or the time allowed. */
export type IndexUnreachableReason = 'network' | 'status' | 'timeout' | 'budget' | 'cancelled';

/**
 * The one error the index modules throw, so a caller can name what happened (`kind` and `reason`) without reading a
 * message. The message is English for logs and outcome details, with any credentials in a URL redacted.
 */
export class IndexError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable',
    readonly reason: IndexRefusalReason | IndexUnreachableReason,
    detail: string,
    url: string | URL | null = null,
  ) {
    // Index text is shown escaped and URLs without their user info: a detail may reach a log or a terminal.
    super(oneLine(redactSecrets(url ? `${detail} (${String(url).slice(0, 300)})` : detail)).slice(0, 600));
    this.name = 'IndexError';
  }
}

export function refused(reason: IndexRefusalReason, detail: string, url?: string | URL | null): IndexError {
  return new IndexError('refused', reason, detail, url);
}

export function unreachable(reason: IndexUnreachableReason, detail: string, url?: string | URL | null): IndexError {
  return new IndexError('unreachable', reason, detail, url);
}
