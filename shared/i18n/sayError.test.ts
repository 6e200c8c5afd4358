import { describe, expect, it } from 'vitest';
import { toAppError } from '../errors.js';
import { errorText } from '../errorText.js';
import { sayError } from './sayError.js';

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
