import { readFileSync } from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..', '..');

/** The fenced YAML block of docs/<page> whose first line is `# <name>`: the lane runs the playbook the admin reads. */
export function docsPlaybook(page: string, name: string): string {
  const text = readFileSync(path.join(REPO, 'docs', page), 'utf8');
  const block = [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]!).find((body) => body.startsWith(`# ${name}`));
  if (!block) throw new Error(`docs/${page} has no \`\`\`yaml block starting with "# ${name}"`);
  return block;
}
