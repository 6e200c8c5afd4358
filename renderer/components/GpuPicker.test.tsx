// Issue 28: the picker offers every name --gpu takes, data/gpus.json's too (A100 40GB, GH200, GB200 are no pci.ids
// name), each with its generation in the reader's language.
import { describe, expect, it } from 'vitest';
import { screenOf } from '../../testkit/renderer/queries.js';
import { renderScreen } from '../../testkit/renderer/renderScreen.js';
import { GpuPicker } from './GpuPicker.js';

function options(language: 'en' | 'zh-CN'): Map<string, string> {
  const screen = screenOf(renderScreen(<GpuPicker picked="" onPick={() => undefined} />, language));
  const list = screen.elementsWithAttribute('value').filter((element) => element.name === 'option');
  return new Map(list.map((option) => [option.attribs.value ?? '', screen.text(option)]));
}

describe('GpuPicker lists data/gpus.json names too', () => {
  it.each([
    ['en', 'Hopper, compute capability 9.0', 'Ampere, compute capability 8.0', 'Blackwell, compute capability 10.0'],
    ['zh-CN', 'Hopper，计算能力 9.0', 'Ampere，计算能力 8.0', 'Blackwell，计算能力 10.0'],
  ] as const)('%s', (language, hopper, ampere, blackwell) => {
    const list = options(language);
    expect(list.get('GH200')).toBe(hopper);
    expect(list.get('A100 40GB')).toBe(ampere);
    expect(list.get('A100 SXM4 80GB')).toBe(ampere);
    expect(list.get('GB200')).toBe(blackwell);
    expect(list.get('Tesla V100 SXM2')).toBeDefined();
  });
});
