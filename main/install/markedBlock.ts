/** Marked blocks DL Setup owns inside shell profiles (docs/design.md §5): found, replaced or removed, never anything around them. */
import { errorText } from '../../shared/errorText.js';

export function blockMarkers(name: string): { begin: string; end: string } {
  if (!/^[a-z0-9-]+$/.test(name)) throw errorText.error('INVALID_ARGUMENT', 'block.badName', { name });
  return { begin: `# >>> dlsetup ${name} >>>`, end: `# <<< dlsetup ${name} <<<` };
}

/** Returns the text with exactly one block `name` holding `body`; everything else is kept byte for byte. */
export function upsertMarkedBlock(text: string, name: string, body: string): string {
  const { begin, end } = blockMarkers(name);
  // A marker line inside the body would let removal stop there and leave the rest of the block behind.
  if (body.split(/\r?\n/).some((line) => line === begin || line === end)) {
    throw errorText.error('INVALID_ARGUMENT', 'block.containsMarker', { name });
  }
  const block = `${begin}\n# Managed by DL Setup; \`dlsetup rollback\` removes it.\n${body.replace(/\n+$/, '')}\n${end}\n`;
  const start = text.indexOf(begin);
  if (start >= 0) {
    const stop = text.indexOf(end, start);
    if (stop >= 0) {
      let after = stop + end.length;
      if (text[after] === '\n') after += 1;
      return text.slice(0, start) + block + text.slice(after);
    }
  }
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  return text + separator + block;
}

/** Removes block `name` and nothing else. */
export function removeMarkedBlock(text: string, name: string): string {
  const { begin, end } = blockMarkers(name);
  const start = text.indexOf(begin);
  if (start < 0) return text;
  const stop = text.indexOf(end, start);
  if (stop < 0) return text;
  let after = stop + end.length;
  if (text[after] === '\n') after += 1;
  return text.slice(0, start) + text.slice(after);
}

export function hasMarkedBlock(text: string, name: string, body: string): boolean {
  return upsertMarkedBlock(text, name, body) === text;
}
