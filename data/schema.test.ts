import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(fileURLToPath(import.meta.url));
const tables = Object.fromEntries(
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as unknown]),
);

/** A tiny structural schema: a type name ("string", "string?", "number?", ...), an array of a schema, or an object of schemas. */
type Schema = string | [Schema] | { [key: string]: Schema };

function validate(value: unknown, schema: Schema, where: string, errors: string[]): void {
  if (typeof schema === 'string') {
    const optional = schema.endsWith('?');
    const type = optional ? schema.slice(0, -1) : schema;
    if (value === undefined || value === null) {
      if (!optional) errors.push(`${where}: missing (${type})`);
      return;
    }
    if (type === 'any') return;
    if (type === 'date') {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) errors.push(`${where}: not a YYYY-MM-DD date`);
      return;
    }
    if (type === 'driver') {
      if (typeof value !== 'string' || !/^\d+(\.\d+)*$/.test(value)) errors.push(`${where}: not a driver version: ${JSON.stringify(value)}`);
      return;
    }
    if (type === 'source') {
      if (typeof value !== 'string' || value.trim().length < 8) errors.push(`${where}: every row needs a real source`);
      return;
    }
    if (type === 'string[]') {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) errors.push(`${where}: not a list of strings`);
      return;
    }
    if (typeof value !== type) errors.push(`${where}: expected ${type}, got ${typeof value}`);
    return;
  }
  if (Array.isArray(schema)) {
    if (!Array.isArray(value)) {
      errors.push(`${where}: expected a list`);
      return;
    }
    value.forEach((item, i) => validate(item, schema[0], `${where}[${i}]`, errors));
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push(`${where}: expected an object`);
    return;
  }
  for (const [key, child] of Object.entries(schema)) validate((value as Record<string, unknown>)[key], child, `${where}.${key}`, errors);
}

const python = { min: 'string', max: 'string' };
const schemas: Record<string, Schema> = {
  gpus: {
    reviewedAt: 'date',
    gpus: [{ name: 'string', vendor: 'string', pciIds: 'string[]', namePatterns: 'string[]', architecture: 'string', computeCapability: 'string?', gfxArch: 'string?', memoryMiB: 'number?', fp32Tflops: 'number?', tensorTflops: 'object?', bandwidthGBs: 'number?', source: 'source' }],
  },
  'cuda-toolkits': {
    reviewedAt: 'date',
    minorVersionCompatibility: [{ cudaMajor: 'number', linux: 'driver?', windows: 'driver?', source: 'source' }],
    releases: [{ version: 'string', label: 'string', driverLinux: 'driver?', driverWindows: 'driver?', computeCapabilities: 'string[]', confidence: 'string', source: 'source' }],
  },
  'gpu-architectures': {
    reviewedAt: 'date',
    architectures: [{ name: 'string', computeCapabilities: 'string[]', lastDriverBranch: 'string?', examples: 'string[]', source: 'source' }],
  },
  'driver-branches': {
    reviewedAt: 'date',
    preferredBranch: { branch: 'string', reason: 'string', source: 'source' },
    branches: [{ branch: 'string', minimumVersion: { linux: 'driver?', windows: 'driver?' }, newestCuda: 'string', source: 'source' }],
    distroPackages: [{ distro: 'string', pattern: 'string', source: 'source' }],
    distroDrivers: [{ repo: 'string', distro: 'string', package: 'string', component: 'string', version: 'driver', source: 'source' }],
    recommendedBranches: [{ distro: 'string', architecture: 'string', branch: 'string', source: 'source' }],
  },
  pytorch: {
    reviewedAt: 'date',
    indexUrlPattern: 'string',
    rocmArchitectures: [{ rocmMin: 'string', supported: 'string[]', unsupported: 'string[]', source: 'source' }],
    releases: [{ version: 'string', latestPatch: 'string', python, defaultPipVariant: 'object', indexFlag: 'string', variants: [{ name: 'string', kind: 'string', platforms: 'string[]', archSource: 'string' }], source: 'source' }],
  },
  tensorflow: {
    reviewedAt: 'date',
    releases: [{ version: 'string', python, cuda: 'string', cudnn: 'string', computeCapabilities: 'string[]', windowsNativeGpu: 'boolean', andCudaExtra: 'boolean', source: 'source' }],
  },
  jax: {
    reviewedAt: 'date',
    releases: [{ version: 'string', python, plugins: [{ name: 'string', extra: 'string', minCuda: 'string', minComputeCapability: 'string', driverLinux: 'driver' }], platforms: 'object', source: 'source' }],
  },
  cudnn: {
    reviewedAt: 'date',
    releases: [{ version: 'string', cudaMajors: 'string[]', confidence: 'string', source: 'source' }],
  },
  'cuda-keyrings': {
    reviewedAt: 'date',
    keyrings: [{ distro: 'string', arch: 'string', version: 'string', sha256: 'string', source: 'source' }],
  },
  'nvidia-install-sources': {
    reviewedAt: 'date',
    driverPackages: [{ distro: 'string', source: 'source' }],
    toolkitPackage: { pattern: 'string', source: 'source' },
    cudnnPackages: [{ cudnnMajor: 'string', pattern: 'string', source: 'source' }],
    cudnnPinnedPackages: [{ cudnn: 'string', cuda: 'string', packages: 'string[]', version: 'string', source: 'source' }],
    pythonVenvPackages: [{ distro: 'string', pattern: 'string', source: 'source' }],
    runfiles: [{ version: 'string', arch: 'string', url: 'string', sha256: 'string', source: 'source' }],
    cudnnArchives: [{ version: 'string', build: 'string', cudaMajor: 'string', arch: 'string', url: 'string', sha256: 'string', source: 'source' }],
    removablePackages: [{ pattern: 'string', what: 'string', source: 'source' }],
  },
  'download-sizes': {
    reviewedAt: 'date',
    rows: [{ component: 'string', os: 'string?', megabytes: 'number', basis: 'string', source: 'source' }],
  },
  'nvidia-smi': {
    reviewedAt: 'date',
    queryGpuFields: [{ field: 'string', lastWithout: 'driver', firstSeenWith: 'driver', claimedSince: 'string?', note: 'string?', source: 'source' }],
  },
  // Generated by scripts/generateNvidiaDevices.mjs; data/nvidia-devices.test.ts checks its rows against the inputs.
  'nvidia-devices': {
    reviewedAt: 'date',
    source: 'source',
    columns: 'string[]',
    families: [{ chips: 'string[]', architecture: 'string', computeCapability: 'string' }],
    devices: 'any',
  },
  mirrors: {
    reviewedAt: 'date',
    mirrors: [{ id: 'string', name: 'string', pypiIndexUrl: 'string?', pytorch: 'object?', planCarriesUrl: 'boolean?', note: 'string?', files: 'object?', coreMetadata: 'object', source: 'source' }],
  },
  // The diagnose knowledge base (main/diagnose checks its patterns in depth); here only what every table owes.
  errors: {
    reviewedAt: 'date',
    entries: [{ code: 'string', severity: 'string', patterns: 'string[]', title: 'object', source: 'source' }],
  },
};

// "9.0PTX": PTX only (TensorFlow's compute_90), no cubin.
const CAPABILITY = /^(>=)?\d+\.\d+(a|f)?(\+PTX|PTX)?$/;

describe('data tables', () => {
  it('has a schema for every table and a table for every schema', () => {
    expect(Object.keys(tables).sort()).toEqual(Object.keys(schemas).sort());
  });

  it.each(Object.keys(schemas))('%s.json matches its schema, with a source on every row', (name) => {
    const errors: string[] = [];
    validate(tables[name], schemas[name]!, name, errors);
    expect(errors).toEqual([]);
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
