/*
 * `dlsetup plan --distro`: a what-if fresh install of a Linux release (its default python3, without venv), planned against
 * the Pythons the release packages (data/distro-pythons.json). Ubuntu 22.04: 3.10 (main), 3.11 (universe); Debian 12: 3.11;
 * Debian 13: 3.13. JAX 0.11.0 needs Python 3.12 to 3.14 (data/jax.json).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../main.js';
import { captureIo, pinLocaleEnv } from '../testIo.js';

beforeEach(() => pinLocaleEnv(vi.stubEnv, 'en_US.UTF-8'));
afterEach(() => vi.unstubAllEnvs());

const RTX_4090 = ['--gpu', 'RTX 4090', '--driver', '580.65.06'];

async function plan(...args: string[]) {
  const io = captureIo();
  const code = await main(['plan', ...args], io);
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('dlsetup plan --distro', () => {
  it('Ubuntu 22.04 + JAX: no python3.12-venv from the distribution; a conda environment, said in English and Chinese', async () => {
    const en = await plan('--framework', 'jax', '--os', 'linux', '--distro', 'ubuntu22.04', ...RTX_4090);
    expect(en.code).toBe(0);
    expect(en.out).toContain('status: ok  method: conda');
    expect(en.out).toContain('1. Create conda environment dlsetup-jax-0.11.0 with Python 3.12');
    expect(en.out).not.toContain('-venv');
    expect(en.out).toContain(
      '- Ubuntu 22.04 packages Python 3.10, 3.11 (universe), and JAX 0.11.0 needs Python 3.12 to 3.14: no distribution Python fits, so this plan makes a conda environment, which brings its own Python.',
    );
    const zh = await plan('--framework', 'jax', '--os', 'linux', '--distro', 'ubuntu22.04', ...RTX_4090, '--lang', 'zh-CN');
    expect(zh.code).toBe(0);
    expect(zh.out).not.toContain('-venv');
    expect(zh.out).toContain(
      '- Ubuntu 22.04 打包的 Python 是 3.10、3.11（universe），而 JAX 0.11.0 需要 Python 3.12 至 3.14：没有合适的发行版 Python，因此本方案创建一个自带 Python 的 conda 环境。',
    );
  });

  it('Ubuntu 22.04 + JAX with --method wheels: blocked, with the conda way named, exit 1', async () => {
    const { code, out } = await plan('--framework', 'jax', '--distro', 'Ubuntu 22.04', '--method', 'wheels', ...RTX_4090, '--json');
    expect(code).toBe(1);
    const blocked = JSON.parse(out);
    expect(blocked.blockers[0].code).toBe('PYTHON_NOT_PACKAGED');
    expect(blocked.blockers[0].alternative).toEqual({ framework: 'jax', method: 'conda' });
  });

  it('Debian 12 + PyTorch installs python3.11-venv; Debian 13 python3.13-venv', async () => {
    const bookworm = await plan('--framework', 'pytorch', '--distro', 'debian12', ...RTX_4090);
    expect(bookworm.code).toBe(0);
    // The step's mark for root ([root]/[admin]) is another file's wording: only the sentence is asserted.
    expect(bookworm.out).toMatch(/1\. \[[^\]]+\] Install Python 3\.11's venv support from the distribution \(python3\.11-venv\)/);
    expect(bookworm.out).toContain('2. Create Python 3.11 virtual environment dlsetup-pytorch-2.14.0');
    const trixie = await plan('--framework', 'pytorch', '--distro', 'debian13', ...RTX_4090, '--lang', 'zh-CN');
    expect(trixie.out).toMatch(/1\. \[[^\]]+\] 从发行版安装 Python 3\.13 的 venv 支持（python3\.13-venv）/);
  });

  it('refuses a release it does not know, and another OS, naming what it takes', async () => {
    const unknown = await plan('--framework', 'pytorch', '--distro', 'fedora41');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain(
      'DL Setup does not know the Linux release "fedora41". Give one of: ubuntu20.04, ubuntu22.04, ubuntu24.04, debian11, debian12, debian13. [INVALID_ARGUMENT]',
    );
    const windows = await plan('--framework', 'pytorch', '--os', 'windows', '--distro', 'debian12', '--lang', 'zh-CN');
    expect(windows.code).toBe(1);
    expect(windows.err).toContain('--distro 指定的是 Linux 发行版，只能与 --os linux 一起使用，不能与 --os windows 一起使用。');
  });
});
