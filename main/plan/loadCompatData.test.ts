import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newestJax, newestPytorch, newestTensorflow, preferredDriver } from '../../testkit/data/liveFacts.js';
import { lookupGpu } from '../../shared/gpus/lookupGpu.js';
import { fixturePath } from '../../testkit/fixturePath.js';
import { loadCompatData } from './loadCompatData.js';

describe('loadCompatData', () => {
  it('loads every table once, with the facts the resolver needs', () => {
    const data = loadCompatData();
    expect(loadCompatData()).toBe(data);
    // The newest release comes first: the resolver reads the tables in row order.
    expect(data.pytorch.releases[0]!.version).toBe(newestPytorch.version);
    expect(data.tensorflow.releases[0]!.version).toBe(newestTensorflow.version);
    expect(data.jax.releases[0]!.version).toBe(newestJax.version);
    expect(data.driverBranches.preferredBranch.branch).toBe(preferredDriver.branch);
  });

  it('identifies the GPU of every real nvidia-smi XML capture by its PCI id', () => {
    const rows = loadCompatData().gpus.gpus;
    const dir = fixturePath('nvidia-smi-xml');
    const found: Record<string, string> = {};
    for (const file of readdirSync(dir)) {
      const xml = readFileSync(`${dir}/${file}`, 'utf8');
      const id = /<pci_device_id>([0-9A-F]{8})<\/pci_device_id>/.exec(xml)?.[1];
      const name = /<product_name>([^<]+)<\/product_name>/.exec(xml)?.[1];
      if (!id || id.startsWith('0000')) continue;
      const row = lookupGpu(rows, { pciId: id, name });
      expect(row, `${file} (${id}, ${name})`).toBeDefined();
      found[file] = row!.name;
    }
    expect(found['rtx4090_driver535.86.05.xml']).toBe('GeForce RTX 4090');
    expect(found['tesla-t4_driver515.105.01.xml']).toBe('Tesla T4');
    expect(found['rtx3080_driver595.58.03.xml']).toBe('GeForce RTX 3080');
    expect(found['gtx1660ti_graphics-device_driver418.43.xml']).toBe('GeForce GTX 1660');
  });

  it('identifies the GPUs that the nvidia-smi table captures name in full', () => {
    const rows = loadCompatData().gpus.gpus;
    const names = readdirSync(fixturePath('nvidia-smi-table')).flatMap((file) => {
      const text = readFileSync(fixturePath('nvidia-smi-table', file), 'utf8');
      return [...text.matchAll(/^\|\s+\d+\s+(.+?)\s{2,}(?:On|Off)\s+\|/gm)].map((m) => m[1]!.trim());
    });
    const known = names.filter((name) => !name.endsWith('...')).map((name) => lookupGpu(rows, { name })?.name);
    expect(known).not.toContain(undefined);
    expect(known).toEqual(expect.arrayContaining(['H200 SXM 141GB', 'H100 SXM5 80GB', 'L40S', 'Tesla V100S PCIe 32GB', 'TITAN Xp', 'GeForce GTX 680', 'A100 40GB']));
  });
});
