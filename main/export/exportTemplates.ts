import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../appPaths.js';

/**
 * The Ansible role and the shell helpers, shipped as real files so ansible-lint and shellcheck read them as they are
 * (packaging must include main/export/templates/). They hold no plan value: the generators add those, quoted.
 */
export const exportTemplatesDir = path.join(packageRoot, 'main', 'export', 'templates');

const texts = new Map<string, string>();

/** A template's text by its '/'-separated path under templates/, read once: a fuzz run exports thousands of times. */
export function exportTemplate(relativePath: string): string {
  let text = texts.get(relativePath);
  if (text === undefined) {
    text = readFileSync(path.join(exportTemplatesDir, ...relativePath.split('/')), 'utf8');
    texts.set(relativePath, text);
  }
  return text;
}
