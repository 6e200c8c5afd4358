import type { Locale } from '../../shared/i18n/localize.js';
import { DlsetupError } from '../../shared/errors.js';
import type { ProgressEvent, RollbackResult, RunStatus } from '../../shared/types/install.js';
import type { Plan } from '../../shared/types/plan.js';
import type { ElevationMode } from './elevation/elevationChannel.js';
import { installText, type InstallSay } from '../system/installText.js';
import type { InstallOverrides } from './planStepParams.js';
import type { HeldLock } from '../system/fileLock.js';
import { acquireInstallLock } from './installLock.js';
import { checkResumable, openRun, type OpenedRun } from './journal/openRun.js';
import { rollbackRun } from './journal/rollbackRun.js';
import { executeRun, prepareSteps } from './runner.js';
import { journalPath, latestRunId, newRunId, readJournal, readRunJournal } from './journal/runJournal.js';
import { errorIn } from '../../shared/i18n/sayError.js';
import { statusFromJournal } from './journal/runStatusFromJournal.js';
import { withInstallSources } from '../../shared/plan/withInstallSources.js';

export interface InstallServiceOptions {
  /** pkexec for the GUI, sudo for the CLI. */
  face?: 'gui' | 'cli';
  /** CLI --yes: never prompt (sudo -n). */
  nonInteractive?: boolean;
  /** Force an elevation mode (tests, root passthrough). */
  elevation?: ElevationMode;
  overrides?: InstallOverrides;
  retries?: number;
  retryBackoffMs?: number;
}

interface ActiveRun {
  controller: AbortController;
  status: RunStatus;
  done: Promise<RunStatus>;
}

/**
 * The install engine behind install:start / install:cancel / install:status and the install events of the engine:events push channel
 * (the lead wires these); one run at a time, since two package managers cannot run together.
 */
export class InstallService {
  private readonly listeners = new Set<(event: ProgressEvent) => void>();
  private readonly active = new Map<string, ActiveRun>();
  private lastRunId: string | null = null;
  /** The run being undone, while a rollback is applying. */
  private rollingBack: string | null = null;

  constructor(private readonly options: InstallServiceOptions = {}) {}

  onProgress(listener: (event: ProgressEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private publish(event: ProgressEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber must never stop an install.
      }
    }
  }

  /**
   * Installs and undos change the same system: one at a time (two browser tabs, a double click). This process's own
   * runs are known here; other processes' through the install lock, taken before anything of a run is written.
   */
  private ensureIdle(say: InstallSay): void {
    if (this.rollingBack) throw say.error('BUSY', 'service.rollbackBusy', { runId: this.rollingBack });
    const busy = [...this.active.values()].find((run) => run.status.state === 'running');
    if (busy) throw say.error('BUSY', 'service.busy', { runId: busy.status.runId });
  }

  /** Runs `open` holding the install lock; the lock is released if opening fails, else handed to the caller. */
  private locked<T>(action: 'install' | 'rollback', runId: string, say: InstallSay, open: () => T): { value: T; lock: HeldLock } {
    const lock = acquireInstallLock(action, runId, say);
    try {
      return { value: open(), lock };
    } catch (error) {
      lock.release();
      throw errorIn(error, say.locale);
    }
  }

  private launch(runId: string, plan: Plan, dryRun: boolean, resume: boolean, locale: Locale | undefined, opened: OpenedRun, lock: HeldLock | null): { runId: string } {
    const controller = new AbortController();
    const placeholder: RunStatus = { runId, state: 'running', fraction: 0, steps: [], dryRun, startedAt: new Date().toISOString() };
    const run: ActiveRun = { controller, status: placeholder, done: Promise.resolve(placeholder) };
    // Started on the next turn, so a caller that subscribes right after start() (the CLI, IPC) also gets run-started.
    run.done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => executeRun({
      runId,
      plan,
      dryRun,
      resume,
      signal: controller.signal,
      face: this.options.face,
      nonInteractive: this.options.nonInteractive,
      elevation: this.options.elevation,
      overrides: this.options.overrides,
      retries: this.options.retries,
      retryBackoffMs: this.options.retryBackoffMs,
      locale,
      opened,
      onEvent: (event) => {
        this.track(run, event);
        this.publish(event);
      },
    })).then((status) => {
      run.status = status;
      return status;
    }).finally(() => lock?.release());
    run.done.catch(() => undefined);
    this.active.set(runId, run);
    this.lastRunId = runId;
    return { runId };
  }

  private track(run: ActiveRun, event: ProgressEvent): void {
    const status = run.status;
    switch (event.type) {
      case 'run-started':
        status.steps = event.steps.map((step) => ({ ...step }));
        break;
      case 'step-started': {
        const step = status.steps.find((s) => s.id === event.stepId);
        if (step) step.state = 'running';
        break;
      }
      case 'step-progress':
        status.fraction = event.overall;
        break;
      case 'step-finished': {
        const step = status.steps.find((s) => s.id === event.stepId);
        if (step) {
          step.state = event.state;
          if (event.message) step.message = event.message;
          if (event.errorCode) step.errorCode = event.errorCode;
        }
        break;
      }
      case 'run-finished':
        status.state = event.state;
        if (event.errorCode) status.error = { code: event.errorCode, message: event.message ?? '' };
        break;
      default:
        break;
    }
  }

  /**
   * Starts a run in the background; progress arrives through onProgress. A bad plan is refused before any change.
   * `locale` is the language of the run's sentences for people (English when not given); the journal keeps it for resume.
   */
  start(plan: Plan, options: { dryRun?: boolean; locale?: Locale } = {}): { runId: string } {
    const say = installText(options.locale);
    this.ensureIdle(say);
    prepareSteps(plan, this.options.overrides, say);
    const runId = newRunId();
    const dryRun = !!options.dryRun;
    // A dry run changes nothing on the system, so it needs no lock.
    if (dryRun) return this.launch(runId, plan, true, false, options.locale, openRunIn(say, { runId, plan, dryRun, locale: options.locale }), null);
    const { value: opened, lock } = this.locked('install', runId, say, () => openRun({ runId, plan, locale: options.locale }));
    return this.launch(runId, plan, false, false, options.locale, opened, lock);
  }

  /**
   * Continues an interrupted, failed, cancelled or reboot-paused run (the latest when no id), in its own locale unless
   * one is given. `proxy` gives pip its proxy again: the journal keeps it without its user name and password.
   */
  resume(runId?: string, options: { locale?: Locale; proxy?: string } = {}): { runId: string } {
    const say = installText(options.locale);
    this.ensureIdle(say);
    const id = runId ?? latestRunId();
    if (!id) throw say.error('NOT_FOUND', 'service.nothingToResume');
    journalPath(id, say);
    const { value, lock } = this.locked('install', id, say, () => {
      const read = readRunJournal(id, say);
      checkResumable(id, read, say);
      const status = statusFromJournal(id, read.entries)!;
      if (status.dryRun) throw say.error('INVALID_ARGUMENT', 'service.resumeDryRun', { runId: id });
      if (status.state === 'succeeded') throw say.error('INVALID_ARGUMENT', 'service.resumeSucceeded', { runId: id });
      const journalled = read.entries.find((entry) => entry.t === 'run-started')!.plan;
      const plan = options.proxy ? withInstallSources(journalled, { proxy: options.proxy }) : journalled;
      return { plan, opened: openRun({ runId: id, plan, resume: true, locale: options.locale }) };
    });
    return this.launch(id, value.plan, false, true, options.locale, value.opened, lock);
  }

  cancel(runId: string): { cancelled: boolean } {
    const run = this.active.get(runId);
    if (!run || run.status.state !== 'running') return { cancelled: false };
    run.controller.abort();
    return { cancelled: true };
  }

  /** A run's status (the latest when no id): live for runs of this process, rebuilt from the journal otherwise. */
  status(runId?: string): RunStatus | null {
    const id = runId ?? this.lastRunId ?? latestRunId();
    if (!id) return null;
    const live = this.active.get(id);
    if (live) return structuredClone(live.status);
    try {
      return statusFromJournal(id, readJournal(id));
    } catch (error) {
      if (error instanceof DlsetupError && (error.code === 'NOT_FOUND' || error.code === 'INVALID_ARGUMENT')) return null;
      throw error;
    }
  }

  /** Resolves when the run ends (CLI and tests). */
  async wait(runId: string): Promise<RunStatus> {
    const run = this.active.get(runId);
    if (!run) {
      const status = this.status(runId);
      if (!status) throw installText().error('NOT_FOUND', 'service.runNotFound', { runId });
      return status;
    }
    return run.done;
  }

  /**
   * Shows (dryRun) or applies the undo of one run; refuses while that run is still going. `locale` is the language of
   * the actions, notes and errors; without one the rollback speaks the run's own language (its journal's).
   */
  async rollback(runId: string | undefined, options: { dryRun?: boolean; onLog?: (line: string) => void; locale?: Locale } = {}): Promise<RollbackResult> {
    const say = installText(options.locale);
    const id = runId ?? latestRunId();
    if (!id) throw say.error('NOT_FOUND', 'service.nothingToRollBack');
    if (this.active.get(id)?.status.state === 'running') throw say.error('INVALID_ARGUMENT', 'service.rollbackWhileRunning', { runId: id });
    const rollback = () =>
      rollbackRun(id, {
        dryRun: options.dryRun,
        onLog: options.onLog,
        locale: options.locale,
        elevation: this.options.elevation,
        face: this.options.face,
        nonInteractive: this.options.nonInteractive,
      });
    if (options.dryRun) return rollback();
    this.ensureIdle(say);
    const lock = acquireInstallLock('rollback', id, say);
    this.rollingBack = id;
    try {
      return await rollback();
    } finally {
      this.rollingBack = null;
      lock.release();
    }
  }
}

/** openRun with its errors in `say`'s language. */
function openRunIn(say: InstallSay, options: Parameters<typeof openRun>[0]): OpenedRun {
  try {
    return openRun(options);
  } catch (error) {
    throw errorIn(error, say.locale);
  }
}
