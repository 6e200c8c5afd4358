import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HardwareReport } from '../../shared/types/hardware.js';
import type { DiagnoseFacts } from '../../shared/types/diagnose.js';
import { extractFacts } from '../diagnose/extractFacts.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { detectHardware } from './detectHardware.js';

// Issue 3: `dlsetup detect` reports every GPU/CUDA/cuDNN fact PyTorch's own collect_env finds on the same machine.
const TORCH_PYTHON = '/usr/bin/python3';
const hasCollectEnv = existsSync('/usr/lib/python3/dist-packages/torch/utils/collect_env.py');

/** PyTorch's report, read by the same parser that reads a pasted collect_env in Diagnose. */
function collectEnv(env: NodeJS.ProcessEnv): { text: string; facts: DiagnoseFacts } {
  const run = spawnSync(TORCH_PYTHON, ['-m', 'torch.utils.collect_env'], { env, encoding: 'utf8', timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  return { text: run.stdout, facts: extractFacts(run.stdout, 'collect-env') };
}

/** Every fact collect_env could collect is in our report, with the same value. */
function expectSuperset(report: HardwareReport, facts: DiagnoseFacts): void {
  if (facts.driverVersion) expect(report.driver?.version).toBe(facts.driverVersion);
  if (facts.toolkitVersion) expect(report.cudaToolkits.map((toolkit) => toolkit.version)).toContain(facts.toolkitVersion);
  if (facts.cudnnVersion) expect(report.cudnn.map((install) => install.version)).toContain(facts.cudnnVersion);
  for (const gpu of facts.gpus ?? []) expect(report.gpus.map((ours) => ours.name)).toContain(gpu.name);
}

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

describe.runIf(hasCollectEnv)('detect reports a superset of torch collect_env', () => {
  it('on this machine: the toolkit nvcc reports, the installed torch, and the same absence of a driver', async () => {
    const { text, facts } = collectEnv(process.env);
    const report = await detectHardware();
    expectSuperset(report, facts);
    // What collect_env could not collect, we say as an absence (and explain in findings), never as a guess.
    if (/^Nvidia driver version: Could not collect$/m.test(text)) expect(report.driver).toBeNull();
    if (/^GPU models and configuration: Could not collect$/m.test(text)) expect(report.gpus.filter((gpu) => gpu.vendor === 'nvidia')).toEqual([]);
    const torch = facts.framework?.version;
    if (torch) expect(report.pythons.find((env) => env.path === TORCH_PYTHON)?.packages.torch).toMatch(new RegExp(`^${torch.replace(/\./g, '\\.')}`));
  }, 90_000);

  it('on a simulated H100 with MIG, CUDA 11.0 on PATH and cuDNN 8.9.7 in the loader cache: the same facts, plus what collect_env lacks', async () => {
    host = await createSimulatedHost({
      files: {
        '/etc/os-release': 'ID=ubuntu\nVERSION_ID="22.04"\n',
        '/sys/bus/pci/devices/0000:00:09.0/class': '0x030200\n',
        '/sys/bus/pci/devices/0000:00:09.0/vendor': '0x10de\n',
        '/sys/bus/pci/devices/0000:00:09.0/device': '0x2330\n',
      },
      tools: {
        // collect_env asks `nvidia-smi` for the driver and `nvidia-smi -L` for the GPUs; we ask the CSV query and the table.
        'nvidia-smi': {
          stdout: { fixture: 'nvidia-smi-table/h100-80gb-hbm3_mig_driver590.48.01.txt' },
          when: [{ args: '-L', stdout: { fixture: 'nvidia-smi-query/nvidia-smi_-L_h100_mig_4_instances_driver590.48.01.txt' } }],
        },
        nvcc: { stdout: { fixture: 'nvcc/nvcc_11.0.221.txt' } },
      },
      systemTools: ['grep', 'rev', 'cut'],
      isolatePath: true,
    });
    // ldconfig names the soname link; collect_env resolves it on this machine's disk, we resolve it inside the sysroot,
    // so the same link and file sit at the printed path in both places.
    const libDir = path.join(host.root, 'usr/lib/x86_64-linux-gnu');
    for (const dir of [libDir, path.join(host.root, libDir)]) {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'libcudnn.so.8.9.7'), '');
      await symlink('libcudnn.so.8.9.7', path.join(dir, 'libcudnn.so.8'));
    }
    const ldconfig = `#!/bin/sh\nprintf '%s\\n' '1 libs found in cache' '\tlibcudnn.so.8 (libc6,x86-64) => ${libDir}/libcudnn.so.8'\n`;
    await writeFile(path.join(host.binDir, 'ldconfig'), ldconfig, { mode: 0o755 });

    const { facts } = collectEnv({ ...process.env, ...host.env });
    expect(facts).toMatchObject({ driverVersion: '590.48.01', toolkitVersion: '11.0.221', cudnnVersion: '8.9.7', gpus: [{ name: 'NVIDIA H100 80GB HBM3' }] });
    const report = await withSimulatedHost(host, () => detectHardware({ timeoutMs: 4000 }));
    expectSuperset(report, facts);
    // Beyond collect_env: the driver's CUDA ceiling, compute capability, memory, MIG instances, and the confusion explained.
    expect(report.driver?.cudaVersion).toBe('13.1');
    expect(report.gpus[0]).toMatchObject({ computeCapability: '9.0', memoryMiB: 81559, migEnabled: true, migDevices: 4 });
    expect(report.cudaSummary?.message).toContain('supports up to CUDA 13.1 (nvidia-smi)');
  }, 90_000);
});
