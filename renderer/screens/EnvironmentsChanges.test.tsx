import { describe, expect, it } from 'vitest';
import { environmentsText } from '../../shared/environments/environmentsText.js';
import { formatChanges } from '../../shared/environments/sinceWords.js';
import type { EnvironmentRow, EnvironmentsReport } from '../../shared/types/environments.js';
import { screenOf } from '../../testkit/renderer/queries.js';
import { renderScreen, visibleText } from '../../testkit/renderer/renderScreen.js';
import { EnvironmentsChanges } from './EnvironmentsChanges.js';

const row = (name: string, verdict: EnvironmentRow['verdict'], version: string): EnvironmentRow => ({
  path: `/home/jane/miniconda3/envs/${name}/bin/python`,
  name,
  kind: 'conda',
  python: '3.12.4',
  frameworks: verdict ? [{ framework: 'pytorch', distribution: 'torch', version, variant: version.split('+')[1] ?? null, kind: 'cuda', verdict }] : [],
  bundled: {},
  verdict,
});

/** A cu128 build that needed 570.26 before the update (525 → 570) and works now; a cu118 one that worked and still does. */
const report: EnvironmentsReport = {
  gpu: { name: 'NVIDIA GeForce RTX 3090', computeCapability: '8.6' },
  driver: '570.124.04',
  environments: [row('llm-train', 'works', '2.8.0+cu128'), row('torch-cu118', 'works', '2.1.2+cu118'), row('empty', null, '')],
  durationMs: 80,
  since: {
    createdAt: '2026-12-01T09:30:00.000Z',
    driver: '525.147.05',
    changes: [{ path: '/home/jane/miniconda3/envs/llm-train/bin/python', name: 'llm-train', from: 'needsDriver', to: 'works', fromFloor: '570.26', cause: 'driver' }],
  },
};

describe('the wizard\'s "what changed since the last run" after a driver update', () => {
  for (const locale of ['en', 'zh-CN'] as const) {
    it(`says the driver change and each environment's outcome, in the CLI's words (${locale})`, () => {
      const html = renderScreen(<EnvironmentsChanges report={report} say={environmentsText(locale)} />, locale);
      const [heading, ...items] = formatChanges(report, environmentsText(locale));
      expect(visibleText(html)).toContain(heading);
      const screen = screenOf(html);
      expect(screen.getAllByRole('listitem').map((item) => screen.text(item))).toEqual(items.map((item) => item.trim()));
    });
  }

  it('names the versions and what changed, in both languages', () => {
    expect(formatChanges(report, environmentsText('en'))).toEqual([
      'The driver changed since the last run (2026-12-01 09:30): 525.147.05 → 570.124.04. What that means for each environment:',
      '  llm-train: needs driver ≥ 570.26 → works, because of the driver change',
      '  torch-cu118: works, as before (the driver change did not change this)',
    ]);
    expect(formatChanges(report, environmentsText('zh-CN'))).toEqual([
      '与上次运行（2026-12-01 09:30）相比，驱动已更换：525.147.05 → 570.124.04。对每个环境的影响：',
      '  llm-train：需要驱动 ≥ 570.26 → 可用，原因是驱动更换',
      '  torch-cu118：可用，与之前相同（驱动更换没有改变这一点）',
    ]);
  });
});
