import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSchema } from '../../shared/schema/checkSchema.js';
import { planSchema } from '../../shared/schema/planSchema.js';
import { detectHardware } from '../detect/detectHardware.js';
import { DEBIAN_NVCC_WRAPPER, DEBIAN_TOOLKIT_EXECUTABLES, DEBIAN_TOOLKIT_FILES, DEBIAN_TOOLKIT_SYMLINKS } from '../../testkit/detect/debianToolkitHost.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { planForMachine } from './planForMachine.js';
import { profileFromReport } from './profileFromReport.js';

let host: SimulatedHost | undefined;
afterEach(async () => {
  await host?.cleanup();
  host = undefined;
});

describe("detect -> plan on Debian 12 with Debian's nvidia-cuda-toolkit 11.8 beside /usr/local/cuda-13.0 (RTX 3080, driver 595.58.03)", () => {
  it('the profile names Debian\'s toolkit; the system plan keeps 13.0.88, puts it first on PATH, says why, and passes the plan schema', async () => {
    host = await createSimulatedHost({
      isolatePath: true,
      files: DEBIAN_TOOLKIT_FILES,
      symlinks: { ...DEBIAN_TOOLKIT_SYMLINKS, '/usr/local/cuda': '/usr/local/cuda-13.0' },
      executables: DEBIAN_TOOLKIT_EXECUTABLES,
      // nvcc here is rewritten below as Debian's real /usr/bin/nvcc wrapper; nvidia-smi prints the real RTX 3080 capture.
      tools: { nvcc: { stdout: '' }, 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/rtx3080_driver595.58.03.xml' } } },
    });
    await writeFile(`${host.binDir}/nvcc`, DEBIAN_NVCC_WRAPPER);
    const report = await withSimulatedHost(host, () => detectHardware({ timeoutMs: 4000 }));
    expect(report.cudaToolkits.map((tk) => [tk.version, tk.path, tk.active, tk.source])).toEqual([
      ['13.0.88', '/usr/local/cuda-13.0', false, '/usr/local'],
      ['11.8.89', '/usr', true, 'Debian package nvidia-cuda-toolkit'],
    ]);
    expect(profileFromReport(report)).toMatchObject({ cudaToolkits: ['13.0.88', '11.8.89'], debianCudaToolkit: '11.8.89' });

    const plan = await planForMachine({ framework: 'pytorch', method: 'system' }, { report });
    expect(checkSchema(planSchema, plan).ok).toBe(true);
    expect(plan.cudaToolkit).toEqual({ action: 'keep', version: '13.0.88' });
    expect(plan.steps.find((step) => step.kind === 'env-vars')?.params).toMatchObject({ CUDA_HOME: '/usr/local/cuda-13.0', pathPrepend: ['/usr/local/cuda-13.0/bin'] });
    expect(plan.reasons.join('\n')).toContain("its /usr/bin/nvcc would otherwise run instead of CUDA 13.0.88's nvcc");
  });
});
