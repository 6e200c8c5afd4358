import { Tokenizer } from 'htmlparser2';

type TokenizerCallbacks = ConstructorParameters<typeof Tokenizer>[1];

/** A minimal XML element tree: enough for nvidia-smi -q -x, no DTD, no namespaces. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** What a parse did, for tests that prove it linear: tokenizer events plus elements popped off the open stack. */
export interface XmlStats {
  steps: number;
}

function counted(callbacks: TokenizerCallbacks, stats: XmlStats): TokenizerCallbacks {
  const wrapped: Record<string, (...args: never[]) => void> = {};
  for (const [name, callback] of Object.entries(callbacks) as [string, (...args: never[]) => void][]) {
    wrapped[name] = (...args) => {
      stats.steps += 1;
      callback(...args);
    };
  }
  return wrapped as unknown as TokenizerCallbacks;
}

/**
 * Tolerant reader: skips prolog, DOCTYPE, comments and CDATA markers; closes unclosed elements at the end;
 * a stray closing tag pops back to its opener; a tag cut off at the end is dropped. Returns null when the text holds
 * no element at all. Linear in the text: htmlparser2's tokenizer (a state machine, XML entities) does the lexing, and
 * the open-element stack keeps a count per name so a closing tag never searches it.
 */
export function readXml(text: string, stats?: XmlStats): XmlElement | null {
  if (typeof text !== 'string') return null;
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const openByName = new Map<string, number>();
  let pending: XmlElement | null = null;
  let attributeName = '';
  let attributeValue = '';
  const top = () => stack[stack.length - 1] as XmlElement;
  // A tag joins the tree only once its `>` is seen, as the regex reader did.
  const finishTag = (selfClosing: boolean) => {
    if (!pending) return;
    top().children.push(pending);
    if (!selfClosing) {
      stack.push(pending);
      openByName.set(pending.name, (openByName.get(pending.name) ?? 0) + 1);
    }
    pending = null;
  };
  const callbacks: TokenizerCallbacks = {
    ontext: (start, end) => void (top().text += text.slice(start, end)),
    ontextentity: (codepoint) => void (top().text += String.fromCodePoint(codepoint)),
    oncdata: (start, end, endOffset) => void (top().text += text.slice(start, end - endOffset)),
    onopentagname: (start, end) => void (pending = { name: text.slice(start, end), attributes: {}, children: [], text: '' }),
    onattribname: (start, end) => {
      attributeName = text.slice(start, end);
      attributeValue = '';
    },
    onattribdata: (start, end) => void (attributeValue += text.slice(start, end)),
    onattribentity: (codepoint) => void (attributeValue += String.fromCodePoint(codepoint)),
    onattribend: () => {
      // "__proto__" as a key would reach the prototype; nvidia-smi has no such attribute.
      if (pending && attributeName !== '__proto__') pending.attributes[attributeName] = attributeValue;
    },
    onopentagend: () => finishTag(false),
    onselfclosingtag: () => finishTag(true),
    onclosetag: (start, end) => {
      const name = text.slice(start, end);
      if (!openByName.get(name)) return;
      for (let closed = stack.pop() as XmlElement; ; closed = stack.pop() as XmlElement) {
        if (stats) stats.steps += 1;
        openByName.set(closed.name, (openByName.get(closed.name) ?? 1) - 1);
        if (closed.name === name) break;
      }
    },
    oncomment: () => undefined,
    ondeclaration: () => undefined,
    onprocessinginstruction: () => undefined,
    onend: () => undefined,
  };
  const tokenizer = new Tokenizer({ xmlMode: true, decodeEntities: true }, stats ? counted(callbacks, stats) : callbacks);
  tokenizer.write(text);
  tokenizer.end();
  return root.children[0] ?? null;
}

/** The first child element along a path of names ("fb_memory_usage/total"). */
export function xmlChild(element: XmlElement | null | undefined, path: string): XmlElement | undefined {
  let current: XmlElement | undefined = element ?? undefined;
  for (const name of path.split('/')) {
    current = current?.children.find((child) => child.name === name);
    if (!current) return undefined;
  }
  return current;
}

/** Trimmed text at a path, or undefined. */
export function xmlText(element: XmlElement | null | undefined, path: string): string | undefined {
  const found = xmlChild(element, path);
  return found ? found.text.trim() : undefined;
}
