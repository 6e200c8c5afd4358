// Detection figures: `dlsetup detect --json` on this machine and on a simulated 8-GPU host (fake nvidia-smi printing a real
// 8x V100S capture), against PyTorch's own environment report (`python3 -m torch.utils.collect_env`) in the same run.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureSideBySide } from './measure.mjs';
import { loadTestkit } from './testkit.mjs';

export const title = 'Detect: dlsetup detect --json vs torch collect_env';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PYTHON = '/usr/bin/python3';
const RUNS = 3;
// Ours is cheap to repeat: three runs of each of ours around every peer run steady the medians.
const OUR_RUNS_PER_PEER = 3;

/** The CLI when the lead's entry exists, else the compiled detectHardware in a child node. */
function detectArgv() {
  const cli = path.join(root, 'bin', 'dlsetup.js');
  if (existsSync(cli)) return [process.execPath, cli, 'detect', '--json'];
  const module = pathToFileURL(path.join(root, 'dist', 'main', 'detect', 'detectHardware.js')).href;
  return [process.execPath, '-e', `import(${JSON.stringify(module)}).then(async (m) => process.stdout.write(JSON.stringify(await m.detectHardware())))`];
}

function pciDevice(slot) {
  const dir = `/sys/bus/pci/devices/${slot}`;
  return { [`${dir}/class`]: '0x030200\n', [`${dir}/vendor`]: '0x10de\n', [`${dir}/device`]: '0x1df6\n' };
}

export async function run() {
  const { createSimulatedHost } = await loadTestkit('simulatedHost.ts');
  const argv = detectArgv();
  const host = await createSimulatedHost({
    files: Object.assign({}, ...['06', '07', '08', '09', '0a', '0b', '0c', '0d'].map((slot) => pciDevice(`0000:00:${slot}.0`))),
    tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-table/v100s-pcie-32gb_x8_driver535.171.04.txt' } } },
    systemTools: ['python3'],
    isolatePath: true,
  });
  let real;
  let simulated;
  let peer;
  try {
    ({ ours: [real, simulated], peer } = measureSideBySide(
      [{ argv }, { argv, env: { ...process.env, ...host.env } }],
      existsSync(PYTHON) ? [PYTHON, '-m', 'torch.utils.collect_env'] : null,
      { peerRuns: RUNS, oursPerPeer: OUR_RUNS_PER_PEER },
    ));
  } finally {
    await host.cleanup();
  }
  const peerName = 'torch collect_env';
  // Two loaded cores change every figure here: say how loaded the machine was.
  const load = `load avg ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`;
  return [
    { name: 'detect --json, this machine (wall)', ours: real.ms, peer: peer.ms, peerName, unit: 'ms', note: `issue target: >= 10x faster; ${load}` },
    { name: 'detect --json, this machine (peak RSS)', ours: real.peakRssMiB, peer: peer.peakRssMiB, peerName, unit: 'MiB' },
    { name: 'detect --json, simulated 8x V100S (wall)', ours: simulated.ms, peer: peer.ms, peerName, unit: 'ms', note: `peer runs on this machine (it cannot be simulated); ${load}` },
    { name: 'detect --json, simulated 8x V100S (peak RSS)', ours: simulated.peakRssMiB, peer: peer.peakRssMiB, peerName, unit: 'MiB' },
  ];
}
