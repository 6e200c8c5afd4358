import { describe, expect, it } from 'vitest';
import { loadDataTable } from '../data/loadDataTable.js';
import { knowledgeTableSchema } from '../../shared/data/errorsSchema.js';
import { compileKnowledgeBase } from './knowledgeBase.js';
import { analyzePattern, MAX_PATHS } from './patternSafety.js';
import { renderTemplate, templatePlaceholders } from './renderTemplate.js';

const table = loadDataTable('errors', knowledgeTableSchema);

/** Values code derives (detailValues, frameworkValues, structuralMatches, machineValues); group names come from the patterns. */
const DERIVED = [
  'cudaMajor', 'cudnnMajor', 'loadedCudnnVersion', 'compiledCudnnVersion', 'gpuComputeCapability', 'buildArchs', 'gpuName', 'driverCuda',
  'driverVersion', 'frameworkLabel', 'framework', 'frameworkVersion', 'frameworkCuda', 'frameworkCudnn', 'lastFrame', 'torchCudaInit', 'libraries', 'windowsDll', 'soname',
  'adapterRam', 'machineToolkits', 'machineCudnn', 'machineDriver', 'machineDriverCuda', 'machineNoDriver', 'machineGpu', 'machineSecureBoot',
  'machineNouveau', 'machineSecureBootState', 'machineNouveauState', 'machineKernel', 'machineKernelHeadersState', 'machineKernelHeadersMissing',
  'machineVenvPackage', 'machineLibToolkit', 'machineLibDir', 'machineDllDir', 'toolkitVersion', 'toolkitTooNew', 'toolkitFits', 'cudaSummary',
  'machineNvidiaGpuCount', 'machineLastGpuIndex', 'machineGpuMemory', 'machineCudaVisibleDevices',
  'machineNvidiaGpu', 'machineNoNvidiaGpu', 'machineAmdGpu', 'machineAmdRocm', 'machineAmdNoRocm', 'machineAppleGpu', 'machineCpuOnly',
  'computeCapQuery', 'computeCapQueryMissing', 'computeCapDriver',
  'frameworkIsTensorflow', 'frameworkIsJax', 'frameworkNotTensorflowOrJax',
  // architectureDirection.ts: which way an architecture a compiler does not know points.
  'removedArch', 'tooNewArch', 'lastToolkitForArch',
];

const REQUIRED_CODES = [
  'DRIVER_NOT_LOADED', 'DRIVER_LIBRARY_MISMATCH', 'NO_DEVICES_FOUND', 'GPU_LOST', 'CUDA_LIB_MISSING', 'CUDNN_LIB_MISSING', 'DRIVER_TOO_OLD',
  'NO_KERNEL_IMAGE', 'OUT_OF_MEMORY', 'CPU_ONLY_BUILD', 'CUDNN_VERSION_MISMATCH', 'NOUVEAU_CONFLICT', 'SECURE_BOOT_BLOCKED', 'PTX_TOO_NEW',
  'NVML_UNKNOWN_ERROR', 'CONTAINER_NO_NVML',
];

const CJK = /[\u4e00-\u9fff]/;

describe('data/errors.json', () => {
  it('is reviewed and has every code the issue asks for, once', () => {
    expect(table.reviewedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const codes = table.entries.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of REQUIRED_CODES) expect(codes).toContain(code);
  });

  it('compiles: every pattern is linear-time safe and has a prefilter literal (words read on their own pass need none)', () => {
    expect(() => compileKnowledgeBase(table)).not.toThrow();
    for (const entry of table.entries) {
      const sources = [...entry.patterns, ...(entry.extract ?? [])].map((source) => [source, true] as const);
      for (const [source, prefiltered] of [...sources, ...(entry.inWords ?? []).map((source) => [source, false] as const)]) {
        const analysis = analyzePattern(source, { prefiltered });
        expect(analysis.problems, `${entry.code} /${source}/`).toEqual([]);
        expect(analysis.paths).toBeLessThanOrEqual(MAX_PATHS);
      }
      expect(entry.patterns.length > 0 || entry.structural === true, `${entry.code} needs a pattern or a structural trigger`).toBe(true);
    }
  });

  it.each(table.entries.map((entry) => [entry.code, entry] as const))('%s has English and Simplified Chinese text, fixes, references and a source', (_code, entry) => {
    const texts = [entry.title, entry.explanation, ...entry.fixes, ...(entry.onThisMachine ?? [])];
    for (const text of texts) {
      expect(text.en.trim().length).toBeGreaterThan(0);
      expect(text['zh-CN'], `zh-CN of "${text.en}"`).toMatch(CJK);
      // Both languages use the same values, so neither shows a blank where the other shows a number.
      expect(new Set(templatePlaceholders(text['zh-CN']))).toEqual(new Set(templatePlaceholders(text.en)));
    }
    expect(entry.fixes.length).toBeGreaterThan(0);
    expect(entry.references.length).toBeGreaterThan(0);
    for (const url of entry.references) expect(url).toMatch(/^https:\/\/[\w.-]+\//);
    expect(entry.source.length).toBeGreaterThan(10);
    expect(['error', 'warning', 'info']).toContain(entry.severity);
    for (const code of entry.supersedes ?? []) expect(table.entries.map((other) => other.code)).toContain(code);
  });

  it.each(table.entries.map((entry) => [entry.code, entry] as const))('%s renders with no values at all, and names only values that exist', (_code, entry) => {
    const groups = [...entry.patterns, ...(entry.extract ?? [])].flatMap((source) => analyzePattern(source).groupNames);
    const known = new Set([...groups, ...DERIVED]);
    for (const locale of ['en', 'zh-CN'] as const) {
      for (const text of [entry.title, entry.explanation]) {
        const rendered = renderTemplate(text[locale], {});
        expect(rendered, `${locale}: "${text[locale]}"`).not.toBeNull();
        expect(rendered).not.toMatch(/\{|\}|\[\[|\]\]|\|\|/);
      }
      // A fix that names a value of this machine (its toolkit folder) is left out when that value is unknown.
      for (const fix of entry.fixes) expect(renderTemplate(fix[locale], {}) ?? '').not.toMatch(/\{|\}|\[\[|\]\]|\|\|/);
      expect(entry.fixes.some((fix) => renderTemplate(fix[locale], {}) !== null), `${entry.code} keeps at least one fix with no values`).toBe(true);
      for (const text of [entry.title, entry.explanation, ...entry.fixes, ...(entry.onThisMachine ?? [])]) {
        for (const name of templatePlaceholders(text[locale])) expect(known, `${entry.code} uses {${name}}`).toContain(name);
      }
    }
    for (const fix of entry.fixes) if (fix.command) for (const name of templatePlaceholders(fix.command)) expect(known).toContain(name);
  });
});
