import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../main.js';
import { captureIo, pinLocaleEnv } from '../testIo.js';
import { fixturePath } from '../../../testkit/fixturePath.js';

const setLocaleEnv = (lang: string) => pinLocaleEnv(vi.stubEnv, lang);

beforeEach(() => setLocaleEnv('en_US.UTF-8'));
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('dlsetup diagnose', () => {
  it("explains a real libcudart load failure (TensorFlow's loader) with its code and a fix", async () => {
    const io = captureIo();
    const code = await main(['diagnose', fixturePath('error-logs', 'tf_dso_loader_libcudart.so.11.0_not_found.txt'), '--json', '--no-machine'], io);
    expect(code).toBe(0);
    const result = JSON.parse(io.stdout());
    expect(result.diagnoses.map((d: { code: string }) => d.code)).toContain('TF_CUDA_LIBS_NOT_FOUND');
    expect(result.diagnoses[0].fixes.length).toBeGreaterThan(0);
  });

  it('answers in Simplified Chinese when asked', async () => {
    const io = captureIo();
    await main(['diagnose', fixturePath('error-logs', 'torch_not_compiled_with_cuda_tail.txt'), '--lang', 'zh-CN', '--no-machine'], io);
    expect(io.stdout()).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers in the language of LANG without --lang, and in English when --lang en says so', async () => {
    const log = fixturePath('error-logs', 'torch_not_compiled_with_cuda_tail.txt');
    setLocaleEnv('zh_CN.UTF-8');
    const chinese = captureIo();
    await main(['diagnose', log, '--no-machine'], chinese);
    expect(chinese.stdout()).toMatch(/^识别为: /);
    const english = captureIo();
    await main(['diagnose', log, '--no-machine', '--lang', 'en'], english);
    expect(english.stdout()).toMatch(/^Recognised: /);
    expect(english.stdout()).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('says clearly when the file does not exist', async () => {
    const io = captureIo();
    expect(await main(['diagnose', '/no/such/log.txt'], io)).toBe(1);
    expect(io.stderr()).toBe('dlsetup diagnose: Cannot read "/no/such/log.txt": no such file. [NOT_FOUND]\n');
  });
});
