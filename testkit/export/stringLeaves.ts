/** Where a structural test puts hostile strings: the path of every string in a value, and a copy with one replaced. */

export type Leaf = (string | number)[];

/** Paths to every string in `value` (fields, list items, nested params), except where `skip` says no. */
export function stringLeaves(value: unknown, skip: (at: Leaf, text: string) => boolean = () => false, at: Leaf = []): Leaf[] {
  if (typeof value === 'string') return skip(at, value) ? [] : [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, skip, [...at, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, skip, [...at, key]));
  return [];
}

/** A deep copy of `value` with the string at `leaf` replaced by `text`. */
export function withLeaf<T>(value: T, leaf: Leaf, text: string): T {
  const copy = structuredClone(value);
  let node = copy as unknown as Record<string | number, unknown>;
  for (const key of leaf.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[leaf.at(-1)!] = text;
  return copy;
}
