// verify --all (issue 20): `dlsetup verify --all --json` over 20 environments on a simulated host (dist-info metadata
// of eight builds, GT 1030 on driver 470.74), against what a user would run otherwise: `python -c "import torch"` in
// each environment. This machine has one real torch (Debian's python3-torch), so the peer imports it 20 times.
// One peer run (20 imports, ~40 s on 2 loaded cores) between 3 of ours: 3 peer runs took the row past 400 s.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureSideBySide } from './measure.mjs';
import { loadTestkit } from './testkit.mjs';

export const title = 'verify --all over 20 environments vs python -c "import torch" in each';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PYTHON = '/usr/bin/python3';
const ENVIRONMENTS = 20;

export async function run() {
  const cli = path.join(root, 'bin', 'dlsetup.js');
  if (!existsSync(path.join(root, 'dist', 'cli', 'main.js'))) throw new Error('run `node scripts/build.mjs` first (the bench runs the built CLI)');
  const { createSimulatedHost } = await loadTestkit('simulatedHost.ts');
  const { environmentFiles, manyEnvironments } = await loadTestkit('verify/environments.ts');
  const gpu = '/sys/bus/pci/devices/0000:2d:00.0';
  const host = await createSimulatedHost({
    isolatePath: true,
    files: { [`${gpu}/class`]: '0x030000\n', [`${gpu}/vendor`]: '0x10de\n', [`${gpu}/device`]: '0x1d01\n', ...environmentFiles(manyEnvironments(ENVIRONMENTS)) },
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/gt1030_driver470.74.xml' } } },
  });
  const peerLoop = `for i in $(seq ${ENVIRONMENTS}); do ${PYTHON} -c 'import torch' || exit 1; done`;
  let ours;
  let peer;
  try {
    ({ ours: [ours], peer } = measureSideBySide([{ argv: [process.execPath, cli, 'verify', '--all', '--json'], env: { ...process.env, ...host.env } }], ['sh', '-c', peerLoop], { peerRuns: 1, oursPerPeer: 3 }));
  } finally {
    await host.cleanup();
  }
  const load = `load avg ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`;
  return [
    { name: `verify --all --json, ${ENVIRONMENTS} simulated environments (wall, whole CLI process)`, ours: ours.ms, peer: peer.ms, peerName: `${ENVIRONMENTS}x import torch (Debian)`, unit: 'ms', note: `issue target: < 1000 ms; 1 peer run of ${ENVIRONMENTS} imports, median of 3 of ours; ${load}` },
  ];
}
