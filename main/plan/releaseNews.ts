/*
 * Releases on the package index that DL Setup's data does not describe yet (issue 32): `dlsetup data check` lists them,
 * so the data is brought up to date when a framework ships, not when a student finds out. Asked once per framework,
 * bounded in time, cached like every index page.
 */
import type { CompatData } from '../../shared/plan/compatData.js';
import { frameworkBuilds } from '../../shared/plan/frameworkBuilds.js';
import { FRAMEWORK_IDS, FRAMEWORK_SPECS, type Framework } from '../../shared/frameworks/registry.js';
import { comparePep440, parsePep440 } from '../../shared/versions/pep440.js';
import { withoutUserinfo } from '../../shared/text/urlUserinfo.js';
import { defaultIndexCacheDir } from '../index/indexCache.js';
import { IndexError } from '../index/indexErrors.js';
import { IndexSession } from '../index/indexSession.js';
import { fetchProjectPage } from '../index/simpleIndex.js';
import { parseDistFilename } from '../index/wheelName.js';
import { DEFAULT_INDEX } from './indexCheck.js';

export interface FrameworkNews {
  framework: Framework;
  /** The newest release the data describes. */
  known: string;
  /** Final releases on the index newer than it, newest first. */
  newer: string[];
}

export type ReleaseNews = { status: 'checked'; index: string; news: FrameworkNews[] } | { status: 'unreachable' | 'refused'; index: string; reason: string };

/** Final versions a project page offers: PEP 700's list where given, else the files' own versions. */
function finalVersions(page: { versions: string[] | null; files: { filename: string }[] }): string[] {
  const versions = page.versions ?? page.files.map((file) => parseDistFilename(file.filename)?.version ?? '');
  const finals = versions.map((version) => version.split('+')[0]!).filter((version) => {
    const parsed = parsePep440(version);
    return parsed !== null && parsed.pre === null && parsed.dev === null;
  });
  return [...new Set(finals)];
}

export async function releaseNews(data: CompatData, options: { indexUrl?: string; cacheDir?: string | null; timeBudgetMs?: number } = {}): Promise<ReleaseNews> {
  const indexUrl = options.indexUrl ?? DEFAULT_INDEX;
  const index = withoutUserinfo(indexUrl);
  const session = new IndexSession({ cacheDir: options.cacheDir === undefined ? defaultIndexCacheDir() : options.cacheDir, timeBudgetMs: options.timeBudgetMs ?? 8_000 });
  try {
    const news: FrameworkNews[] = [];
    for (const framework of FRAMEWORK_IDS) {
      const known = frameworkBuilds(data, framework, { os: 'linux', arch: 'x86_64' })[0]?.[0]?.version;
      const knownParsed = known ? parsePep440(known) : null;
      // The package PyPI carries for every platform (PaddlePaddle's GPU builds live on its own index).
      const distribution = FRAMEWORK_SPECS[framework].distributions.find((name) => !name.endsWith('-gpu'))!;
      const page = await fetchProjectPage(session, indexUrl, distribution);
      if (!page || !known || !knownParsed) continue;
      const newer = finalVersions(page)
        .filter((version) => comparePep440(parsePep440(version)!, knownParsed, true) > 0)
        .sort((a, b) => comparePep440(parsePep440(b)!, parsePep440(a)!, true));
      if (newer.length) news.push({ framework, known, newer: newer.slice(0, 10) });
    }
    return { status: 'checked', index, news };
  } catch (error) {
    if (error instanceof IndexError) return { status: error.kind, index, reason: error.reason };
    throw error;
  } finally {
    await session.close();
  }
}
