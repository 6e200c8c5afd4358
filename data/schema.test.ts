import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DATA_TABLE_SCHEMAS } from '../shared/data/dataTableSchemas.js';
import { fieldPath, problemOf } from '../shared/schema/checkSchema.js';
import { schemaText } from '../shared/schema/schemaText.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const tables = Object.fromEntries(
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as unknown]),
);

// "9.0PTX": PTX only (TensorFlow's compute_90), no cubin.
const CAPABILITY = /^(>=)?\d+\.\d+(a|f)?(\+PTX|PTX)?$/;

describe('data tables', () => {
  it('has a schema for every table and a table for every schema', () => {
    expect(Object.keys(tables).sort()).toEqual(Object.keys(DATA_TABLE_SCHEMAS).sort());
  });

  // The same schemas loadDataTable checks at run time: every problem, not just the first, with its field path.
  it.each(Object.keys(DATA_TABLE_SCHEMAS) as (keyof typeof DATA_TABLE_SCHEMAS)[])('%s.json matches its schema, with a source on every row', (name) => {
    const result = v.safeParse(DATA_TABLE_SCHEMAS[name], tables[name]);
    const problems = result.success ? [] : result.issues.map((issue) => `${fieldPath(issue, name)}: ${problemOf(issue, schemaText('en'))}`);
    expect(problems).toEqual([]);
  });

  it('gpus.json: PCI ids are vendor:device, patterns compile, NVIDIA rows have a known architecture', () => {
    const gpus = (tables.gpus as { gpus: { name: string; vendor: string; pciIds: string[]; namePatterns: string[]; computeCapability?: string; gfxArch?: string }[] }).gpus;
    const archs = (tables['gpu-architectures'] as { architectures: { computeCapabilities: string[] }[] }).architectures;
    for (const gpu of gpus) {
      for (const id of gpu.pciIds) expect(id, gpu.name).toMatch(/^(10de|1002|8086):[0-9a-f]{4}$/);
      for (const pattern of gpu.namePatterns) expect(() => new RegExp(pattern, 'i'), gpu.name).not.toThrow();
      expect(gpu.namePatterns.some((pattern) => new RegExp(pattern, 'i').test(gpu.name)), `${gpu.name} matches its own pattern`).toBe(true);
      if (gpu.vendor === 'nvidia') expect(archs.some((a) => a.computeCapabilities.includes(gpu.computeCapability!)), gpu.name).toBe(true);
      if (gpu.vendor === 'amd') expect(gpu.gfxArch, gpu.name).toMatch(/^gfx[0-9a-f]{3,4}$/);
    }
    const ids = gpus.flatMap((gpu) => gpu.pciIds);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('compute-capability lists use one notation everywhere', () => {
    const torch = tables.pytorch as { releases: { variants: { computeCapabilities?: string[] | null; computeCapabilitiesAarch64?: string[] }[] }[] };
    const tf = tables.tensorflow as { releases: { computeCapabilities: string[] }[] };
    const lists = [
      ...torch.releases.flatMap((r) => r.variants.flatMap((v) => [v.computeCapabilities ?? [], v.computeCapabilitiesAarch64 ?? []])),
      ...tf.releases.map((r) => r.computeCapabilities),
    ];
    for (const entry of lists.flat()) expect(entry).toMatch(CAPABILITY);
  });

  it('cuda-keyrings.json: one sha256 per distro, arch and version, in the forms the cuda-repo step accepts', () => {
    const keyrings = (tables['cuda-keyrings'] as { keyrings: { distro: string; arch: string; version: string; sha256: string; source: string }[] }).keyrings;
    for (const row of keyrings) {
      expect(row.sha256, row.distro).toMatch(/^[0-9a-f]{64}$/);
      expect(row.distro).toMatch(/^[a-z][a-z-]*\d*$/);
      expect(['x86_64', 'sbsa']).toContain(row.arch);
      expect(row.version).toMatch(/^\d+\.\d+-\d+$/);
      expect(row.source, row.distro).toMatch(/https:\/\//);
    }
    const keys = keyrings.map((row) => `${row.distro}/${row.arch}/${row.version}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('mirrors.json: unique ids, https addresses, each row a PyPI index or a PyTorch wheel source', () => {
    const mirrors = (tables.mirrors as { mirrors: { id: string; pypiIndexUrl?: string; pytorch?: { style: string; baseUrl: string }; files?: { from: string; to: string; source: string }[] }[] }).mirrors;
    for (const row of mirrors) {
      expect(row.id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(row.pypiIndexUrl ?? row.pytorch, row.id).toBeDefined();
      for (const url of [row.pypiIndexUrl, row.pytorch?.baseUrl].filter(Boolean)) expect(url, row.id).toMatch(/^https:\/\/[^\s]+$/);
      if (row.pytorch) expect(['index', 'find-links'], row.id).toContain(row.pytorch.style);
      // A file prefix swaps an official https prefix for this mirror's, each with its own source.
      for (const swap of row.files ?? []) {
        expect(swap.from, row.id).toMatch(/^https:\/\/(files\.pythonhosted\.org|download\.pytorch\.org)\/\S*\/$/);
        expect(swap.to, row.id).toMatch(/^https:\/\/\S+\/$/);
        expect(swap.source.length, row.id).toBeGreaterThan(20);
      }
    }
    expect(new Set(mirrors.map((row) => row.id)).size).toBe(mirrors.length);
  });

  it('mirrors.json: every index of every row says whether it publishes wheel metadata (PEP 658), with a source', () => {
    type Served = { served: unknown; source: unknown };
    const mirrors = (tables.mirrors as { mirrors: { id: string; pypiIndexUrl?: string; pytorch?: unknown; coreMetadata: { pypi?: Served; pytorch?: Served } }[] }).mirrors;
    for (const row of mirrors) {
      // One verdict per index the row has (the install engine decides from them who downloads the wheels), none else.
      expect(Object.keys(row.coreMetadata).sort(), row.id).toEqual([...(row.pypiIndexUrl ? ['pypi'] : []), ...(row.pytorch ? ['pytorch'] : [])]);
      for (const verdict of Object.values(row.coreMetadata)) {
        expect(typeof verdict.served, row.id).toBe('boolean');
        expect(String(verdict.source).length, row.id).toBeGreaterThan(20);
      }
    }
  });

  it('keeps the facts the issue calls out', () => {
    const tf = (tables.tensorflow as { releases: { version: string; cuda: string; cudnn: string; windowsNativeGpu: boolean; andCudaExtra: boolean }[] }).releases;
    for (const v of ['2.5.0', '2.6.0', '2.7.0', '2.11.0']) expect(tf.find((r) => r.version === v), v).toMatchObject({ cuda: '11.2', cudnn: '8.1' });
    expect(tf.find((r) => r.version === '2.10.0')?.windowsNativeGpu).toBe(true);
    expect(tf.find((r) => r.version === '2.11.0')?.windowsNativeGpu).toBe(false);
    expect(tf.find((r) => r.version === '2.14.0')?.andCudaExtra).toBe(true);
    expect(tf.find((r) => r.version === '2.13.0')?.andCudaExtra).toBe(false);
    const mvc = (tables['cuda-toolkits'] as { minorVersionCompatibility: { cudaMajor: number; linux: string | null; windows: string | null }[] }).minorVersionCompatibility;
    expect(mvc.find((r) => r.cudaMajor === 11)).toMatchObject({ linux: '450.80.02', windows: '452.39' });
    expect(mvc.find((r) => r.cudaMajor === 12)).toMatchObject({ linux: '525.60.13', windows: '528.33' });
    expect(mvc.find((r) => r.cudaMajor === 13)).toMatchObject({ linux: '580' });
    const torch = (tables.pytorch as { releases: { version: string; variants: { name: string; computeCapabilities?: string[] | null }[] }[] }).releases;
    for (const v of ['2.12', '2.13', '2.14']) {
      const withPreTuring = torch.find((r) => r.version === v)!.variants.filter((x) => x.computeCapabilities?.some((c) => ['5.0', '6.0', '7.0'].includes(c)));
      expect(withPreTuring.map((x) => x.name), v).toEqual(['cu126']);
    }
    const archs = (tables['gpu-architectures'] as { architectures: { name: string; lastDriverBranch: string | null }[] }).architectures;
    expect(archs.find((a) => a.name === 'Kepler')?.lastDriverBranch).toBe('470');
    for (const name of ['Maxwell', 'Pascal', 'Volta']) expect(archs.find((a) => a.name === name)?.lastDriverBranch, name).toBe('580');
  });
});
