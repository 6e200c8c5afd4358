import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIo } from '../testIo.js';
import { fixturePath } from '../../testing/fixturePath.js';

describe('dlsetup diagnose', () => {
  it('explains a real libcudart load failure with its code and a fix', async () => {
    const io = captureIo();
    const code = await main(['diagnose', fixturePath('error-logs', 'tf_dso_loader_libcudart.so.11.0_not_found.txt'), '--json', '--no-machine'], io);
    expect(code).toBe(0);
    const result = JSON.parse(io.stdout());
    expect(result.diagnoses.map((d: { code: string }) => d.code)).toContain('CUDA_LIB_MISSING');
    expect(result.diagnoses[0].fixes.length).toBeGreaterThan(0);
  });

  it('answers in Simplified Chinese when asked', async () => {
    const io = captureIo();
    await main(['diagnose', fixturePath('error-logs', 'torch_not_compiled_with_cuda_tail.txt'), '--lang', 'zh-CN', '--no-machine'], io);
    expect(io.stdout()).toMatch(/[\u4e00-\u9fff]/);
  });

  it('says clearly when the file does not exist', async () => {
    const io = captureIo();
    expect(await main(['diagnose', '/no/such/log.txt'], io)).toBe(1);
    expect(io.stderr()).toBe('dlsetup diagnose: Cannot read "/no/such/log.txt": no such file. [NOT_FOUND]\n');
  });
});
