import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePlan } from '../../../shared/plan/resolvePlan.js';
import type { EnvironmentsReport, EnvironmentRow } from '../../../shared/types/environments.js';
import type { HardwareProfile, Plan } from '../../../shared/types/plan.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../../testkit/simulatedHost.js';
import { EIGHT_ENVIRONMENTS, environmentFiles, manyEnvironments } from '../../../testkit/verify/environments.js';
import { loadCompatData } from '../../plan/loadCompatData.js';
import { verifyAllEnvironments } from './verifyAllEnvironments.js';
import { GT1030_FILES } from '../../../testkit/verify/gt1030Host.js';

const NVIDIA_SMI = { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/gt1030_driver470.74.xml' } } };

let host: SimulatedHost;
let report: EnvironmentsReport;

beforeAll(async () => {
  host = await createSimulatedHost({ isolatePath: true, files: { ...GT1030_FILES, ...environmentFiles(EIGHT_ENVIRONMENTS) }, tools: NVIDIA_SMI });
  report = await withSimulatedHost(host, () => verifyAllEnvironments());
}, 60_000);
afterAll(() => host?.cleanup());

function row(name: string): EnvironmentRow {
  const found = report.environments.find((env) => env.name === name);
  if (!found) throw new Error(`no row ${name}: ${report.environments.map((env) => env.name).join(', ')}`);
  return found;
}

/** What the plan resolver says for exactly this build on this GPU, when told not to touch the driver. */
function resolverSays(framework: 'pytorch' | 'tensorflow' | 'jax', frameworkVersion: string, allowDriverChange: boolean): Plan {
  const profile: HardwareProfile = { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: report.gpu!.name, computeCapability: report.gpu!.computeCapability!, driverVersion: report.driver };
  return resolvePlan(loadCompatData(), profile, { framework, frameworkVersion, python: '3.11', method: 'wheels', allowDriverChange });
}

/** The driver floor the resolver states for the build it plans, when it must change the driver. */
function driverFloorOf(plan: Plan): string | undefined {
  return plan.driver.action === 'keep' ? undefined : plan.driver.minimum;
}

describe('verify --all on a GT 1030 (sm_61, driver 470.74) with eight environments', () => {
  it('finds the GPU, the driver and every environment', () => {
    expect(report.gpu).toEqual({ name: expect.stringContaining('GT 1030'), computeCapability: '6.1' });
    expect(report.driver).toBe('470.74');
    expect(report.environments.map((env) => env.name).sort()).toEqual(EIGHT_ENVIRONMENTS.map((env) => env.name).sort());
  });

  it('works: torch 2.1.2+cu118 runs on driver 470.74, as the resolver keeps the driver for that build', () => {
    const env = row('torch-cu118');
    expect(env.frameworks).toMatchObject([{ framework: 'pytorch', version: '2.1.2+cu118', variant: 'cu118', cuda: '11.8', verdict: 'works' }]);
    expect(env.frameworks[0]!.action).toBeUndefined();
    const plan = resolverSays('pytorch', '2.1.2+cu118', false);
    expect(plan.status).toBe('ok');
    expect(plan.framework.variant).toBe('cu118');
    expect(driverFloorOf(plan)).toBeUndefined();
  });

  it('needs a driver: torch 2.1.2 from PyPI is the cu121 build, and the floor is the one the resolver plans', () => {
    const env = row('torch-pypi-cu121');
    const fw = env.frameworks[0]!;
    expect(fw).toMatchObject({ variant: 'cu121', verdict: 'needsDriver' });
    expect(env.bundled).toEqual({ cudaRuntime: '12.1.105', cudnn: '8.9.2.26' });
    const plan = resolverSays('pytorch', '2.1.2+cu121', true);
    expect(plan.framework.variant).toBe('cu121');
    expect(fw.driverFloor).toBe(driverFloorOf(plan));
    expect(resolverSays('pytorch', '2.1.2+cu121', false).blockers.map((b) => b.code)).toEqual(['DRIVER_CHANGE_REFUSED']);
    expect(fw.action).toEqual({ request: { framework: 'pytorch', python: '3.11', frameworkVersion: '2.1.2+cu121' }, environment: env.path });
    // The same kind for TensorFlow [and-cuda] and JAX's CUDA 12 plugin, each with the resolver's floor.
    const tf = row('tf-and-cuda').frameworks[0]!;
    expect(tf).toMatchObject({ framework: 'tensorflow', variant: 'cuda12', verdict: 'needsDriver' });
    expect(tf.driverFloor).toBe(driverFloorOf(resolverSays('tensorflow', '2.16.1+cuda12', true)));
    const jax = row('jax-cuda12').frameworks[0]!;
    expect(jax).toMatchObject({ framework: 'jax', distribution: 'jax-cuda12-plugin', variant: 'cuda12', verdict: 'needsDriver' });
    expect(jax.driverFloor).toBe(driverFloorOf(resolverSays('jax', '0.4.30+cuda12', true)));
  });

  it('no kernels: torch 2.8.0+cu128 has no sm_61 code, and the resolver refuses that build with NO_KERNELS_FOR_GPU', () => {
    const fw = row('llm-train').frameworks[0]!;
    expect(fw).toMatchObject({ variant: 'cu128', verdict: 'noKernels' });
    expect(fw.detail).not.toContain('6.1');
    expect(resolverSays('pytorch', '2.8.0+cu128', true).blockers.map((b) => b.code)).toEqual(['NO_KERNELS_FOR_GPU']);
    expect(fw.action?.request).toEqual({ framework: 'pytorch', python: '3.12' });
  });

  it('CPU-only: torch 2.5.1+cpu and tensorflow-cpu on a machine with an NVIDIA GPU; the resolver has a GPU build of each release', () => {
    const torchFw = row('torch-cpu').frameworks[0]!;
    expect(torchFw).toMatchObject({ variant: 'cpu', kind: 'cpu', verdict: 'cpuOnly' });
    expect(torchFw.action?.request).toEqual({ framework: 'pytorch', python: '3.11', frameworkVersion: '2.5.1' });
    const plan = resolverSays('pytorch', '2.5.1', true);
    expect(plan.status).toBe('ok');
    expect(plan.framework.variant).toMatch(/^cu/);
    expect(row('tf-cpu').frameworks[0]).toMatchObject({ framework: 'tensorflow', distribution: 'tensorflow-cpu', verdict: 'cpuOnly' });
  });

  it('broken: RECORD lists torch/lib/libtorch_cuda.so and it is gone; the action reinstalls the same version, which the resolver can plan', () => {
    const fw = row('broken-torch').frameworks[0]!;
    expect(fw).toMatchObject({ verdict: 'broken', detail: 'torch/lib/libtorch_cuda.so' });
    expect(fw.action?.request).toEqual({ framework: 'pytorch', python: '3.10', frameworkVersion: '2.3.1' });
    expect(resolverSays('pytorch', '2.3.1', true).status).toBe('ok');
    expect(row('broken-torch').verdict).toBe('broken');
  });

  it('a METADATA that is gone is a broken install, not a missing framework', async () => {
    const extra = createSimulatedHost({ isolatePath: true, files: { ...GT1030_FILES, ...environmentFiles([{ name: 'half-removed', python: '3.11.9', dists: [{ name: 'torch', version: '2.1.2+cu118', noMetadata: true, files: ['torch/__init__.py'] }] }]) }, tools: NVIDIA_SMI });
    const other = await extra;
    try {
      const result = await withSimulatedHost(other, () => verifyAllEnvironments());
      expect(result.environments[0]).toMatchObject({ name: 'half-removed', verdict: 'broken', frameworks: [{ version: '2.1.2+cu118', detail: expect.stringContaining('METADATA') }] });
    } finally {
      await other.cleanup();
    }
  });
});

describe('twenty environments', () => {
  it('answers in under a second without starting an interpreter', async () => {
    const many = await createSimulatedHost({ isolatePath: true, files: { ...GT1030_FILES, ...environmentFiles(manyEnvironments(20)) }, tools: NVIDIA_SMI });
    try {
      await withSimulatedHost(many, () => verifyAllEnvironments());
      const started = performance.now();
      const result = await withSimulatedHost(many, () => verifyAllEnvironments());
      const ms = performance.now() - started;
      console.log(`verify --all over ${result.environments.length} environments: ${Math.round(ms)} ms`);
      expect(result.environments).toHaveLength(20);
      expect(ms).toBeLessThan(1000);
    } finally {
      await many.cleanup();
    }
  }, 60_000);
});

describe('dlsetup verify --all', () => {
  it('prints one row per environment and framework, in English and Chinese, and --json; exits 1 when one does not work', async () => {
    const { verifyCommand } = await import('../../cli/commands/verifyCommand.js');
    const { captureIo } = await import('../../cli/testIo.js');
    const run = async (flags: Record<string, unknown>) => {
      const io = captureIo();
      const code = await withSimulatedHost(host, () => verifyCommand.run({ flags, positionals: [] } as never, io));
      return { code, out: io.stdout() };
    };
    const en = await run({ all: true, lang: 'en' });
    expect(en.code).toBe(1);
    expect(en.out).toContain('GPU: NVIDIA GeForce GT 1030 (compute capability 6.1), driver 470.74');
    expect(en.out).toMatch(/torch-pypi-cu121 +3\.11\.9 +PyTorch +2\.1\.2 +needs driver ≥ 525\.60\.13 +plan: keep PyTorch 2\.1\.2\+cu121, update the driver/);
    expect(en.out).toMatch(/llm-train .*no kernels for this GPU/);
    expect(en.out).toMatch(/broken-torch .*broken install +plan: reinstall PyTorch 2\.3\.1/);
    const zh = await run({ all: true, lang: 'zh-CN' });
    expect(zh.out).toContain('这台电脑上的所有环境');
    expect(zh.out).toMatch(/torch-cpu .*仅 CPU 构建 +方案：PyTorch 2\.5\.1 的 GPU 构建/);
    const json = JSON.parse((await run({ all: true, json: true })).out) as EnvironmentsReport;
    expect(json.environments).toHaveLength(8);
  });
});
