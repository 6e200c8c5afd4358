import { describe, expect, it } from 'vitest';
import { toAppError, type DlsetupError } from '../errors.js';
import { envFileLine } from '../quote/envFile.js';
import { errorText } from '../errorText.js';
import { errorIn, sayError } from './sayError.js';

describe('errors that carry {code, key, params}', () => {
  const thrown = errorText.error('TIMEOUT', 'command.timedOut', { file: 'nvidia-smi', seconds: 15 });

  it('keep the English sentence as the message and cross a transport as a plain value', () => {
    expect(thrown.message).toBe('"nvidia-smi" did not finish within 15 s.');
    expect(JSON.parse(JSON.stringify(toAppError(thrown)))).toEqual({
      code: 'TIMEOUT',
      message: '"nvidia-smi" did not finish within 15 s.',
      key: 'errors:command.timedOut',
      params: { file: 'nvidia-smi', seconds: 15 },
    });
  });

  it('are said again in the reader language from key and params', () => {
    expect(sayError(toAppError(thrown), 'zh-CN')).toBe('“nvidia-smi”未能在 15 秒内完成。');
    expect(sayError(toAppError(thrown), 'en')).toBe('"nvidia-smi" did not finish within 15 s.');
  });

  it('fall back to the message for a key this version does not know, and drop params that are not text or numbers', () => {
    expect(sayError({ message: 'From a newer engine.', key: 'errors:no.such.key' }, 'zh-CN')).toBe('From a newer engine.');
    expect(sayError({ message: 'Elsewhere.', key: 'wizard:app.title' }, 'zh-CN')).toBe('Elsewhere.');
    expect(sayError({ message: 'x', key: 'errors:command.notFound', params: { file: { toString: () => 'evil' } } as never }, 'en')).toBe('"{{file}}" is not installed or not on PATH.');
  });
});

describe('refusals of values that cannot go into generated files', () => {
  it('carry a key, so the reader sees them in Chinese', () => {
    let thrown: unknown;
    try {
      envFileLine('CUDA_HOME', '/opt/cuda 12');
    } catch (error) {
      thrown = error;
    }
    const appError = toAppError(thrown);
    expect(appError).toMatchObject({ code: 'INVALID_ARGUMENT', key: 'errors:quote.envValue', params: { name: 'CUDA_HOME', value: '"/opt/cuda 12"' } });
    expect(appError.message).toBe('The value of CUDA_HOME, "/opt/cuda 12", cannot go into an environment file: only letters, digits and _ @ % + = : , . / - are read the same everywhere.');
    expect(sayError(appError, 'zh-CN')).toBe('CUDA_HOME 的值 "/opt/cuda 12" 不能写入环境文件：只有字母、数字和 _ @ % + = : , . / - 在各处读法一致。');
  });

  it('errorIn says a keyed error again in the reader language, keeping its code, key and params', () => {
    const english = errorText.error('INVALID_ARGUMENT', 'quote.nulArgument');
    const chinese = errorIn(english, 'zh-CN') as DlsetupError;
    expect([chinese.code, chinese.key, chinese.message]).toEqual(['INVALID_ARGUMENT', 'errors:quote.nulArgument', '某个命令行参数含有 NUL 字符。']);
    const plain = new Error('no key');
    expect(errorIn(plain, 'zh-CN')).toBe(plain);
  });
});
