// Verification figures: quick-mode wall time of `dlsetup verify` on this machine's CPU path (Debian CPU-only PyTorch),
// against PyTorch's own environment report (`python3 -m torch.utils.collect_env`) run by the same interpreter.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureAsync, measureCommand } from './measure.mjs';

export const title = 'Verify: quick mode on the CPU path';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PYTHON = '/usr/bin/python3';

export async function run() {
  if (!existsSync(PYTHON)) throw new Error(`${PYTHON} is missing; this bench needs Debian's python3-torch.`);
  const { verify } = await import(pathToFileURL(path.join(root, 'dist', 'main', 'verify', 'verify.js')).href);
  let report = null;
  const ours = await measureAsync(async () => {
    report = await verify({ python: PYTHON, quick: true });
  }, 3);
  const peer = measureCommand([PYTHON, '-m', 'torch.utils.collect_env'], { runs: 3 });
  const cpu = report?.matmul.find((entry) => entry.device === 'cpu');
  return [
    {
      name: 'verify --quick --python /usr/bin/python3 (wall)',
      ours,
      peer: peer.ms,
      peerName: 'torch collect_env',
      unit: 'ms',
      note: `${report?.summary.passed} passed, ${report?.summary.failed} failed, ${report?.summary.skipped} skipped; issue target < 15 s`,
    },
    { name: 'CPU reference fp32 matmul', ours: cpu?.gflops ?? null, peer: null, unit: 'GFLOP/s', note: cpu ? `${cpu.n}x${cpu.n}, ${report.framework?.name} ${report.framework?.version}` : 'not measured' },
  ];
}
