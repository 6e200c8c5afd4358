import path from 'node:path';
import { DlsetupError, toAppError, type ErrorCode } from '../../../shared/errors.js';
import { isLocale, type Locale, type ParamsArgs } from '../../../shared/i18n/localize.js';
import { sysrootPath } from '../../system/sysroot.js';
import { RUN_ID_PATTERN } from '../journal/runJournal.js';
import { nestedErrorParams, sayError } from '../../../shared/i18n/sayError.js';
import { createStepContext, type StepContextSinks } from '../stepContext.js';
import { stepForKind } from '../stepRegistry.js';
import { SYSTEM_BACKUP_ROOT } from './allowedRoots.js';
import { checkDescriptor, isElevatedKind } from './elevatedDescriptor.js';
import { watchEtc } from './etcSideEffects.js';
import { appendHelperEntry } from './helperJournal.js';
import { HELPER_PROTOCOL, REQUEST_FIELDS, type HelperReply, type HelperRequest } from './helperProtocol.js';
import { helperText, type HelperSay, type HelperTextKey } from './helperText.js';
import { undoStepFromJournal } from './helperUndo.js';

export { ELEVATED_KINDS } from './elevatedDescriptor.js';
export { validateUndoChange } from './helperUndo.js';

const STEP_ID_PATTERN = /^[A-Za-z0-9._:-]{1,80}$/;
/** Codes a refusal carries: a request outside the allowlist, or one whose fields are not accepted. */
const REFUSAL_CODES: readonly ErrorCode[] = ['UNAUTHORIZED', 'INVALID_ARGUMENT'];

type WorkRequest = Extract<HelperRequest, { type: 'run-step' | 'undo' }>;

class Refusal extends DlsetupError {}

/** A refusal keyed in the helper catalog, so the app says it in the reader's language. */
function refusal<K extends HelperTextKey>(say: HelperSay, code: ErrorCode, key: K, ...params: ParamsArgs<'helper', K>): Refusal {
  const said = say.error(code, key, ...(params as [never]));
  // Said again through sayError: a param may nest another error's key (helper.stepRefused's reason).
  return new Refusal(code, sayError(said, say.locale), { key: said.key, params: said.params });
}

/** The request as sent: a plain object whose type is known and whose fields are exactly that type's. */
function readRequest(line: string, say: HelperSay): HelperRequest {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw refusal(say, 'INVALID_ARGUMENT', 'helper.notJson');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refusal(say, 'INVALID_ARGUMENT', 'helper.notJson');
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(REQUEST_FIELDS, type)) {
    throw refusal(say, 'UNAUTHORIZED', 'helper.unknownType', { type: String(type) });
  }
  const fields = REQUEST_FIELDS[type as HelperRequest['type']];
  const extra = Object.keys(value).find((field) => !fields.includes(field));
  if (extra !== undefined) throw refusal(say, 'INVALID_ARGUMENT', 'helper.extraField', { type, field: extra });
  return value as HelperRequest;
}

/**
 * The elevated helper's brain (DESIGN.md §5, docs/security.md): reads typed descriptors, checks each against the
 * allowlist of kinds, the kind's descriptor fields and its step's own argument patterns, looks package names,
 * downloads and checksums up in data/ itself, runs the step and journals every change in its own root-owned
 * journal; an undo acts on that journal only. Used by the helper process and, when DL Setup already is root,
 * in-process through the same JSON lines.
 */
export function createHelperServer(
  send: (reply: HelperReply) => void,
  // The user who started the helper: only their own downloads are opened (userDownload.ts); this process's uid by default.
  options: { downloadOwner?: number } = {},
): { handle(line: string): Promise<void>; idle(): Promise<void> } {
  let runId: string | null = null;
  let locale: Locale = 'en';
  let say = helperText();
  const running = new Map<number, AbortController>();
  const pending = new Set<Promise<void>>();

  const refuse = (requestId: number | null, error: DlsetupError) => send({ type: 'refused', requestId, error: toAppError(error) });

  async function execute(request: WorkRequest, run: string): Promise<void> {
    const id = request.requestId;
    const controller = new AbortController();
    running.set(id, controller);
    let checked = false;
    try {
      if (typeof request.stepId !== 'string' || !STEP_ID_PATTERN.test(request.stepId)) throw refusal(say, 'UNAUTHORIZED', 'helper.badStepId');
      const stepId = request.stepId;
      const sinks: StepContextSinks = {
        log: (stream, line, command) => send({ type: 'log', requestId: id, stream, line, ...(command ? { command } : {}) }),
        progress: (fraction, detail, bytes) => send({ type: 'progress', requestId: id, fraction, detail, ...(bytes ? { bytes } : {}) }),
        record: () => undefined,
        command: (record) => send({ type: 'command', requestId: id, record }),
      };
      const backupDir = sysrootPath(path.join(SYSTEM_BACKUP_ROOT, run));
      if (request.type === 'undo') {
        if (request.runId !== run) throw refusal(say, 'UNAUTHORIZED', 'helper.otherRun', { runId: run, other: String(request.runId) });
        const ctx = createStepContext({ runId: run, stepId, signal: controller.signal, elevated: true, plan: null, locale, backupDir, sinks });
        checked = true;
        const { notes, undone } = await undoStepFromJournal(run, stepId, ctx, say);
        send({ type: 'done', requestId: id, value: { notes, undone } });
        return;
      }
      const kind = request.kind;
      if (!isElevatedKind(kind)) throw refusal(say, 'UNAUTHORIZED', 'helper.kindNotElevated', { kind: String(kind) });
      const step = stepForKind(kind);
      // parse() after the field check: each field's pattern and root, and data/'s packages, URLs and checksums.
      let params: unknown;
      try {
        params = step.parse(checkDescriptor(kind, request.params, say));
      } catch (error) {
        if (error instanceof Refusal) throw error;
        throw refusal(say, 'INVALID_ARGUMENT', 'helper.stepRefused', nestedErrorParams(error, 'reason', locale) as { reason: string });
      }
      const needsRoot = typeof step.elevated === 'function' ? step.elevated(params) : step.elevated;
      if (!needsRoot) throw refusal(say, 'UNAUTHORIZED', 'helper.noRootNeeded', { kind });
      // Journalled before the app hears of it: the helper's undo trusts this record only.
      const ownPaths = new Set<string>();
      sinks.record = (change) => {
        if ('path' in change) ownPaths.add(change.path);
        appendHelperEntry(run, { t: 'change', time: new Date().toISOString(), stepId, kind, change });
        send({ type: 'change', requestId: id, change });
      };
      const ctx = createStepContext({ runId: run, stepId, signal: controller.signal, elevated: true, plan: null, locale, backupDir, sinks, downloadOwner: options.downloadOwner });
      checked = true;
      // What the packages' own scripts change under /etc is in no record of dpkg's: the helper keeps one for rollback.
      // Under the helper's lock: no other step or undo changes the system while /etc is watched (helperLock.ts).
      const etc = watchEtc(run, stepId, say);
      let outcome: Awaited<ReturnType<typeof step.run>>;
      try {
        outcome = await step.run(params, ctx);
      } finally {
        etc.finish(ownPaths);
      }
      send({ type: 'done', requestId: id, value: outcome });
    } catch (error) {
      // Outside the allowlist is a refusal whenever it is found; a bad field only before anything ran.
      const refused = error instanceof DlsetupError && (error.code === 'UNAUTHORIZED' || (!checked && REFUSAL_CODES.includes(error.code)));
      if (refused) refuse(id, error);
      else send({ type: 'failed', requestId: id, error: toAppError(error) });
    } finally {
      running.delete(id);
    }
  }

  return {
    async handle(line: string) {
      let request: HelperRequest;
      try {
        request = readRequest(line, say);
      } catch (error) {
        const id = (() => {
          try {
            const value = JSON.parse(line) as { requestId?: unknown };
            return typeof value?.requestId === 'number' ? value.requestId : null;
          } catch {
            return null;
          }
        })();
        refuse(id, error as DlsetupError);
        return;
      }
      switch (request.type) {
        case 'hello': {
          const valid = request.protocol === HELPER_PROTOCOL && typeof request.runId === 'string' && RUN_ID_PATTERN.test(request.runId);
          // One helper serves one run: its journal and backups are that run's.
          if (!valid || (runId !== null && request.runId !== runId)) {
            refuse(null, refusal(say, 'UNAUTHORIZED', 'helper.badHello'));
            return;
          }
          runId = request.runId;
          locale = isLocale(request.locale) ? request.locale : 'en';
          say = helperText(locale);
          send({ type: 'ready', protocol: HELPER_PROTOCOL, pid: process.pid, uid: process.getuid?.() ?? null });
          return;
        }
        case 'run-step':
        case 'undo': {
          if (!Number.isSafeInteger(request.requestId)) {
            refuse(null, refusal(say, 'UNAUTHORIZED', 'helper.noRequestId'));
            return;
          }
          if (!runId) {
            refuse(request.requestId, refusal(say, 'UNAUTHORIZED', 'helper.noHello'));
            return;
          }
          const task = execute(request, runId);
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
      }
    },
    async idle() {
      await Promise.all(pending);
    },
  };
}
