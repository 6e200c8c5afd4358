import path from 'node:path';
import { SHA256_PATTERN } from '../stepParams.js';

/**
 * pip's installation report (`pip install --dry-run --report`, format "1"): what pip would install, each file's URL and
 * sha256, read before anything is downloaded so DL Setup fetches the files itself and pip installs them offline.
 */

/** One wheel pip would install: its address and the sha256 the index published for it. */
export interface ReportWheel {
  name: string;
  version: string;
  url: string;
  sha256: string;
  /** The wheel's real file name (pip reads name, version and tags from it): the URL's last part, %-decoded. */
  fileName: string;
}

export type ReadReport = { kind: 'wheels'; wheels: ReportWheel[] } | { kind: 'notAllWheels'; files: string[] };

/**
 * pip ≥ 25.3 resolves a dry run from PEP 658 metadata alone (pypa/pip#13482, "pip install --dry-run … will avoid
 * downloading the entire package", 25.3 release notes 2025-10-24); older pips download every wheel during the dry run,
 * so reading the report first would fetch each file twice.
 */
export function pipReportsWithoutDownload(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  return major > 25 || (major === 25 && minor >= 3);
}

interface RawReportItem {
  download_info?: { url?: unknown; archive_info?: { hash?: unknown; hashes?: Record<string, unknown> } };
  metadata?: { name?: unknown; version?: unknown };
}

function wheelFileName(url: URL): string | null {
  let name: string;
  try {
    name = decodeURIComponent(path.posix.basename(url.pathname));
  } catch {
    return null;
  }
  // A name that is not a plain wheel file name could not be linked under its own name (or would leave the folder).
  return /^[A-Za-z0-9_.+!-]+\.whl$/.test(name) && !name.startsWith('.') ? name : null;
}

/**
 * The wheels of a report, or the files that are not an https/http wheel with a published sha256 (an sdist to build,
 * a VCS or local path): then pip keeps downloading them itself, as before.
 */
export function readPipReport(text: string): ReadReport {
  const report = JSON.parse(text) as { install?: RawReportItem[] };
  const wheels: ReportWheel[] = [];
  const others: string[] = [];
  for (const item of report.install ?? []) {
    const rawUrl = typeof item.download_info?.url === 'string' ? item.download_info.url : '';
    const archive = item.download_info?.archive_info;
    const fromHashes = archive?.hashes?.sha256;
    const fromHash = typeof archive?.hash === 'string' && archive.hash.startsWith('sha256=') ? archive.hash.slice(7) : undefined;
    const sha256 = String(fromHashes ?? fromHash ?? '').toLowerCase();
    let url: URL | null = null;
    try {
      url = new URL(rawUrl);
    } catch {
      url = null;
    }
    const fileName = url && /^https?:$/.test(url.protocol) ? wheelFileName(url) : null;
    const name = String(item.metadata?.name ?? '');
    if (!url || !fileName || !SHA256_PATTERN.test(sha256)) {
      others.push(fileName ?? (rawUrl || name || '?'));
      continue;
    }
    url.hash = '';
    wheels.push({ name, version: String(item.metadata?.version ?? ''), url: url.toString(), sha256, fileName });
  }
  return others.length ? { kind: 'notAllWheels', files: others } : { kind: 'wheels', wheels };
}
