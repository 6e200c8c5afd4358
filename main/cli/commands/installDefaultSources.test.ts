import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { torchWheelsPlan } from '../../../testkit/install/testPlan.js';
import { loopbackServers } from '../../../testkit/network/loopbackServers.js';
import { delayedPipIndex, overlayMirrorIndexes, refusedBase } from '../../../testkit/network/mirrorIndexes.js';
import { main } from '../main.js';
import { captureIo } from '../testIo.js';

// `dlsetup install` in Chinese with no source named (issue 17): the mirror measured fastest is used and said.
const servers = loopbackServers();
const savedDataDir = process.env.DLSETUP_DATA_DIR;
let tmp: string;
let planFile: string;

function mirrorsAt(name: string, bases: Record<string, string>): void {
  process.env.DLSETUP_DATA_DIR = overlayMirrorIndexes(path.join(tmp, name), bases);
}

async function dryRun(...flags: string[]) {
  const io = captureIo();
  const code = await main(['install', '--plan', planFile, '--dry-run', ...flags], io);
  const stdout = io.stdout();
  return { code, pip: stdout.split('\n').find((line) => line.includes('-m pip install')) ?? '', stderr: io.stderr() };
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-cli-default-sources-'));
  planFile = path.join(tmp, 'plan.json');
  writeFileSync(planFile, JSON.stringify(torchWheelsPlan()));
});
afterEach(() => {
  if (savedDataDir === undefined) delete process.env.DLSETUP_DATA_DIR;
  else process.env.DLSETUP_DATA_DIR = savedDataDir;
});
afterAll(async () => {
  await servers.closeAll();
  rmSync(tmp, { recursive: true, force: true });
});

describe('dlsetup install: the default package source by language', () => {
  it('in Chinese, pip gets the mirror whose index answered first, and the line says so with every figure', async () => {
    const tuna = await servers.listen(delayedPipIndex(5), '127.0.0.1');
    mirrorsAt('fastest', { tuna, aliyun: await servers.listen(delayedPipIndex(400), '127.0.0.1'), ustc: await servers.listen(delayedPipIndex(400), '127.0.0.1'), sjtu: await refusedBase() });
    const { code, pip, stderr } = await dryRun('--lang', 'zh-CN');
    expect(code).toBe(0);
    expect(stderr).toMatch(
      /^软件包来源：清华大学 TUNA 镜像，测得的 4 个镜像中最快（清华大学 TUNA 镜像 \d+ 毫秒，阿里云镜像 \d+ 毫秒，中国科学技术大学 USTC 镜像 \d+ 毫秒，上海交通大学 SJTUG 镜像 无响应）。改用其他来源：--pypi-mirror official\|tuna\|aliyun\|ustc\nPyTorch 的 CUDA 版本仍从 download\.pytorch\.org 下载：清华大学 TUNA 镜像不提供这些安装包。\n/,
    );
    // TUNA has no PyTorch CUDA builds: PyTorch's own index stays first, the mirror serves the rest of PyPI.
    expect(pip).toContain(`--index-url https://download.pytorch.org/whl/cu124 --extra-index-url ${tuna}/simple`);
  });

  it('in Chinese, a named source (--pypi-mirror official included) is kept, unmeasured', async () => {
    mirrorsAt('named', { tuna: await servers.listen(delayedPipIndex(5), '127.0.0.1') });
    const official = await dryRun('--lang', 'zh-CN', '--pypi-mirror', 'official');
    expect(official.stderr).not.toContain('软件包来源');
    expect(official.pip).toContain('--index-url https://download.pytorch.org/whl/cu124');
    expect(official.pip).not.toContain('--extra-index-url');
  });

  it('in English, the official index stays the default', async () => {
    mirrorsAt('english', { tuna: await servers.listen(delayedPipIndex(5), '127.0.0.1') });
    const { stderr, pip } = await dryRun('--lang', 'en');
    expect(stderr).not.toContain('Package source');
    expect(pip).toContain('--index-url https://download.pytorch.org/whl/cu124');
    expect(pip).not.toContain('--extra-index-url');
  });

  it('in Chinese with no mirror answering, the official index, and why', async () => {
    mirrorsAt('none', { tuna: await refusedBase(), aliyun: await refusedBase(), ustc: await refusedBase(), sjtu: await refusedBase() });
    const { code, stderr, pip } = await dryRun('--lang', 'zh-CN');
    expect(code).toBe(0);
    expect(stderr).toContain('软件包来源：官方 PyPI；测得的 4 个镜像都没有在 3 秒内响应（清华大学 TUNA 镜像 无响应，阿里云镜像 无响应，中国科学技术大学 USTC 镜像 无响应，上海交通大学 SJTUG 镜像 无响应）。\n');
    expect(pip).not.toContain('--extra-index-url');
  });
});
