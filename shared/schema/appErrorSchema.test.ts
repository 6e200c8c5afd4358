import { describe, expect, it } from 'vitest';
import { toAppError } from '../errors.js';
import { errorText } from '../errorText.js';
import { sayError } from '../i18n/sayError.js';
import { APP_ERROR_LIMITS, readAppError } from './appErrorSchema.js';

// What a renderer or the app reads from a peer: errors are checked before a screen says them.
describe('an AppError crossing IPC or HTTP', () => {
  const sent = JSON.parse(JSON.stringify(toAppError(errorText.error('TIMEOUT', 'command.timedOut', { file: 'nvidia-smi', seconds: 15 }))));

  it('passes as sent when it is well formed, and is said in the reader language', () => {
    expect(readAppError(sent)).toEqual(sent);
    expect(sayError(readAppError(sent), 'zh-CN')).toBe('“nvidia-smi”未能在 15 秒内完成。');
  });

  it('drops fields it does not know', () => {
    expect(readAppError({ ...sent, stack: 'at x' })).toEqual(sent);
  });

  it('keeps code and English message when the key or params are malformed, oversized or hostile', () => {
    const plain = { code: 'TIMEOUT', message: sent.message };
    const bad = [
      { key: 'command.timedOut' },
      { key: 'nosuchnamespace:command.timedOut' },
      { key: 'errors:../../etc' },
      { key: `errors:${'a'.repeat(APP_ERROR_LIMITS.key)}` },
      { params: { file: { toString: () => 'evil' } } },
      { params: { file: 'x'.repeat(APP_ERROR_LIMITS.paramValue + 1) } },
      { params: { 'not a name': 'x' } },
      { params: { seconds: Number.NaN } },
      { params: Object.fromEntries(Array.from({ length: APP_ERROR_LIMITS.params + 1 }, (_, i) => [`p${i}`, i])) },
    ];
    for (const change of bad) expect(readAppError({ ...sent, ...change })).toEqual(plain);
    // A key this version does not know but that is well shaped passes; sayError then falls back to the English message.
    const newer = readAppError({ ...sent, key: 'errors:from.a.newer.engine' });
    expect(sayError(newer, 'zh-CN')).toBe(sent.message);
  });

  it('becomes INTERNAL, with a bounded copy as detail, when code or message are not an error at all', () => {
    for (const input of [null, 'boom', { code: 'NO_SUCH_CODE', message: 'x' }, { code: 'TIMEOUT' }, { code: 'TIMEOUT', message: 'x'.repeat(APP_ERROR_LIMITS.message + 1) }]) {
      const read = readAppError(input);
      expect(read.code).toBe('INTERNAL');
      expect(read.key).toBeUndefined();
      expect(read.detail!.length).toBeLessThanOrEqual(2000);
    }
  });
});
