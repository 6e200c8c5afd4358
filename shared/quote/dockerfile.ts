import { errorText } from '../errorText.js';
import { oneLine, refuseControlChars } from './controlChars.js';

/** Characters a Dockerfile reader may take as a line end, or that are unprintable: written as JSON \uXXXX escapes. */
const UNPRINTABLE = /[\u007f-\u009f\u2028\u2029\ufeff]/g;

/** A JSON string (exec form): JSON.stringify escapes quotes, backslashes and C0 controls; the rest is escaped here. */
function jsonString(value: string): string {
  return JSON.stringify(value).replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** RUN/CMD/ENTRYPOINT exec form: no shell ever reads the arguments, and Docker does not substitute variables in them. */
export function dockerExecForm(argv: readonly string[]): string {
  return `[${argv.map(jsonString).join(', ')}]`;
}

/** A value for ENV, ARG or LABEL: double-quoted, with \, " and $ escaped (no variable substitution); line breaks refused. */
export function dockerValue(value: string): string {
  refuseControlChars(value);
  return `"${value.replace(/[\\"$]/g, '\\$&')}"`;
}

/** `KEY=value` for ENV, ARG or LABEL, with a key Docker reads as one word. */
export function dockerKeyValue(key: string, value: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key)) throw errorText.error('INVALID_ARGUMENT', 'quote.dockerKey', { key: JSON.stringify(oneLine(key)) });
  return `${key}=${dockerValue(value)}`;
}

/** Lowercase name components, an optional registry port and tag: nothing Docker would read as more than the image. */
const IMAGE = /^[a-z0-9]+(?:[._-][a-z0-9]+)*(?::[0-9]+)?(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?$/;

/** An image reference for FROM, or INVALID_ARGUMENT. */
export function dockerImage(reference: string): string {
  if (!IMAGE.test(reference)) {
    throw errorText.error('INVALID_ARGUMENT', 'quote.dockerImage', { reference: JSON.stringify(oneLine(reference).slice(0, 200)) });
  }
  return reference;
}

/** A comment line that no control character in `text` can end early. */
export function dockerComment(text: string): string {
  return `# ${oneLine(text)}`;
}
