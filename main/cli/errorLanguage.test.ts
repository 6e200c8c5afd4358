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

// Usage errors (exit 2) are catalog sentences too: said in --lang's language even when the command line did not parse.
describe('a command line DL Setup cannot read is refused in the reader language', () => {
  async function refusal(argv: string[]): Promise<[number, string]> {
    pinLocaleEnv(vi.stubEnv, 'C');
    const io = captureIo();
    const code = await main(argv, io);
    return [code, io.stderr().split('\n')[0]!];
  }

  it('in Chinese under --lang zh-CN: a missing, unknown or valueless option, an extra argument, an unknown command', async () => {
    expect(await refusal(['plan', '--lang', 'zh-CN'])).toEqual([2, 'dlsetup plan: 必须给出 --framework（可选：pytorch, tensorflow, jax, paddlepaddle）（参见 dlsetup plan --help）']);
    expect(await refusal(['plan', '--frameowrk', 'pytorch', '--lang', 'zh-CN'])).toEqual([2, 'dlsetup plan: 未知选项“--frameowrk”（参见 dlsetup plan --help）']);
    expect(await refusal(['plan', '--lang=zh-CN', '--framework'])).toEqual([2, 'dlsetup plan: 选项“--framework”需要一个值（参见 dlsetup plan --help）']);
    expect(await refusal(['plan', 'extra', '--lang', 'zh-CN'])).toEqual([2, 'dlsetup plan: 多余的参数“extra”（参见 dlsetup plan --help）']);
    expect(await refusal(['plna', '--lang', 'zh-CN'])).toEqual([2, 'dlsetup: 未知命令“plna”（参见 dlsetup --help）']);
  });

  it('in Chinese from a zh_CN environment, and in English otherwise (the words scripts may match stay the same)', async () => {
    pinLocaleEnv(vi.stubEnv, 'zh_CN.UTF-8');
    const io = captureIo();
    expect(await main(['export', '--plan', 'plan.json'], io)).toBe(2);
    expect(io.stderr().split('\n')[0]).toBe('dlsetup export: 必须给出 --format（shell, ansible, dockerfile）（参见 dlsetup export --help）');
    expect(await refusal(['plan'])).toEqual([2, 'dlsetup plan: --framework is required (one of: pytorch, tensorflow, jax, paddlepaddle) (see dlsetup plan --help)']);
    expect(await refusal(['plan', '--framework', 'pytorch', '--frameowrk'])).toEqual([2, 'dlsetup plan: unknown option "--frameowrk" (see dlsetup plan --help)']);
  });
});
