import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanStep } from '../../../shared/types/plan.js';
import { InstallService } from '../installService.js';
import { planStepParams } from '../planStepParams.js';
import { startFileServer, type TestFileServer } from '../../../testkit/install/fileServer.js';
import { testPlan } from '../../../testkit/install/testPlan.js';
import { publishedKeyringSha256 } from './cudaRepoStep.js';

const table = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../data/cuda-keyrings.json'), 'utf8')) as {
  keyrings: { distro: string; arch: string; version: string; sha256: string }[];
};
const published = (distro: string) => table.keyrings.find((row) => row.distro === distro && row.arch === 'x86_64' && row.version === '1.1-1')!.sha256;

const repoStep = (params: Record<string, unknown>): PlanStep => ({
  id: 'cuda-repo',
  kind: 'cuda-repo',
  title: "Add NVIDIA's CUDA repository",
  elevated: true,
  params: { os: 'linux', purpose: 'cuda-toolkit', wsl: false, ...params },
});
const paramsOf = (step: PlanStep, overrides = {}) => planStepParams(testPlan([step]), step, overrides);

describe("NVIDIA's published cuda-keyring checksums (data/cuda-keyrings.json)", () => {
  it('are looked up per distro, arch and keyring version', () => {
    expect(publishedKeyringSha256({ distro: 'ubuntu2204', arch: 'x86_64', keyringVersion: '1.1-1' })).toBe('d93190d50b98ad4699ff40f4f7af50f16a76dac3bb8da1eaaf366d47898ff8df');
    expect(publishedKeyringSha256({ distro: 'ubuntu2404', arch: 'x86_64', keyringVersion: '1.1-1' })).toBe('d2a6b11c096396d868758b86dab1823b25e14d70333f1dfa74da5ddaf6a06dba');
    expect(publishedKeyringSha256({ distro: 'debian12', arch: 'x86_64', keyringVersion: '1.1-1' })).toBe('e7f219eab6fe4819cdb5c15b98233dc3420302d9c00883219cd3d896857cf48d');
    expect(publishedKeyringSha256({ distro: 'ubuntu2204', arch: 'sbsa', keyringVersion: '1.1-1' })).toBeUndefined();
    expect(publishedKeyringSha256({ distro: 'ubuntu2204', arch: 'x86_64', keyringVersion: '1.0-1' })).toBeUndefined();
    expect(publishedKeyringSha256({ distro: '', arch: 'x86_64', keyringVersion: '1.1-1' })).toBeUndefined();
  });

  it('fill the plan step when it names its distro, without overriding the plan or the user', () => {
    expect(paramsOf(repoStep({ distro: 'ubuntu2204', arch: 'x86_64' })).keyringSha256).toBe(published('ubuntu2204'));
    expect(paramsOf(repoStep({ distro: 'debian12', arch: 'x86_64', mirror: 'https://mirror.example/cuda' })).keyringSha256).toBe(published('debian12'));
    expect(paramsOf(repoStep({ distro: 'ubuntu2204', arch: 'x86_64' }), { cudaKeyringSha256: 'a'.repeat(64) }).keyringSha256).toBe('a'.repeat(64));
    expect(paramsOf(repoStep({ distro: 'ubuntu2204', arch: 'x86_64', keyringSha256: 'b'.repeat(64) })).keyringSha256).toBe('b'.repeat(64));
  });

  it('leave the step alone where no checksum is known or the params are bad', () => {
    expect(paramsOf(repoStep({})).keyringSha256).toBeUndefined();
    expect(paramsOf(repoStep({ wsl: true })).keyringSha256).toBeUndefined();
    expect(paramsOf(repoStep({ distro: 'ubuntu2204', arch: 'sbsa' })).keyringSha256).toBeUndefined();
    expect(() => paramsOf(repoStep({ distro: 'Not A Distro; rm -rf /' }))).not.toThrow();
    expect(paramsOf(repoStep({ distro: 'Not A Distro; rm -rf /' })).keyringSha256).toBeUndefined();
  });
});

describe('the cuda-repo step on a host whose distro the plan does not name', () => {
  const saved = { ...process.env };
  let tmp: string | null = null;
  let server: TestFileServer | null = null;

  afterEach(async () => {
    process.env = { ...saved };
    await server?.close();
    server = null;
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    tmp = null;
  });

  async function runOn(osRelease: string) {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-keyring-'));
    mkdirSync(path.join(tmp, 'root', 'etc'), { recursive: true });
    writeFileSync(path.join(tmp, 'root', 'etc', 'os-release'), osRelease);
    Object.assign(process.env, { DLSETUP_SYSROOT: path.join(tmp, 'root'), DLSETUP_HOME: path.join(tmp, 'home'), DLSETUP_DOWNLOAD_RETRIES: '0' });
    // A mirror serving something that is not NVIDIA's keyring: only the published checksum can tell.
    server = await startFileServer({ '/ubuntu2404/x86_64/cuda-keyring_1.1-1_all.deb': 'not the keyring NVIDIA published\n' });
    const service = new InstallService({ elevation: 'direct' });
    const { runId } = service.start(testPlan([repoStep({ mirror: server.url, arch: 'x86_64' })]));
    return service.wait(runId);
  }

  it("checks the download against the published checksum of the host's distro", async () => {
    const status = await runOn('ID=ubuntu\nVERSION_ID="24.04"\nPRETTY_NAME="Ubuntu 24.04.1 LTS"\n');
    expect(status.state).toBe('failed');
    expect(status.error?.code).toBe('CHECKSUM_MISMATCH');
    expect(status.error?.detail).toContain(`expected ${published('ubuntu2404')}`);
    expect(server!.requests).toEqual(['/ubuntu2404/x86_64/cuda-keyring_1.1-1_all.deb']);
  });

  it('downloads nothing for a distro without a published checksum (DATA_OUT_OF_DATE)', async () => {
    const status = await runOn('ID=ubuntu\nVERSION_ID="26.04"\nPRETTY_NAME="Ubuntu 26.04 LTS"\n');
    expect(status.state).toBe('failed');
    expect(status.error?.code).toBe('DATA_OUT_OF_DATE');
    expect(status.error?.message).toContain(`${server!.url}/ubuntu2604/x86_64/cuda-keyring_1.1-1_all.deb`);
    expect(server!.requests).toEqual([]);
  });
});
