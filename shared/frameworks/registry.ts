// The one list of frameworks: the type union, the schemas' enums, the CLI's values and every per-framework switch derive from it.
import type * as v from 'valibot';
import type { FrameworkSpec, FrameworkTableView } from './frameworkSpec.js';
import { jax } from './jax.js';
import { paddlepaddle } from './paddlepaddle.js';
import { pytorch } from './pytorch.js';
import { tensorflow } from './tensorflow.js';

export const FRAMEWORK_SPECS = { pytorch, tensorflow, jax, paddlepaddle } as const satisfies Record<string, FrameworkSpec>;

export type Framework = keyof typeof FRAMEWORK_SPECS;

/** Each framework's data table, typed by its spec's schema: CompatData's framework members. */
export type FrameworkTables = { [F in Framework]: v.InferOutput<(typeof FRAMEWORK_SPECS)[F]['tableSchema']> };

/** Every framework id, in the order the wizard's cards and the CLI's help show them (valibot `picklist`, flag values). */
export const FRAMEWORK_IDS = Object.keys(FRAMEWORK_SPECS) as [Framework, ...Framework[]];

/** The spec of one framework, seen through the facts every framework has. */
export function frameworkSpec(framework: Framework): FrameworkSpec {
  return FRAMEWORK_SPECS[framework];
}

/** A framework's table out of the loaded data, seen through the rows every framework table has. */
export function frameworkTable(data: FrameworkTables, framework: Framework): FrameworkTableView {
  return data[framework];
}

/** Every spec, in FRAMEWORK_IDS order. */
export const ALL_FRAMEWORK_SPECS: readonly FrameworkSpec[] = FRAMEWORK_IDS.map(frameworkSpec);

/** The framework a `--framework` value or plan field names, or undefined. */
export function isFramework(value: unknown): value is Framework {
  return typeof value === 'string' && Object.hasOwn(FRAMEWORK_SPECS, value);
}
