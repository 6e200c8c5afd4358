import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../transport/handlers.js';
import { dispatch } from '../transport/dispatch.js';
import { ProgressHub } from '../transport/progressHub.js';
import { diagnoseOnMachine } from './diagnoseOnMachine.js';

/** A binary paste through the Troubleshoot screen's channel, as the renderer sends it (issue 15, item 7). */
describe('diagnose:text with binary data', () => {
  const handlers = createHandlers({ transport: 'http', progress: new ProgressHub() });

  it('a 10 MB binary paste (the largest the channel takes) is answered at once with a sentence saying it is not text', async () => {
    const blob = Buffer.alloc(10_000_000, 0x9c);
    blob.write('\x7fELF\x02\x01\x01\x00', 'latin1');
    const text = blob.toString('latin1');
    const start = performance.now();
    const result = await dispatch(handlers, 'diagnose:text', { text, locale: 'en' });
    expect(performance.now() - start).toBeLessThan(2_000);
    expect(result).toEqual({ ok: false, error: { code: 'INVALID_ARGUMENT', message: "This is binary data, not text: paste an error message or a tool's output.", key: 'untrustedInput:text.binary' } });
  });

  it('says it in Chinese for the Chinese UI', async () => {
    const result = await dispatch(handlers, 'diagnose:text', { text: 'PNG\r\n\x1a\n\0\0\0\rIHDR', locale: 'zh-CN' });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', message: '这是二进制数据，不是文本：请粘贴报错信息或工具的输出。' } });
  });

  it('a log with colours and a GBK line is still diagnosed', async () => {
    const result = await diagnoseOnMachine('\x1b[31mImportError: libcudart.so.11.0: cannot open shared object file: No such file or directory\x1b[0m\n\uFFFD\uFFFD\n', { useMachine: false });
    expect(result.diagnoses.map((diagnosis) => diagnosis.code)).toContain('CUDA_LIB_MISSING');
  });
});
