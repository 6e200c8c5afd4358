// Fleet report over 1,000 verify reports (800 hosts, 200 of them with a previous report) generated in a temp dir,
// against jq -s (or python3's json when jq is missing) reading and summarising the same files in the same run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureAsync, measureCommand } from './measure.mjs';

export const title = 'Fleet: `dlsetup fleet report` over 1,000 host reports';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GPUS = [['NVIDIA H200', 989.4], ['NVIDIA A100-SXM4-80GB', 312], ['NVIDIA GeForce RTX 4090', 165.15]];

function report(index, day, driver) {
  const [gpu, peak] = GPUS[index % GPUS.length];
  const bf16 = peak * (0.45 + ((index * 37) % 40) / 100);
  const failed = index % 50 === 0 ? ['cudnn'] : [];
  const checks = ['gpu-available', 'kernel-launch', 'matmul-correctness', 'matmul-bf16', 'cudnn', 'conv2d-forward'].map((id) => ({ id, status: failed.includes(id) ? 'fail' : 'pass' }));
  return {
    schemaVersion: 1,
    createdAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
    host: `gpu-${String(index).padStart(4, '0')}`,
    framework: { name: 'pytorch', version: '2.9.1+cu128', build: { cuda: '12.8', cudnn: '91002' } },
    devices: [{ name: gpu }],
    checks,
    matmul: [{ dtype: 'fp32', tflops: peak / 10, device: 'gpu' }, { dtype: 'bf16', tflops: bf16, peakTflops: peak, efficiency: bf16 / peak, device: 'gpu' }],
    summary: { passed: checks.length - failed.length, failed: failed.length, skipped: 0 },
    fingerprint: { gpus: gpu, driver, framework: 'pytorch', frameworkVersion: '2.9.1+cu128', frameworkCuda: '12.8', frameworkCudnn: '91002', python: '3.12.3', toolkit: null },
  };
}

export async function run() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-fleet-bench-'));
  try {
    const files = [];
    for (let index = 0; index < 800; index++) {
      const host = path.join(dir, `gpu-${String(index).padStart(4, '0')}`);
      mkdirSync(host);
      const days = index < 200 ? [1, 2] : [2];
      for (const day of days) {
        const file = path.join(host, `verify-${day}.json`);
        writeFileSync(file, JSON.stringify(report(index, day, day === 1 || index % 97 === 0 ? '575.57.08' : '580.95.05'), null, 2));
        files.push(file);
      }
    }
    const load = async (name) => import(pathToFileURL(path.join(root, 'dist', 'main', 'fleet', name)).href);
    const [{ loadFleetReports }, { buildFleetReport }, { formatFleetReport }, { renderFleetHtml }] = await Promise.all(
      ['loadFleetReports.js', 'buildFleetReport.js', 'formatFleetReport.js', 'renderFleetHtml.js'].map(load),
    );
    let result = null;
    const ours = await measureAsync(async () => {
      const { reports } = await loadFleetReports(dir);
      result = buildFleetReport(reports);
      formatFleetReport(result);
      renderFleetHtml(result);
    }, 5);
    const hasJq = spawnSync('jq', ['--version']).status === 0;
    const peerArgv = hasJq
      ? ['jq', '-s', 'group_by(.host) | map(max_by(.createdAt) | {host, driver: .fingerprint.driver, failed: .summary.failed, best: ([.matmul[].tflops] | max)})', ...files]
      : ['python3', '-c', 'import json,sys; r=[json.load(open(f)) for f in sys.argv[1:]]; print(len({x["host"] for x in r}))', ...files];
    const peer = measureCommand(peerArgv, { runs: 5 });
    return [
      {
        name: `load + build + text + HTML, ${files.length} reports / ${result.hosts} hosts`,
        ours,
        peer: peer.ms,
        peerName: hasJq ? 'jq -s group/max (process)' : 'python3 json (process)',
        unit: 'ms',
        note: `${result.outliers} hosts flagged; in-process, median of 5; issue target < 1000 ms`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
