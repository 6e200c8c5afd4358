/** One version scheme (driver, CUDA, PEP 440): each has its own syntax and order (docs/design.md §3). */
export interface VersionScheme<V> {
  readonly name: string;
  /** null when the text is not a version of this scheme. */
  parse(text: string): V | null;
  /** Negative, zero or positive, like Array.prototype.sort expects. Throws on unparsable input. */
  compare(a: string, b: string): number;
  /** Whether the version meets every clause of the range, e.g. ">=525.60.13 <580" or ">=3.9,<3.14". */
  satisfies(version: string, range: string): boolean;
}
