import { describe, expect, it } from 'vitest';
import { diagnosedText } from '../../testkit/renderer/diagnosedText.js';
import { screenOf } from '../../testkit/renderer/queries.js';
import { renderScreen, visibleText } from '../../testkit/renderer/renderScreen.js';
import { initialWizardState } from '../wizard/wizardState.js';
import { TroubleshootScreen } from './TroubleshootScreen.js';

// An NCCL line cut off before its reason: no family matches it in full, NCCL_FAILED comes closest (no sentence says
// "NCCL … error" in words, and two lines are too few for any family's reports to stand out: nothing is named by likeness).
const CUT_OFF = ['[rank0]: Loading libfoo.so.2 built for sm_90 with CUDA 12.4', 'ncclCommInitRank failed: ...'].join('\n');

function render(locale: 'en' | 'zh-CN') {
  const value = diagnosedText(CUT_OFF, locale);
  const html = renderScreen(<TroubleshootScreen state={{ ...initialWizardState, diagnose: { status: 'ready', value } }} dispatch={() => undefined} />, locale);
  return { value, html, text: visibleText(html) };
}

describe('Troubleshoot: an error no known family matches (issue 31, item 4)', () => {
  it('the engine answers with no diagnosis, what it read and the closest family', () => {
    const { value } = render('en');
    expect(value.diagnoses).toEqual([]);
    expect(value.unmatched?.extracted).toEqual(expect.arrayContaining(['libfoo.so.2', 'sm_90', 'CUDA 12.4']));
    expect(value.unmatched?.closest[0]?.code).toBe('NCCL_FAILED');
  });

  it('English: says it did not recognise the error, lists what it read, the closest problem by its title, and a way on', () => {
    const { html, text } = render('en');
    const screen = screenOf(html);
    expect(screen.getByRole('heading', { name: 'DL Setup did not recognise this error' })).toBeTruthy();
    expect(text).toContain('Read from the text libfoo.so.2 sm_90 CUDA 12.4');
    // The title first, its code only in its bracket after it, then the words the text holds.
    expect(text).toContain('Closest known problems');
    expect(text).toContain('NCCL, the library that connects the GPUs, failed [NCCL_FAILED] The text has: ncclcomminitrank failed:');
    expect(text).toContain('Paste the whole output, from the command you ran to its very last lines');
    expect(text).toContain('If one of the problems above sounds like yours');
  });

  it('Simplified Chinese: the same panel in Chinese, with the title in Chinese', () => {
    const { html, text } = render('zh-CN');
    expect(screenOf(html).getByRole('heading', { name: 'DL Setup 没有认出这个报错' })).toBeTruthy();
    expect(text).toContain('从文字中读到 libfoo.so.2 sm_90 CUDA 12.4');
    expect(text).toContain('最接近的已知问题');
    expect(text).toContain('连接多块 GPU 的通信库 NCCL 出错了 [NCCL_FAILED] 文字里有： ncclcomminitrank failed:');
    expect(text).toContain('请粘贴完整的输出');
    expect(text).not.toContain('DL Setup did not recognise');
  });

  it('a recognised error shows no such panel', () => {
    const value = diagnosedText('RuntimeError: CUDA error: no kernel image is available for execution on the device');
    expect(value.diagnoses.length).toBeGreaterThan(0);
    const html = renderScreen(<TroubleshootScreen state={{ ...initialWizardState, diagnose: { status: 'ready', value } }} dispatch={() => undefined} />);
    expect(screenOf(html).getAllByTestId('diagnosis-unmatched')).toEqual([]);
    expect(visibleText(html)).not.toContain('did not recognise');
  });
});
