import { sha256Of } from '../hostFileWriter.js';

/**
 * The account files adduser and useradd write for a package's system user. Rollback merges them line by line: it
 * removes only the lines the step added for an account that did not exist before, and only while each is still as
 * the step wrote it; everything else in the file stays as it is now (an administrator's edits, made during the step
 * or after it, included).
 */
export const ACCOUNT_FILES: ReadonlySet<string> = new Set(['/etc/passwd', '/etc/group', '/etc/shadow', '/etc/gshadow']);

/** An account or group name as adduser allows it (a trailing `$` for machine accounts). */
export const ACCOUNT_NAME = /^[A-Za-z0-9._][A-Za-z0-9._-]{0,63}\$?$/;
/** How an entry whose name is not a valid account name is shown (never its raw text). */
const UNNAMED = '?';

/** What one step did to one account file: its additions by name and line hash (no line text: shadow holds hashes), and the names of entries changed or removed otherwise. */
export interface AccountLines {
  added: { name: string; sha256: string }[];
  others: string[];
}

const linesOf = (bytes: Buffer) => {
  const lines = bytes.toString('utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
};
const nameOf = (line: string) => line.slice(0, line.indexOf(':') < 0 ? line.length : line.indexOf(':'));
const shownName = (name: string) => (ACCOUNT_NAME.test(name) ? name : UNNAMED);

/** The step's additions (lines naming an account the file did not have before) and every other changed entry, by name. */
export function accountDiff(before: Buffer, after: Buffer): AccountLines {
  const was = linesOf(before);
  const known = new Set(was.map(nameOf));
  const wasLines = new Set(was);
  const is = linesOf(after);
  const isLines = new Set(is);
  const added: AccountLines['added'] = [];
  const others = new Set<string>();
  for (const line of is) {
    if (wasLines.has(line)) continue;
    const name = nameOf(line);
    if (!known.has(name) && ACCOUNT_NAME.test(name)) added.push({ name, sha256: sha256Of(Buffer.from(line)) });
    else others.add(shownName(name));
  }
  for (const line of was) if (!isLines.has(line)) others.add(shownName(nameOf(line)));
  return { added, others: [...others].sort() };
}

/** The file as it is now less the lines the step added that are still exactly as it wrote them; the names it took out and the ones it left because they changed. */
export function withoutAdded(now: Buffer, added: AccountLines['added']): { bytes: Buffer; removed: string[]; changed: string[] } {
  const remaining = new Map(added.map((line) => [line.name, line.sha256]));
  const removed: string[] = [];
  const kept: string[] = [];
  for (const line of linesOf(now)) {
    const name = nameOf(line);
    if (remaining.get(name) === sha256Of(Buffer.from(line))) {
      remaining.delete(name);
      removed.push(name);
    } else kept.push(line);
  }
  // A name added by the step but now on a different line (or gone) is left as it is.
  const changed = [...remaining.keys()].filter((name) => linesOf(now).some((line) => nameOf(line) === name));
  const text = kept.length ? `${kept.join('\n')}\n` : '';
  return { bytes: Buffer.from(text), removed, changed };
}

/** An account record from a journal line is well formed: valid names, sha256 hashes. */
export function isAccountLines(value: unknown): value is AccountLines {
  if (typeof value !== 'object' || value === null) return false;
  const { added, others } = value as Partial<AccountLines>;
  return (
    Array.isArray(added) &&
    added.every((line) => typeof line === 'object' && line !== null && typeof line.name === 'string' && ACCOUNT_NAME.test(line.name) && typeof line.sha256 === 'string' && /^[0-9a-f]{64}$/.test(line.sha256)) &&
    Array.isArray(others) &&
    others.every((name) => typeof name === 'string' && (name === UNNAMED || ACCOUNT_NAME.test(name)))
  );
}
