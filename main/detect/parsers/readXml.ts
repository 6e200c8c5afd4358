/** A minimal XML element tree: enough for nvidia-smi -q -x, no DTD, no namespaces. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity] ?? whole;
  });
}

/**
 * Tolerant reader: skips prolog, DOCTYPE, comments and CDATA markers; closes unclosed elements at the end;
 * a stray closing tag pops back to its opener. Returns null when the text holds no element at all.
 */
export function readXml(text: string): XmlElement | null {
  if (typeof text !== 'string') return null;
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const tag = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)|<![^>]*>|<\?[\s\S]*?(?:\?>|$)|<\/\s*([^\s>]+)\s*>|<([^\s/>!?]+)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const top = stack[stack.length - 1] as XmlElement;
    top.text += decode(text.slice(last, match.index));
    last = tag.lastIndex;
    const [, cdata, closing, opening, attributeText, selfClosing] = match;
    if (cdata !== undefined) {
      top.text += cdata;
    } else if (closing) {
      const at = stack.map((element) => element.name).lastIndexOf(closing);
      if (at > 0) stack.length = at;
    } else if (opening) {
      const attributes: Record<string, string> = {};
      for (const attribute of (attributeText ?? '').matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
        attributes[attribute[1] as string] = decode(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
      }
      const element: XmlElement = { name: opening, attributes, children: [], text: '' };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  const rest = text.slice(last);
  if (!rest.includes('<')) (stack[stack.length - 1] as XmlElement).text += decode(rest);
  const first = root.children[0];
  return first ?? null;
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
