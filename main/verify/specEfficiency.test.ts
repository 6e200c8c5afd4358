import { describe, expect, it } from 'vitest';
import { lookupGpu } from '../../shared/gpus/lookupGpu.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { gpuTableSchema } from '../../shared/data/gpusSchema.js';
import { createFrameworkCheckCollector } from './frameworkCheckCollector.js';
import { applySpecPeaks, bandwidthEfficiency, efficiencyFindings, likelyCauses, peakTflopsFor } from './specEfficiency.js';

/** What dlsetup_check.py prints on an H200 (shape of its real output; our own sample, with one weak bf16 run). */
const H200_LINES = [
  '{"type":"hello","protocol":1,"python":"3.12.3","executable":"/opt/venv/bin/python"}',
  '{"type":"check","id":"framework-present","status":"pass","reason":"pytorch is installed."}',
  '{"type":"framework","name":"pytorch","version":"2.5.1+cu124","build":{"cuda":"12.4","rocm":null,"cudnn":"9.1.0","python":"3.12.3","archList":"sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90"}}',
  '{"type":"device","index":0,"name":"NVIDIA H200","computeCapability":"9.0","memoryMiB":143167,"freeMiB":142533}',
  '{"type":"check","id":"gpu-available","status":"pass","reason":"1 GPU(s) visible to PyTorch; using NVIDIA H200.","metrics":{"count":1}}',
  '{"type":"check","id":"kernel-launch","status":"pass","reason":"A small elementwise kernel ran on NVIDIA H200."}',
  '{"type":"check","id":"matmul-correctness","status":"pass","reason":"fp32 512x512 matmul on the GPU vs a float64 CPU reference: relative error 2.71e-07 (bound 1e-04).","metrics":{"relError":2.71e-7,"bound":0.0001}}',
  '{"type":"matmul","dtype":"fp32","device":"gpu","n":8192,"ms":21.4712,"tflops":51.208,"timing":"cuda-events"}',
  '{"type":"check","id":"matmul-fp32","status":"pass","reason":"fp32 matmul 8192x8192: 51.2 TFLOP/s.","metrics":{"tflops":51.208,"n":8192}}',
  '{"type":"matmul","dtype":"tf32","device":"gpu","n":8192,"ms":2.9061,"tflops":378.342,"timing":"cuda-events"}',
  '{"type":"matmul","dtype":"fp16","device":"gpu","n":8192,"ms":1.5037,"tflops":731.197,"timing":"cuda-events"}',
  '{"type":"matmul","dtype":"bf16","device":"gpu","n":8192,"ms":2.8266,"tflops":388.981,"timing":"cuda-events"}',
  '{"type":"tuning","id":"tf32","label":"TF32 for fp32 matmuls","baselineMs":21.4712,"tunedMs":2.9061,"speedup":7.388,"setting":"torch.backends.cuda.matmul.allow_tf32 = True"}',
  '{"type":"check","id":"memory-bandwidth","status":"pass","reason":"Device-to-device copy of 1024 MiB: 3912 GB/s.","metrics":{"gbs":3912.3,"bytes":1073741824}}',
  '{"type":"done","elapsedS":21.734}',
];

const h200 = lookupGpu(loadDataTable('gpus', gpuTableSchema).gpus, { name: 'NVIDIA H200', pciId: '0x233510DE' });

describe('throughput against the spec peak (data/gpus.json)', () => {
  it('uses the H200 row of data/gpus.json', () => {
    expect(h200?.name).toBe('H200 SXM 141GB');
    expect(peakTflopsFor('bf16', h200)).toBe(989.4);
    expect(peakTflopsFor('fp32', h200)).toBe(66.91);
  });

  it('computes % of the dense peak per precision from the script lines', () => {
    const collector = createFrameworkCheckCollector('/opt/venv/bin/python');
    H200_LINES.forEach((line) => collector.push(line));
    const result = collector.finish();
    expect(result.devices).toEqual([{ index: 0, name: 'NVIDIA H200', computeCapability: '9.0', memoryMiB: 143167, freeMiB: 142533 }]);
    const matmul = applySpecPeaks(result.matmul, h200);
    expect(matmul.map((m) => [m.dtype, m.peakTflops, m.efficiency])).toEqual([
      ['fp32', 66.91, 0.765],
      ['tf32', undefined, undefined],
      ['fp16', 989.4, 0.739],
      ['bf16', 989.4, 0.393],
    ]);
    const bandwidth = bandwidthEfficiency(3912.3, h200);
    expect(bandwidth).toEqual({ gbs: 3912.3, peakGBs: 4800, efficiency: 0.815 });
    const findings = efficiencyFindings(matmul, bandwidth, null, 'H200 SXM 141GB');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ code: 'LOW_MATMUL_EFFICIENCY', subject: 'matmul-bf16' });
    expect(findings[0]?.message).toBe("bf16 matmul reached 389.0 TFLOP/s, 39 % of the H200 SXM 141GB's dense spec peak of 989.4 TFLOP/s (below 50 %).");
  });

  it('leaves the CPU reference figure without a peak', () => {
    const cpu = { dtype: 'fp32', device: 'cpu' as const, tflops: 0.005, gflops: 5.2 };
    expect(applySpecPeaks([cpu], h200)).toEqual([cpu]);
  });

  it('names the likely cause that the health snapshot shows first', () => {
    const causes = likelyCauses({ powerLimitW: 450, powerDefaultLimitW: 700, temperatureC: 61, pcieWidth: 16, pcieWidthMax: 16 });
    expect(causes[0]).toBe("Power cap: the limit is 450 W, below the card's default 700 W (nvidia-smi -pl).");
    expect(causes.some((cause) => cause.startsWith('Thermal:'))).toBe(false);
    expect(likelyCauses({ temperatureC: 88, pcieWidth: 8, pcieWidthMax: 16 }).slice(0, 2)).toEqual([
      'Thermal: the GPU was at 88 °C, where it slows its clocks; check airflow and fans.',
      'PCIe link: x8 of x16; reseat the card or use a full-width slot (matters for host transfers).',
    ]);
  });
});

describe('spec peaks are the rate frameworks get (dense, FP32 accumulate)', () => {
  const rows = loadDataTable('gpus', gpuTableSchema).gpus;

  it('a healthy RTX 3090 doing fp16 at 63 TFLOP/s is 89 % of its 71 TFLOP/s peak, not flagged as slow (GA102 whitepaper)', () => {
    const rtx3090 = lookupGpu(rows, { name: 'NVIDIA GeForce RTX 3090' });
    const matmul = applySpecPeaks([{ dtype: 'fp16', device: 'gpu', tflops: 63 }, { dtype: 'tf32', device: 'gpu', tflops: 30 }], rtx3090);
    expect(matmul.map((entry) => entry.peakTflops)).toEqual([71, 35.6]);
    expect(matmul[0]?.efficiency).toBe(0.887);
    expect(efficiencyFindings(matmul, null, null, 'GeForce RTX 3090')).toEqual([]);
  });

  it('the RTX 4090 peaks are its FP32-accumulate figures (Ada whitepaper): bf16 151 TFLOP/s is 91 %', () => {
    const rtx4090 = lookupGpu(rows, { name: 'NVIDIA GeForce RTX 4090' });
    expect(rtx4090?.tensorTflops).toEqual({ tf32: 82.6, fp16: 165.2, bf16: 165.2 });
    expect(applySpecPeaks([{ dtype: 'bf16', device: 'gpu', tflops: 151 }], rtx4090)[0]?.efficiency).toBe(0.914);
  });

  it('no GeForce row carries an FP16-accumulate figure: its fp16/bf16 peak is at most 2x its fp32 rate', () => {
    const geforce = rows.filter((row) => /GeForce/.test(row.name) && row.fp32Tflops && row.tensorTflops);
    expect(geforce.map((row) => row.name)).toEqual(expect.arrayContaining(['GeForce RTX 3090', 'GeForce RTX 4090']));
    for (const row of geforce) {
      for (const dtype of ['fp16', 'bf16'] as const) {
        const peak = row.tensorTflops?.[dtype];
        if (peak !== undefined) expect(peak, `${row.name} ${dtype}`).toBeLessThanOrEqual(row.fp32Tflops! * 2.01);
      }
    }
  });
});
