import path from 'node:path';
import type { StepParams } from './installStep.js';
import type { CatalogKey, ParamsOf } from '../../shared/i18n/localize.js';
import { installText } from '../system/installText.js';
import { hasControlChar, isSafePosixPath, isSafeUrl } from '../../shared/schema/patterns.js';
import type { PlanStepKind, PlanStepParamsOf } from '../../shared/schema/stepSchemas.js';

// One definition of each accepted shape for every boundary (plan files, IPC, the helper's requests): shared/schema.
export { DEB_PACKAGE_PATTERN, PIP_REQUIREMENT_PATTERN, SHA256_PATTERN, VERSION_PATTERN } from '../../shared/schema/patterns.js';

/**
 * A step's parsed params, each field's name and type taken from the type inferred from its kind's schema
 * (shared/schema/stepSchemas.ts): `Filled` are always set after parse() (a default, or an alias merged in), `Optional`
 * stay optional. Fields only the parsed shape has (derived from data/, renamed) are added beside it by the step.
 */
export type ParsedParams<K extends PlanStepKind, Filled extends keyof PlanStepParamsOf<K>, Optional extends keyof PlanStepParamsOf<K> = never> = {
  [F in Filled]-?: NonNullable<PlanStepParamsOf<K>[F]>;
} & { [F in Optional]?: PlanStepParamsOf<K>[F] };

/** The sentences that refuse a step's params: each names the step's kind, then what is wrong. */
type ParamProblemKey = Exclude<Extract<CatalogKey<'install'>, `params.${string}`>, 'params.unknownKind' | 'params.toolkitOnWindows' | 'params.toolkitPath'>;

/** Refuses a step's params with a keyed error (English message; said again in the reader's language by its key). */
export function invalid<K extends ParamProblemKey>(stepKind: string, key: K, params?: Omit<ParamsOf<'install', K>, 'kind'>): never {
  throw installText.error('INVALID_ARGUMENT', key as ParamProblemKey, { ...params, kind: stepKind } as never);
}

/**
 * A param a step of kind K may read: a field of its schema, so a step cannot read what a plan file may not carry;
 * `Extra` names, one by one, a field a step reads that the schema does not have.
 */
type ParamName<K extends PlanStepKind, Extra extends string> = (keyof PlanStepParamsOf<K> & string) | Extra;

/** Reads typed fields out of untrusted plan params, naming the step and field in every error. */
export class ParamReader<K extends PlanStepKind, Extra extends string = never> {
  constructor(
    private readonly kind: K,
    private readonly params: StepParams,
  ) {
    if (typeof params !== 'object' || params === null || Array.isArray(params)) invalid(kind, 'params.notAnObject');
  }

  private raw(name: ParamName<K, Extra>): unknown {
    return Object.prototype.hasOwnProperty.call(this.params, name) ? this.params[name] : undefined;
  }

  string(name: ParamName<K, Extra>, pattern?: RegExp): string {
    const value = this.optionalString(name, pattern);
    if (value === undefined) invalid(this.kind, 'params.missing', { name });
    return value;
  }

  optionalString(name: ParamName<K, Extra>, pattern?: RegExp): string | undefined {
    const value = this.raw(name);
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') invalid(this.kind, 'params.notText', { name });
    if (hasControlChar(value)) invalid(this.kind, 'params.controlCharacter', { name });
    if (pattern && !pattern.test(value)) invalid(this.kind, 'params.notAccepted', { name, value: JSON.stringify(value) });
    return value;
  }

  oneOf<T extends string>(name: ParamName<K, Extra>, allowed: readonly T[], fallback?: T): T {
    const value = this.optionalString(name) ?? fallback;
    if (value === undefined) invalid(this.kind, 'params.missing', { name });
    if (!(allowed as readonly string[]).includes(value)) invalid(this.kind, 'params.notOneOf', { name, allowed: allowed.join(', ') });
    return value as T;
  }

  boolean(name: ParamName<K, Extra>, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') invalid(this.kind, 'params.notBoolean', { name });
    return value;
  }

  optionalNumber(name: ParamName<K, Extra>): number | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) invalid(this.kind, 'params.notNonNegative', { name });
    return value;
  }

  stringList(name: ParamName<K, Extra>, pattern: RegExp, options: { min?: number } = {}): string[] {
    const value = this.raw(name);
    if (value === undefined) {
      if ((options.min ?? 0) > 0) invalid(this.kind, 'params.missing', { name });
      return [];
    }
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) invalid(this.kind, 'params.notTextList', { name });
    if (value.length < (options.min ?? 0)) invalid(this.kind, 'params.tooFewEntries', { name, min: options.min ?? 0 });
    for (const item of value) if (!pattern.test(item)) invalid(this.kind, 'params.entryNotAccepted', { name, entry: JSON.stringify(item) });
    return value as string[];
  }

  /** An absolute, normalised path inside one of `roots` (no `..` escapes). */
  path(name: ParamName<K, Extra>, roots: readonly string[]): string {
    const value = this.optionalPath(name, roots);
    if (value === undefined) invalid(this.kind, 'params.missing', { name });
    return value;
  }

  optionalPath(name: ParamName<K, Extra>, roots: readonly string[]): string | undefined {
    const value = this.optionalString(name);
    if (value === undefined) return undefined;
    return checkPathUnder(this.kind, name, value, roots);
  }

  url(name: ParamName<K, Extra>): string {
    const value = this.optionalUrl(name);
    if (value === undefined) invalid(this.kind, 'params.missing', { name });
    return value;
  }

  optionalUrl(name: ParamName<K, Extra>): string | undefined {
    const value = this.optionalString(name);
    if (value === undefined) return undefined;
    return checkUrl(this.kind, name, value);
  }
}

export function checkPathUnder(kind: string, name: string, value: string, roots: readonly string[]): string {
  if (!path.isAbsolute(value)) invalid(kind, 'params.notAbsolute', { name });
  const normal = path.normalize(value).replace(/\/+$/, '') || '/';
  if (normal !== value.replace(/\/+$/, '')) invalid(kind, 'params.notNormal', { name });
  // Only [A-Za-z0-9._/+-]: a path lands unquoted in profile.d, ld.so.conf and argv on some route, and `;` there is code.
  if (!isSafePosixPath(normal)) invalid(kind, 'params.notAccepted', { name, value: JSON.stringify(value) });
  const inside = roots.some((root) => normal === root || normal.startsWith(root.endsWith('/') ? root : `${root}/`));
  if (!inside) invalid(kind, 'params.outsideRoots', { name, value, roots: roots.join(', ') });
  return normal;
}

/** https anywhere; plain http only on loopback (local mirrors, tests) and file: never. */
export function checkUrl(kind: string, name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    invalid(kind, 'params.notUrl', { name });
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) invalid(kind, 'params.notHttps', { name });
  if (url.username || url.password) invalid(kind, 'params.credentials', { name });
  // No query, quotes or spaces either: the same URLs a plan file or an IPC request may carry.
  if (!isSafeUrl(value)) invalid(kind, 'params.notAccepted', { name, value: JSON.stringify(value) });
  return url.toString();
}
