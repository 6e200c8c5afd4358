import { normalizeProjectName } from './projectName.js';
import { clauseContains, parseSpecifierSet } from './specifier.js';

/** PEP 508 environment markers: parsed once from a Requires-Dist line, evaluated for the target machine. */

export const MARKER_VARIABLES = [
  'python_version', 'python_full_version', 'os_name', 'sys_platform', 'platform_release', 'platform_system',
  'platform_version', 'platform_machine', 'platform_python_implementation', 'implementation_name',
  'implementation_version', 'extra',
] as const;
export type MarkerVariable = (typeof MARKER_VARIABLES)[number];
export type MarkerEnvironment = Record<MarkerVariable, string>;

/** Old spellings packaging still reads (PEP 345's dotted names). */
const ALIASES: Record<string, MarkerVariable> = {
  'os.name': 'os_name', 'sys.platform': 'sys_platform', 'platform.version': 'platform_version',
  'platform.machine': 'platform_machine', 'platform.python_implementation': 'platform_python_implementation',
  python_implementation: 'platform_python_implementation',
};

/** Variables compared as versions when the other side reads as one (packaging's MARKERS_REQUIRING_VERSION). */
const VERSION_VARIABLES = new Set<MarkerVariable>(['python_version', 'python_full_version', 'implementation_version', 'platform_release']);

type Operand = { variable: MarkerVariable } | { literal: string };
type Op = '<=' | '<' | '!=' | '===' | '==' | '>=' | '>' | '~=' | 'in' | 'not in';
export type Marker = { and: Marker[] } | { or: Marker[] } | { left: Operand; op: Op; right: Operand };

/** A marker past these is not a real one (the longest in PyPI metadata are a few hundred characters). */
const MAX_TOKENS = 512;
const MAX_DEPTH = 32;
const TOKEN = /\s*(?:(\()|(\))|(<=|<|!=|===|==|>=|>|~=)|'([^']*)'|"([^"]*)"|([A-Za-z_][A-Za-z0-9_.]*))/y;

type Token = { kind: '(' | ')' | 'op' | 'str' | 'word'; text: string };

function tokenize(source: string): Token[] | null {
  const tokens: Token[] = [];
  const text = source.trimEnd();
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const match = TOKEN.exec(text);
    if (!match || tokens.length >= MAX_TOKENS) return null;
    const [, open, close, op, single, double, word] = match;
    if (open) tokens.push({ kind: '(', text: open });
    else if (close) tokens.push({ kind: ')', text: close });
    else if (op) tokens.push({ kind: 'op', text: op });
    else if (single !== undefined || double !== undefined) tokens.push({ kind: 'str', text: single ?? double ?? '' });
    else tokens.push({ kind: 'word', text: word! });
  }
  return tokens;
}

class MarkerParser {
  #at = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Marker | null {
    const marker = this.#or(0);
    return marker && this.#at === this.tokens.length ? marker : null;
  }

  #or(depth: number): Marker | null {
    const items = [this.#and(depth)];
    while (this.tokens[this.#at]?.text === 'or' && this.tokens[this.#at]?.kind === 'word') {
      this.#at++;
      items.push(this.#and(depth));
    }
    if (items.some((item) => item === null)) return null;
    return items.length === 1 ? items[0]! : { or: items as Marker[] };
  }

  #and(depth: number): Marker | null {
    const items = [this.#atom(depth)];
    while (this.tokens[this.#at]?.text === 'and' && this.tokens[this.#at]?.kind === 'word') {
      this.#at++;
      items.push(this.#atom(depth));
    }
    if (items.some((item) => item === null)) return null;
    return items.length === 1 ? items[0]! : { and: items as Marker[] };
  }

  #atom(depth: number): Marker | null {
    if (this.tokens[this.#at]?.kind === '(') {
      if (depth >= MAX_DEPTH) return null;
      this.#at++;
      const inner = this.#or(depth + 1);
      if (this.tokens[this.#at]?.kind !== ')') return null;
      this.#at++;
      return inner;
    }
    const left = this.#operand();
    const op = this.#op();
    const right = this.#operand();
    if (!left || !op || !right || ('variable' in left) === ('variable' in right)) return null;
    return { left, op, right };
  }

  #operand(): Operand | null {
    const token = this.tokens[this.#at++];
    if (token?.kind === 'str') return { literal: token.text };
    if (token?.kind !== 'word') return null;
    const variable = (MARKER_VARIABLES as readonly string[]).includes(token.text) ? (token.text as MarkerVariable) : ALIASES[token.text];
    return variable ? { variable } : null;
  }

  #op(): Op | null {
    const token = this.tokens[this.#at++];
    if (token?.kind === 'op') return token.text as Op;
    if (token?.kind === 'word' && token.text === 'in') return 'in';
    if (token?.kind === 'word' && token.text === 'not' && this.tokens[this.#at]?.text === 'in') {
      this.#at++;
      return 'not in';
    }
    return null;
  }
}

/** "python_version < '3.13' and platform_system == 'Linux'" → a tree; null when it is not a PEP 508 marker. */
export function parseMarker(text: string): Marker | null {
  const tokens = tokenize(text);
  return tokens?.length ? new MarkerParser(tokens).parse() : null;
}

/** A marker that compares with an operator its values do not support (`os_name ~= "nt"`): pip stops on it too. */
export class UndefinedComparison extends Error {
  constructor(readonly marker: string) {
    super(`undefined comparison in marker: ${marker}`);
    this.name = 'UndefinedComparison';
  }
}

function compare(left: string, op: Op, right: string, variable: MarkerVariable): boolean {
  if (VERSION_VARIABLES.has(variable) && op !== 'in' && op !== 'not in') {
    const spec = parseSpecifierSet(`${op}${right}`);
    if (spec?.length === 1) return clauseContains(spec[0]!, left);
  }
  switch (op) {
    case '==': return left === right;
    case '!=': return left !== right;
    case '<': return left < right;
    case '<=': return left <= right;
    case '>': return left > right;
    case '>=': return left >= right;
    case 'in': return right.includes(left);
    case 'not in': return !right.includes(left);
    default: throw new UndefinedComparison(`${left} ${op} ${right}`);
  }
}

/** packaging.markers.Marker.evaluate: extras compare PEP 503-normalized (PEP 685), versions as PEP 440. */
export function evaluateMarker(marker: Marker, env: MarkerEnvironment): boolean {
  if ('and' in marker) return marker.and.every((item) => evaluateMarker(item, env));
  if ('or' in marker) return marker.or.some((item) => evaluateMarker(item, env));
  const variable = 'variable' in marker.left ? marker.left.variable : (marker.right as { variable: MarkerVariable }).variable;
  const value = (operand: Operand) => {
    const text = 'variable' in operand ? env[operand.variable] : operand.literal;
    return variable === 'extra' && text ? normalizeProjectName(text) : text;
  };
  return compare(value(marker.left), marker.op, value(marker.right), variable);
}
