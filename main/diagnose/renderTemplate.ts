const PLACEHOLDER = /\{([A-Za-z]\w{0,40})\}/g;
const OPTIONAL = /\[\[([^\]]{0,400})\]\]/g;

/** Placeholder names a template uses, optional sections included. */
export function templatePlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
}

function fill(text: string, values: Readonly<Record<string, string>>): string | null {
  let missing = false;
  const out = text.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') {
      missing = true;
      return '';
    }
    return value;
  });
  return missing ? null : out;
}

/**
 * Fills `{name}` placeholders. A `[[ … ]]` section disappears when any value it names is unknown; a placeholder outside
 * such a section is required, and then the whole template yields null (the caller leaves that sentence out).
 */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string | null {
  const withOptional = template.replace(OPTIONAL, (_whole, inner: string) => fill(inner, values) ?? '');
  return fill(withOptional, values);
}
