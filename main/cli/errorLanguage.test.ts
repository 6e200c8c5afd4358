import { describe, expect, it, vi } from 'vitest';
import { main } from './main.js';
import { captureIo, pinLocaleEnv } from './testIo.js';

// A refusal thrown deep in the engine (applyProfileOverrides) carries its code, catalog key and params to the CLI.
describe('an engine error reaches the CLI in the reader language, with its code', () => {
  it('in Chinese under --lang zh-CN', async () => {
    pinLocaleEnv(vi.stubEnv, 'C');
    const io = captureIo();
    expect(await main(['plan', '--framework', 'pytorch', '--gpu', 'NoSuchGpu 9000', '--lang', 'zh-CN'], io)).toBe(1);
    expect(io.stderr().split('\n')[0]).toBe('dlsetup plan: DL Setup 不认识名为“NoSuchGpu 9000”的 GPU。请改为给出它的计算能力，例如 --compute-capability 8.6。 [INVALID_ARGUMENT]');
  });

  it('in English otherwise, and --json carries code, English message, key and params', async () => {
    pinLocaleEnv(vi.stubEnv, 'C');
    const io = captureIo();
    expect(await main(['plan', '--framework', 'pytorch', '--gpu', 'NoSuchGpu 9000'], io)).toBe(1);
    expect(io.stderr().split('\n')[0]).toBe('dlsetup plan: DL Setup does not know a GPU called "NoSuchGpu 9000". Give its compute capability instead, e.g. --compute-capability 8.6. [INVALID_ARGUMENT]');
    const json = captureIo();
    await main(['plan', '--framework', 'pytorch', '--gpu', 'NoSuchGpu 9000', '--json'], json);
    expect(JSON.parse(json.stdout()).error).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'DL Setup does not know a GPU called "NoSuchGpu 9000". Give its compute capability instead, e.g. --compute-capability 8.6.',
      key: 'errors:plan.unknownGpu',
      params: { gpu: 'NoSuchGpu 9000' },
    });
  });
});
