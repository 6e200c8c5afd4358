import path from 'node:path';
import { DlsetupError, toAppError } from '../../../shared/errors.js';
import { isLocale, type Locale } from '../../../shared/i18n/localize.js';
import { sysrootPath } from '../../system/sysroot.js';
import { createStepContext } from '../stepContext.js';
import type { JournalChange } from '../journalEntry.js';
import { RUN_ID_PATTERN } from '../runJournal.js';
import { DEB_PACKAGE_PATTERN } from '../stepParams.js';
import { stepForKind } from '../stepRegistry.js';
import { undoChange } from '../undoChange.js';
import { ELEVATED_DIR_ROOTS, SYSTEM_BACKUP_ROOT, isAllowedElevatedDir, isAllowedElevatedFile } from './allowedRoots.js';
import { HELPER_PROTOCOL, type HelperReply, type HelperRequest } from './helperProtocol.js';

/** Step kinds that may ever run as root; python-env and framework never do (pip as root breaks systems). */
export const ELEVATED_KINDS: ReadonlySet<string> = new Set(['driver', 'cuda-repo', 'cuda-toolkit', 'cudnn', 'env-vars']);

function refuse(reason: string): never {
  throw new DlsetupError('UNAUTHORIZED', `The elevated helper refused: ${reason}`);
}

/** Every change an undo request names must be one the helper could have made itself. */
export function validateUndoChange(change: JournalChange, runId: string): void {
  switch (change.type) {
    case 'file-backed-up': {
      if (!isAllowedElevatedFile(change.path)) refuse(`${change.path} is not a file DL Setup manages.`);
      const backupRoot = sysrootPath(path.join(SYSTEM_BACKUP_ROOT, runId));
      if (path.normalize(change.backup) !== change.backup || !change.backup.startsWith(`${backupRoot}/`)) refuse(`backup ${change.backup} is not in ${backupRoot}.`);
      if (!Number.isInteger(change.mode) || change.mode < 0 || change.mode > 0o777) refuse('bad file mode.');
      return;
    }
    case 'file-created':
    case 'file-written':
      if (!isAllowedElevatedFile(change.path)) refuse(`${change.path} is not a file DL Setup manages.`);
      return;
    case 'dir-created':
      if (change.owned ? !isAllowedElevatedDir(change.path) : !/^\/(etc|opt|usr\/local)(\/[A-Za-z0-9._-]+)+$/.test(change.path)) {
        refuse(`${change.path} is not a folder DL Setup may remove (allowed: ${ELEVATED_DIR_ROOTS.join(', ')}).`);
      }
      return;
    case 'packages-installed':
      if (change.manager !== 'apt') refuse('only apt packages are removed as root.');
      if (!change.packages.length || change.packages.some((name) => !DEB_PACKAGE_PATTERN.test(name))) refuse('a package name is not valid.');
      return;
    case 'alternative-set':
      if (change.name !== 'cuda' || !isAllowedElevatedDir(change.path) || (change.previous !== null && !isAllowedElevatedDir(change.previous))) {
        refuse('only the "cuda" alternative between /usr/local/cuda-X.Y trees is managed.');
      }
      return;
    case 'needs-ldconfig':
    case 'needs-initramfs':
      return;
    case 'packages-upgraded':
      refuse('pip changes are never undone as root.');
  }
}

/**
 * The elevated helper's brain (docs/design.md §5): reads typed descriptors, validates them against the allowlist of
 * step kinds and each step's own argument patterns, runs them, and reports back. Used by the helper process and,
 * when DL Setup already is root, in-process through the same JSON lines.
 */
export function createHelperServer(send: (reply: HelperReply) => void): { handle(line: string): Promise<void>; idle(): Promise<void> } {
  let runId: string | null = null;
  let locale: Locale = 'en';
  const running = new Map<number, AbortController>();
  const pending = new Set<Promise<void>>();

  async function execute(request: Extract<HelperRequest, { type: 'run-step' | 'undo' }>): Promise<void> {
    const controller = new AbortController();
    running.set(request.requestId, controller);
    const id = request.requestId;
    try {
      if (!runId) refuse('no hello yet.');
      if (!ELEVATED_KINDS.has(request.kind)) refuse(`step kind "${String(request.kind)}" is not allowed to run elevated.`);
      if (typeof request.stepId !== 'string' || !/^[A-Za-z0-9._:-]{1,80}$/.test(request.stepId)) refuse('bad step id.');
      const step = stepForKind(request.kind);
      const ctx = createStepContext({
        runId,
        stepId: request.stepId,
        signal: controller.signal,
        elevated: true,
        plan: null,
        locale,
        backupDir: sysrootPath(path.join(SYSTEM_BACKUP_ROOT, runId)),
        sinks: {
          log: (stream, line, command) => send({ type: 'log', requestId: id, stream, line, ...(command ? { command } : {}) }),
          progress: (fraction, detail, bytes) => send({ type: 'progress', requestId: id, fraction, detail, ...(bytes ? { bytes } : {}) }),
          record: (change) => send({ type: 'change', requestId: id, change }),
          command: (record) => send({ type: 'command', requestId: id, record }),
        },
      });
      if (request.type === 'run-step') {
        // parse() is the argument allowlist: package-name and path patterns, URLs, checksums.
        let params: unknown;
        try {
          params = step.parse(request.params);
        } catch (error) {
          refuse((error as Error).message);
        }
        const needsRoot = typeof step.elevated === 'function' ? step.elevated(params) : step.elevated;
        if (!needsRoot) refuse(`this ${request.kind} step does not need root, so it does not get it.`);
        const outcome = await step.run(params, ctx);
        send({ type: 'done', requestId: id, value: outcome });
      } else {
        if (!Array.isArray(request.changes)) refuse('changes must be a list.');
        for (const change of request.changes) validateUndoChange(change, runId);
        const written = new Map(Array.isArray(request.written) ? request.written.filter((pair) => typeof pair?.[0] === 'string' && typeof pair?.[1] === 'string') : []);
        const notes: string[] = [];
        for (const change of request.changes) {
          const note = await undoChange(change, ctx, written);
          if (note) notes.push(note);
        }
        send({ type: 'done', requestId: id, value: { notes } });
      }
    } catch (error) {
      if (error instanceof DlsetupError && error.code === 'UNAUTHORIZED') send({ type: 'refused', requestId: id, reason: error.message });
      else send({ type: 'failed', requestId: id, error: toAppError(error) });
    } finally {
      running.delete(id);
    }
  }

  return {
    async handle(line: string) {
      let request: HelperRequest;
      try {
        request = JSON.parse(line) as HelperRequest;
        if (typeof request !== 'object' || request === null) throw new Error('not an object');
      } catch {
        send({ type: 'refused', requestId: null, reason: 'The elevated helper refused: a line that is not a JSON descriptor.' });
        return;
      }
      switch (request.type) {
        case 'hello':
          if (request.protocol !== HELPER_PROTOCOL || typeof request.runId !== 'string' || !RUN_ID_PATTERN.test(request.runId)) {
            send({ type: 'refused', requestId: null, reason: 'The elevated helper refused: bad hello (protocol or run id).' });
            return;
          }
          runId = request.runId;
          locale = isLocale(request.locale) ? request.locale : 'en';
          send({ type: 'ready', protocol: HELPER_PROTOCOL, pid: process.pid, uid: process.getuid?.() ?? null });
          return;
        case 'run-step':
        case 'undo': {
          if (typeof request.requestId !== 'number') {
            send({ type: 'refused', requestId: null, reason: 'The elevated helper refused: a descriptor without a request id.' });
            return;
          }
          const task = execute(request);
          pending.add(task);
          await task;
          pending.delete(task);
          return;
        }
        case 'cancel':
          running.get(request.requestId)?.abort();
          return;
        case 'bye':
          return;
        default:
          send({ type: 'refused', requestId: null, reason: `The elevated helper refused: unknown descriptor type "${String((request as { type?: unknown }).type)}".` });
      }
    },
    async idle() {
      await Promise.all(pending);
    },
  };
}
