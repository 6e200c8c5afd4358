import { describe, expect, it } from 'vitest';
import { toAppError } from '../../shared/errors.js';
import { errorText } from '../../shared/errorText.js';
import { renderScreen, visibleText } from '../../testkit/renderer/renderScreen.js';
import { ErrorPanel } from './ErrorPanel.js';

describe('the error panel', () => {
  // As dispatch sends it: the engine's keyed error, through toAppError and JSON.
  const error = JSON.parse(JSON.stringify(toAppError(errorText.error('INVALID_ARGUMENT', 'mirror.notWebAddress', { text: 'ftp.example' }))));

  it('says a keyed engine error in Chinese, with its code', () => {
    const text = visibleText(renderScreen(<ErrorPanel error={error} />, 'zh-CN'));
    expect(text).toContain('“ftp.example”不是网址。镜像地址以 https:// 或 http:// 开头。');
    expect(text).not.toContain('is not a web address');
    expect(text).toContain('INVALID_ARGUMENT');
  });

  it('says it in English in the English UI', () => {
    expect(visibleText(renderScreen(<ErrorPanel error={error} />))).toContain('"ftp.example" is not a web address. A mirror address starts with https:// or http://.');
  });

  it('an English sentence without a key is still led by its code in Chinese', () => {
    const text = visibleText(renderScreen(<ErrorPanel error={{ code: 'NETWORK', message: 'socket hang up' }} />, 'zh-CN'));
    expect(text).toContain('socket hang up');
  });
});
