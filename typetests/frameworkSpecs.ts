// Compile-time proof (issue 29) that a framework cannot lack a fact: the registry takes only complete specs, and each
// per-framework table in main/ is `satisfies Record<Framework, …>`. A fifth framework without its verify adapter fails.
import * as v from 'valibot';
import type { FrameworkSpec } from '../shared/frameworks/frameworkSpec.js';
import { FRAMEWORK_IDS, FRAMEWORK_SPECS, type Framework, type FrameworkTables } from '../shared/frameworks/registry.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

export type IdsAreTheRegistry = Assert<Equal<(typeof FRAMEWORK_IDS)[number], Framework>>;
export type EachSpecIsComplete = Assert<{ [F in Framework]: (typeof FRAMEWORK_SPECS)[F] extends FrameworkSpec<FrameworkTables[F]> ? true : false }[Framework]>;

const fakeTable = v.object({ reviewedAt: v.string(), releases: v.array(v.object({ version: v.string() })) });

/** A fifth framework with every fact but its verify adapter. */
const mxnet = {
  id: 'mxnet',
  label: 'MXNet',
  importName: 'mxnet',
  primaryPackage: 'mxnet',
  distributions: ['mxnet'],
  companionDistributions: [],
  pinRule: 'minor',
  dataTable: 'mxnet',
  tableSchema: fakeTable,
  builds: () => [],
  gpu: { mps: false, rocm: false },
  downloads: { cuda: 'mxnet-cuda-wheels', rocm: 'mxnet-rocm-wheels', cpu: 'mxnet-cpu-wheel' },
  evidence: (dist: { name: string; version: string; problems: string[] }) => ({ framework: 'pytorch' as const, distribution: dist.name, version: dist.version, variant: undefined, problems: dist.problems }),
  diagnose: { packagePaths: ['mxnet'], words: ['MXNet'] },
} as const;

// @ts-expect-error -- no `verify`: the registry refuses a spec without its verify adapter.
export const fiveFrameworks = { ...FRAMEWORK_SPECS, mxnet } as const satisfies Record<string, FrameworkSpec>;

// The same spec with its adapter is accepted, so the error above is the missing adapter and nothing else.
export const withAdapter = { ...FRAMEWORK_SPECS, mxnet: { ...mxnet, verify: { adapterModule: 'dlsetup_check_mxnet', flag: 'mxnet' } } } as const satisfies Record<string, FrameworkSpec>;

// A per-framework table that misses one framework fails the same way (`satisfies Record<Framework, …>`).
// @ts-expect-error -- no reader for jax.
export const readers = { pytorch: 1, tensorflow: 2 } as const satisfies Record<Framework, number>;
