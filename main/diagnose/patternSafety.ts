/**
 * Static checks on the knowledge base's regular expressions so that matching stays linear in the input size.
 *
 * JavaScript regexes backtrack: `(a+)+b` or `.*x.*y` can take exponential or polynomial time on a near-miss line.
 * We parse each pattern into a small tree and bound the number of ways it can match from one start position
 * ("paths"): a literal has 1, a sequence multiplies, an alternation adds, `{m,n}` over x sums paths(x)^k for k ≤ n.
 * Unbounded quantifiers (`*`, `+`, `{n,}`) have no bound and are refused. With paths ≤ MAX_PATHS and every line cut
 * to at most MAX_LINE characters, one pattern costs at most MAX_LINE × MAX_PATHS steps per line: linear overall.
 * The same tree gives each pattern's required literals, which the matcher uses as a prefilter.
 */
export const MAX_PATHS = 5000;
export const MIN_LITERAL = 4;

interface CharNode {
  type: 'char';
  /** The literal character, or null for a class / escape class / dot. */
  ch: string | null;
}
interface AssertNode {
  type: 'assert';
}
interface GroupNode {
  type: 'group';
  alternatives: Node[][];
  lookaround: boolean;
  name?: string;
}
interface RepeatNode {
  type: 'repeat';
  node: Node;
  min: number;
  max: number;
}
type Node = CharNode | AssertNode | GroupNode | RepeatNode;

export interface PatternAnalysis {
  /** Upper bound on the paths from one start position (Infinity when unbounded). */
  paths: number;
  /** Any of these (lower-case) literal strings occurs in every text the pattern matches; empty when none is long enough. */
  literals: string[];
  groupNames: string[];
  problems: string[];
}

class Parser {
  private at = 0;
  readonly problems: string[] = [];
  readonly names: string[] = [];
  constructor(private readonly source: string) {}

  parse(): GroupNode {
    const alternatives = this.alternation();
    if (this.at < this.source.length) this.problems.push(`unbalanced ")" at ${this.at}`);
    return { type: 'group', alternatives, lookaround: false };
  }

  private peek(): string | undefined {
    return this.source[this.at];
  }

  private alternation(): Node[][] {
    const alternatives: Node[][] = [this.sequence()];
    while (this.peek() === '|') {
      this.at += 1;
      alternatives.push(this.sequence());
    }
    return alternatives;
  }

  private sequence(): Node[] {
    const nodes: Node[] = [];
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      nodes.push(this.quantified(atom));
    }
    return nodes;
  }

  private quantified(atom: Node): Node {
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === '*' || c === '+') {
      this.problems.push(`unbounded quantifier "${c}" at ${this.at}: use {m,n}`);
      min = c === '+' ? 1 : 0;
      max = Infinity;
      this.at += 1;
    } else if (c === '?') {
      min = 0;
      max = 1;
      this.at += 1;
    } else if (c === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!match) return atom;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      if (max === Infinity) this.problems.push(`unbounded quantifier "${match[0]}" at ${this.at}`);
      this.at += match[0].length;
    } else {
      return atom;
    }
    if (this.peek() === '?') this.at += 1;
    if (atom.type === 'assert') this.problems.push(`quantified assertion at ${this.at}`);
    return { type: 'repeat', node: atom, min, max };
  }

  private atom(): Node {
    const c = this.peek() as string;
    this.at += 1;
    if (c === '^' || c === '$') return { type: 'assert' };
    if (c === '.') return { type: 'char', ch: null };
    if (c === '[') return this.charClass();
    if (c === '(') return this.group();
    if (c === '\\') return this.escape();
    if (c === '*' || c === '+' || c === '?' || c === '{') this.problems.push(`nothing to repeat at ${this.at - 1}`);
    return { type: 'char', ch: c };
  }

  private charClass(): Node {
    while (this.at < this.source.length && this.peek() !== ']') {
      if (this.peek() === '\\') this.at += 1;
      this.at += 1;
    }
    if (this.peek() !== ']') this.problems.push('unterminated character class');
    this.at += 1;
    return { type: 'char', ch: null };
  }

  private group(): Node {
    let lookaround = false;
    let name: string | undefined;
    if (this.source.startsWith('?:', this.at)) this.at += 2;
    else if (this.source.startsWith('?=', this.at) || this.source.startsWith('?!', this.at)) {
      lookaround = true;
      this.at += 2;
    } else if (this.source.startsWith('?<=', this.at) || this.source.startsWith('?<!', this.at)) {
      lookaround = true;
      this.at += 3;
    } else if (this.source.startsWith('?<', this.at)) {
      const match = /^\?<([A-Za-z_]\w*)>/.exec(this.source.slice(this.at));
      if (!match) this.problems.push(`bad group name at ${this.at}`);
      else {
        name = match[1] as string;
        this.names.push(name);
        this.at += match[0].length;
      }
    }
    const alternatives = this.alternation();
    if (this.peek() !== ')') this.problems.push('unterminated group');
    this.at += 1;
    return { type: 'group', alternatives, lookaround, ...(name ? { name } : {}) };
  }

  private escape(): Node {
    const c = this.peek();
    this.at += 1;
    if (c === undefined) {
      this.problems.push('trailing backslash');
      return { type: 'char', ch: null };
    }
    if (c === 'b' || c === 'B') return { type: 'assert' };
    if (/[dDwWsS]/.test(c)) return { type: 'char', ch: null };
    if (/[1-9]/.test(c) || c === 'k') {
      this.problems.push(`back-reference at ${this.at - 2}: not allowed`);
      return { type: 'char', ch: null };
    }
    if (c === 'x' || c === 'u') {
      const width = c === 'x' ? 2 : 4;
      const hex = this.source.slice(this.at, this.at + width);
      this.at += width;
      return { type: 'char', ch: String.fromCharCode(Number.parseInt(hex, 16)) };
    }
    if (c === 't') return { type: 'char', ch: '\t' };
    if (c === 'n' || c === 'r') return { type: 'char', ch: null };
    return { type: 'char', ch: c };
  }
}

function pathsOf(node: Node): number {
  switch (node.type) {
    case 'char':
    case 'assert':
      return 1;
    case 'group':
      return node.alternatives.reduce((sum, sequence) => sum + sequence.reduce((product, item) => product * pathsOf(item), 1), 0);
    case 'repeat': {
      if (node.max === Infinity) return Infinity;
      const inner = pathsOf(node.node);
      let total = 0;
      for (let k = node.min; k <= node.max; k += 1) {
        total += inner ** k;
        if (total > MAX_PATHS * 1000) return total;
      }
      return total;
    }
  }
}

/** Literal strings one of which every match of the sequence contains; null when no literal is long enough. */
function literalsOfSequence(sequence: Node[]): string[] | null {
  let best: string[] | null = null;
  let bestLength = 0;
  let run = '';
  const consider = (candidates: string[] | null) => {
    if (!candidates || candidates.length === 0) return;
    const shortest = Math.min(...candidates.map((text) => text.length));
    if (shortest < MIN_LITERAL) return;
    // A single long literal beats a set; between sets, the one with the longest shortest member wins.
    const score = candidates.length === 1 ? shortest + 1000 : shortest;
    if (score > bestLength) {
      best = candidates;
      bestLength = score;
    }
  };
  for (const node of sequence) {
    if (node.type === 'char' && node.ch !== null) {
      run += node.ch;
      continue;
    }
    consider(run ? [run] : null);
    run = '';
    if (node.type === 'group' && !node.lookaround) consider(literalsOfAlternatives(node.alternatives));
    else if (node.type === 'repeat' && node.min >= 1 && node.node.type === 'group' && !node.node.lookaround) {
      consider(literalsOfAlternatives(node.node.alternatives));
    }
  }
  consider(run ? [run] : null);
  return best;
}

function literalsOfAlternatives(alternatives: Node[][]): string[] | null {
  const all: string[] = [];
  for (const sequence of alternatives) {
    const literals = literalsOfSequence(sequence);
    if (!literals) return null;
    all.push(...literals);
  }
  return all;
}

/**
 * Parses and bounds one knowledge-base pattern; `problems` is empty when it is safe to run on any line. Words read
 * without the prefilter (a family's `inWords`) need no literal.
 */
export function analyzePattern(source: string, { prefiltered = true }: { prefiltered?: boolean } = {}): PatternAnalysis {
  const parser = new Parser(source);
  const root = parser.parse();
  const problems = [...parser.problems];
  const paths = pathsOf(root);
  if (paths > MAX_PATHS && Number.isFinite(paths)) problems.push(`up to ${paths} backtracking paths per position (limit ${MAX_PATHS})`);
  const literals = literalsOfAlternatives(root.alternatives);
  if (!literals && prefiltered) problems.push(`no literal of at least ${MIN_LITERAL} characters in every alternative (needed for the prefilter)`);
  try {
    new RegExp(source, 'i');
  } catch (error) {
    problems.push(`not a valid regular expression: ${(error as Error).message}`);
  }
  return {
    paths,
    literals: [...new Set((literals ?? []).map((text) => text.toLowerCase()))],
    groupNames: parser.names,
    problems,
  };
}
