// {name} inserts a value; {?name} only requires it (for sentences that are true when a flag is set).
const PLACEHOLDER = /\{(\??)([A-Za-z]\w{0,40})\}/g;
const OPTIONAL = /\[\[([^\]]{0,400})\]\]/g;

/** Placeholder names a template uses, optional sections and flags included. */
export function templatePlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[2] as string);
}

function fill(text: string, values: Readonly<Record<string, string>>): string | null {
  let missing = false;
  const out = text.replace(PLACEHOLDER, (_whole, flag: string, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') {
      missing = true;
      return '';
    }
    return flag ? '' : value;
  });
  return missing ? null : out;
}

function renderOne(template: string, values: Readonly<Record<string, string>>): string | null {
  const withOptional = template.replace(OPTIONAL, (_whole, inner: string) => fill(inner, values) ?? '');
  return fill(withOptional, values);
}

/**
 * Fills `{name}` placeholders. A `[[ … ]]` section disappears when a value it names is unknown; a placeholder outside
 * such a section is required. `a||b||c` are alternatives: the first whose required values are all known is used.
 * Null when none renders (the caller leaves that sentence out).
 */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string | null {
  for (const alternative of template.split('||')) {
    const rendered = renderOne(alternative, values);
    if (rendered !== null) return rendered;
  }
  return null;
}
