import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { torchWheelsPlan } from '../../../testkit/install/testPlan.js';
import { main } from '../main.js';
import { captureIo } from '../testIo.js';

// `dlsetup install` on a server: where the environment goes and which mirror pip uses, as the wizard's Choose screen offers.
let tmp: string;
let planFile: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-cli-sources-'));
  planFile = path.join(tmp, 'plan.json');
  writeFileSync(planFile, JSON.stringify(torchWheelsPlan()));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function dryRun(...flags: string[]) {
  const io = captureIo();
  const code = await main(['install', '--plan', planFile, '--dry-run', '--lang', 'en', ...flags], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('dlsetup install --env / --pypi-mirror / --pytorch-mirror / --proxy', () => {
  it('puts the environment where asked and sends pip to the chosen mirrors through the proxy', async () => {
    const env = path.join(tmp, 'envs', 'torch');
    const { code, stdout } = await dryRun('--env', env, '--pypi-mirror', 'tuna', '--pytorch-mirror', 'aliyun', '--proxy', 'http://proxy.lab:3128');
    expect(code).toBe(0);
    expect(stdout).toContain(`-m venv ${env}`);
    const pip = stdout.split('\n').find((line) => line.includes('-m pip install')) ?? '';
    expect(pip).toContain(`${env}/bin/python -m pip install`);
    // Aliyun serves PyTorch wheels as a flat page per CUDA variant; TUNA serves the rest of PyPI.
    expect(pip).toContain('--index-url https://pypi.tuna.tsinghua.edu.cn/simple');
    expect(pip).toContain('--find-links https://mirrors.aliyun.com/pytorch-wheels/cu124/');
    // The proxy reaches pip in its environment, never on its command line (ps shows that to every user).
    expect(pip).not.toContain('--proxy');
    expect(stdout).toContain('# pip gets the proxy http://proxy.lab:3128 in its environment (PIP_PROXY), never on its command line');
    expect(pip).not.toContain('download.pytorch.org');
  });

  it('without the flags, pip uses the plan\'s own index', async () => {
    const { stdout } = await dryRun();
    expect(stdout).toContain('--index-url https://download.pytorch.org/whl/cu124');
  });

  it('refuses a mirror it does not know by name, with the names it knows (exit 2, nothing run)', async () => {
    const { code, stderr } = await dryRun('--pypi-mirror', 'tsinghua');
    expect(code).toBe(2);
    expect(stderr).toBe('dlsetup install: --pypi-mirror takes official, tuna, aliyun, ustc or an https URL, not "tsinghua" (see dlsetup install --help)\n');
  });

  it('refuses a plain-http mirror as the wizard does (credentials and downgrade stay out of pip)', async () => {
    const { code, stdout, stderr } = await dryRun('--pypi-mirror', 'http://mirror.example/simple');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/INVALID_ARGUMENT/);
    expect(stderr).toContain('pypiMirror');
  });

  it('checks the plan again after the flags: a hostile --env is refused naming its field, nothing run', async () => {
    const { code, stdout, stderr } = await dryRun('--env', '/tmp/env;touch /tmp/dlsetup-pwned');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/INVALID_ARGUMENT/);
    expect(stderr).toMatch(/plan\.steps\[\d\]\.params\.path/);
  });
});
