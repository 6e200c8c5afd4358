import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * Queries on a rendered screen by what a person or a screen reader meets (role and accessible name, label, text), in
 * the manner of @testing-library, which is not installed here: static markup parsed into a tree, never matched as a
 * string. Only the roles and naming rules the wizard's markup uses (WAI-ARIA implicit roles, accessible-name basics).
 */

type Document = ReturnType<typeof parseDocument>;
export type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];
type TextMatch = string | RegExp;

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const TEXTBOX_TYPES = new Set(['', 'text', 'url', 'email', 'search', 'tel']);
/** Roles whose accessible name comes from their content when nothing else names them. */
const NAMED_BY_CONTENT = new Set(['button', 'link', 'heading', 'listitem', 'cell', 'columnheader', 'option', 'radio', 'checkbox', 'status', 'alert']);

/** Text with runs of whitespace (no-break spaces included) as one space, trimmed: what a person reads as one line. */
function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function matches(actual: string, expected: TextMatch): boolean {
  return typeof expected === 'string' ? actual === collapse(expected) : expected.test(actual);
}

/** An element's implicit or explicit WAI-ARIA role, for the elements the wizard renders. */
export function roleOf(element: Element): string | null {
  const explicit = element.attribs.role;
  if (explicit) return explicit.split(' ')[0]!;
  const name = element.name;
  const type = (element.attribs.type ?? '').toLowerCase();
  if (name === 'button' || (name === 'input' && ['button', 'submit', 'reset'].includes(type))) return 'button';
  if (name === 'a' && 'href' in element.attribs) return 'link';
  if (HEADINGS.has(name)) return 'heading';
  if (name === 'input' && type === 'checkbox') return 'checkbox';
  if (name === 'input' && type === 'radio') return 'radio';
  if ((name === 'input' && TEXTBOX_TYPES.has(type)) || name === 'textarea') return 'textbox';
  if (name === 'select') return 'multiple' in element.attribs ? 'listbox' : 'combobox';
  if (name === 'option') return 'option';
  if (name === 'ul' || name === 'ol') return 'list';
  if (name === 'li') return 'listitem';
  if (name === 'progress') return 'progressbar';
  if (name === 'img' && element.attribs.alt !== '') return 'img';
  if (name === 'nav') return 'navigation';
  if (name === 'fieldset') return 'group';
  if (name === 'table') return 'table';
  if (name === 'tr') return 'row';
  if (name === 'td') return 'cell';
  if (name === 'th') return 'columnheader';
  if (name === 'section' && ('aria-label' in element.attribs || 'aria-labelledby' in element.attribs)) return 'region';
  return null;
}

/** Not shown (the `hidden` attribute) or, with `fromAssistiveTech`, also kept from screen readers (aria-hidden), here or above. */
function isHidden(element: Element, fromAssistiveTech = true): boolean {
  for (let node: Element | null = element; node; node = node.parent && DomUtils.isTag(node.parent) ? node.parent : null) {
    if ('hidden' in node.attribs || (fromAssistiveTech && node.attribs['aria-hidden'] === 'true')) return true;
  }
  return false;
}

/** One rendered screen and the queries on it. */
export class RenderedScreen {
  private readonly document: Document;

  constructor(html: string) {
    this.document = parseDocument(html);
  }

  private elements(): Element[] {
    return DomUtils.findAll(() => true, this.document.children);
  }

  private byId(id: string): Element | null {
    return DomUtils.getElementById(id, this.document.children);
  }

  /** The visible text of the whole screen, or of one element: each piece of text once, pieces apart by a space. */
  text(element?: Element): string {
    const root = element ? [element] : this.document.children;
    const texts: string[] = [];
    const walk = (nodes: readonly unknown[]) => {
      for (const node of nodes as Parameters<typeof DomUtils.isText>[0][]) {
        if (DomUtils.isText(node)) texts.push(node.data);
        else if (DomUtils.isTag(node) && !('hidden' in node.attribs)) walk(node.children);
      }
    };
    walk(root);
    return collapse(texts.join(' '));
  }

  /** The accessible name: aria-labelledby, aria-label, a label for a form control, alt, a legend, else the content. */
  nameOf(element: Element): string {
    const labelledBy = element.attribs['aria-labelledby'];
    if (labelledBy) return collapse(labelledBy.split(/\s+/).map((id) => { const target = this.byId(id); return target ? this.text(target) : ''; }).join(' '));
    const ariaLabel = element.attribs['aria-label'];
    if (ariaLabel) return collapse(ariaLabel);
    if (['input', 'select', 'textarea', 'progress', 'meter'].includes(element.name)) {
      const id = element.attribs.id;
      const byFor = id ? this.elements().find((candidate) => candidate.name === 'label' && candidate.attribs.for === id) : undefined;
      const label = byFor ?? this.closest(element, 'label');
      if (label) return this.text(label);
    }
    if (element.name === 'img') return collapse(element.attribs.alt ?? '');
    if (element.name === 'fieldset') {
      const legend = element.children.find((child) => DomUtils.isTag(child) && child.name === 'legend');
      if (legend && DomUtils.isTag(legend)) return this.text(legend);
    }
    const role = roleOf(element);
    return role && NAMED_BY_CONTENT.has(role) ? this.text(element) : '';
  }

  private closest(element: Element, tag: string): Element | null {
    for (let node = element.parent; node; node = node.parent) if (DomUtils.isTag(node) && node.name === tag) return node;
    return null;
  }

  /** Every visible element with `role`, and with that accessible name when `name` is given. */
  queryAllByRole(role: string, options: { name?: TextMatch } = {}): Element[] {
    return this.elements().filter((element) => roleOf(element) === role && !isHidden(element) && (options.name === undefined || matches(this.nameOf(element), options.name)));
  }

  getAllByRole(role: string, options: { name?: TextMatch } = {}): Element[] {
    const found = this.queryAllByRole(role, options);
    if (found.length === 0) throw new Error(`No ${role}${options.name ? ` named ${String(options.name)}` : ''}; the ${role}s here: ${this.describe(role)}`);
    return found;
  }

  /** The one element with `role` (and name); it throws when there is none or more than one, naming what there is. */
  getByRole(role: string, options: { name?: TextMatch } = {}): Element {
    const found = this.getAllByRole(role, options);
    if (found.length > 1) throw new Error(`${found.length} ${role}s named ${String(options.name)}: ${this.describe(role)}`);
    return found[0]!;
  }

  queryByRole(role: string, options: { name?: TextMatch } = {}): Element | null {
    return this.queryAllByRole(role, options)[0] ?? null;
  }

  /** The form control a <label> (by for= or by wrapping) or aria-label names `label`. */
  getByLabelText(label: TextMatch): Element {
    const controls = this.elements().filter((element) => ['input', 'select', 'textarea', 'progress', 'meter'].includes(element.name) && matches(this.nameOf(element), label));
    if (controls.length !== 1) throw new Error(`${controls.length} controls labelled ${String(label)}`);
    return controls[0]!;
  }

  /** Visible elements whose own text (their whole content) is `text`: the innermost ones, as a person points at them. */
  queryAllByText(text: TextMatch): Element[] {
    const all = this.elements().filter((element) => !isHidden(element, false) && matches(this.text(element), text));
    return all.filter((element) => !all.some((other) => other !== element && DomUtils.existsOne((inner) => inner === other, element.children)));
  }

  getByTestId(id: string): Element {
    const found = this.getAllByTestId(id);
    if (found.length !== 1) throw new Error(`${found.length} elements with data-testid=${id}`);
    return found[0]!;
  }

  getAllByTestId(id: string): Element[] {
    return this.elements().filter((element) => element.attribs['data-testid'] === id);
  }

  /** Elements that carry `attribute` at all (style=, which the CSP forbids, for one). */
  elementsWithAttribute(attribute: string): Element[] {
    return this.elements().filter((element) => attribute in element.attribs);
  }

  private describe(role: string): string {
    return this.elements().filter((element) => roleOf(element) === role).map((element) => JSON.stringify(this.nameOf(element))).join(', ') || 'none';
  }
}

/** A rendered screen's markup, parsed for queries. */
export function screenOf(html: string): RenderedScreen {
  return new RenderedScreen(html);
}

/** Whether a control is disabled (the attribute, as React writes it for disabled={true}). */
export function isDisabled(element: Element): boolean {
  return 'disabled' in element.attribs;
}

/** Whether a radio or checkbox is checked. */
export function isChecked(element: Element): boolean {
  return 'checked' in element.attribs;
}
