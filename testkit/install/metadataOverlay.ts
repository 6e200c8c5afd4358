import type { MirrorPreset, MirrorTable } from '../../shared/types/mirrors.js';
import { overlayDataTable } from './dataOverlay.js';

/**
 * A data/mirrors.json row for a loopback test index: the framework step takes the local-files path only for indexes
 * the table says publish PEP 658 metadata, and a loopback URL is otherwise unknown. Plans name it by URL.
 */
export function testIndexRow(indexUrl: string, served: boolean): MirrorPreset {
  return {
    id: `test-index-${Buffer.from(indexUrl).toString('hex').slice(-12)}`,
    name: 'Loopback test index',
    pypiIndexUrl: indexUrl,
    planCarriesUrl: true,
    coreMetadata: { pypi: { served, source: 'test: testkit/install/wheelIndex.ts coreMetadata option' } },
    source: 'test: the loopback index of testkit/install/wheelIndex.ts',
  };
}

/** Overlays data/mirrors.json in `dir` (DLSETUP_DATA_DIR) with these loopback indexes marked as serving metadata. */
export function markIndexesServingMetadata(dir: string, indexUrls: string[], edit: (table: MirrorTable) => void = () => undefined): void {
  overlayDataTable<MirrorTable>(dir, 'mirrors', (table) => {
    edit(table);
    table.mirrors.push(...indexUrls.map((url) => testIndexRow(url, true)));
  });
}
