import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentsReport, EnvironmentRow } from '../../../shared/types/environments.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../../testkit/simulatedHost.js';
import { environmentFiles, nvidiaWheel, type SimulatedEnvironment } from '../../../testkit/verify/environments.js';
import { GT1030_FILES } from '../../../testkit/verify/gt1030Host.js';
import { verifyAllEnvironments } from './verifyAllEnvironments.js';

// PaddlePaddle in `verify --all` (issue 29 item 2), on the GT 1030 host (Pascal sm_61, driver 470.74). Expected from
// data/ before running: paddlepaddle is the CPU build; paddlepaddle-gpu 3.2.0 with NVIDIA's CUDA 12 runtime wheel is the
// cu126 build, whose code list (6.0, 7.0, 8.0, 9.0) runs on 6.1 but whose CUDA 12 needs driver 525.60.13 or newer
// (data/cuda-toolkits.json minor-version compatibility); a plain paddlepaddle-gpu 2.6.2 is PyPI's CUDA 11.8 build, which
// links a system CUDA 11.8 whose own floor is 520.61.05 (CUDA 11.8 GA, Table 3).
const PADDLE_ENVIRONMENTS: SimulatedEnvironment[] = [
  { name: 'paddle-cpu', python: '3.11.9', dists: [{ name: 'paddlepaddle', version: '3.2.0', requiresPython: '>=3.9', files: ['paddle/__init__.py'] }] },
  {
    name: 'paddle-cu126',
    python: '3.11.9',
    dists: [{ name: 'paddlepaddle-gpu', version: '3.2.0', requiresPython: '>=3.9', files: ['paddle/__init__.py'] }, nvidiaWheel('nvidia-cuda-runtime-cu12', '12.6.77')],
  },
  { name: 'paddle-pypi-cu118', python: '3.10.14', dists: [{ name: 'paddlepaddle-gpu', version: '2.6.2', requiresPython: '>=3.8', files: ['paddle/__init__.py'] }] },
];

let host: SimulatedHost;
let report: EnvironmentsReport;

beforeAll(async () => {
  host = await createSimulatedHost({ isolatePath: true, files: { ...GT1030_FILES, ...environmentFiles(PADDLE_ENVIRONMENTS) }, tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/gt1030_driver470.74.xml' } } } });
  report = await withSimulatedHost(host, () => verifyAllEnvironments());
}, 60_000);
afterAll(() => host?.cleanup());

const row = (name: string): EnvironmentRow => report.environments.find((env) => env.name === name)!;

describe('verify --all with PaddlePaddle environments on a GT 1030 (driver 470.74)', () => {
  it('paddlepaddle is the CPU build: it will not use the NVIDIA GPU', () => {
    expect(row('paddle-cpu').frameworks).toMatchObject([{ framework: 'paddlepaddle', version: '3.2.0', variant: 'cpu', verdict: 'cpuOnly' }]);
  });

  it('paddlepaddle-gpu 3.2.0 with the CUDA 12 runtime wheel is cu126: code for 6.1, but CUDA 12 needs a newer driver', () => {
    expect(row('paddle-cu126').frameworks).toMatchObject([{ framework: 'paddlepaddle', variant: 'cu126', cuda: '12.6', verdict: 'needsDriver', driverFloor: '525.60.13' }]);
  });

  it('a plain paddlepaddle-gpu 2.6.2 is the CUDA 11.8 build linked against a system CUDA 11.8 (floor 520.61.05)', () => {
    expect(row('paddle-pypi-cu118').frameworks).toMatchObject([{ framework: 'paddlepaddle', variant: 'cu118', cuda: '11.8', verdict: 'needsDriver', driverFloor: '520.61.05' }]);
  });
});
