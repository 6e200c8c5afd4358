import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../shared/errors.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { LoadingStatus } from '../components/LoadingStatus.js';
import { MirrorFields } from '../components/MirrorFields.js';
import { ScreenHeading } from '../components/ScreenHeading.js';
import { WhereToLook } from '../components/WhereToLook.js';
import { useLocale } from '../i18n/useLocale.js';
import { useApi } from '../wizard/ApiContext.js';
import { saveInstallRun } from '../wizard/browserStore.js';
import { applyInstallOptions, choiceProblems, planEnvPath, sourcesChoiceOf, type ChoiceField } from '../wizard/installOptions.js';
import type { RunView } from '../wizard/runProgress.js';
import { useRunProgress } from '../wizard/useRunProgress.js';
import type { Choice, ScreenProps } from '../wizard/wizardState.js';
import { InstallStepRow } from './InstallStepRow.js';
import { UndoInstall } from './UndoInstall.js';

/** Runs whose changes can be undone: ended, and not paused for a restart (the driver finishes only after it). */
const UNDOABLE_STATES = new Set<RunView['state']>(['succeeded', 'failed', 'cancelled', 'interrupted']);

/** Whether the Install screen offers "Undo this install…" for this run: a real run that has ended. */
export function canUndo(view: RunView): boolean {
  return !view.dryRun && UNDOABLE_STATES.has(view.state);
}

/** What the run is at, in words; a dry run is a preview, never an install. */
function runStateText(view: RunView, t: (key: string) => string): string {
  if (view.dryRun && view.state === 'running') return t('install.run.previewing');
  if (view.dryRun && view.state === 'succeeded') return t('install.run.previewed');
  return t(`install.run.${view.state}`);
}

/** Screen 5 as a pure function of one run's view, so it renders alone in tests. */
export function InstallRunView({
  view,
  busy,
  onCancel,
  onRetry,
  onVerify,
  retryFix,
  undo,
  undone = false,
}: {
  view: RunView;
  busy: boolean;
  onCancel: () => void;
  onRetry: () => void;
  onVerify: () => void;
  /** What the person can change before Retry (another mirror after a failed download). */
  retryFix?: ReactNode;
  /** "Undo this install…" and what it shows, below the run's own buttons. */
  undo?: ReactNode;
  /** The run's changes were undone: its environment is gone, so there is nothing to verify. */
  undone?: boolean;
}) {
  const { t } = useTranslation();
  const percent = Math.round(view.fraction * 100);
  return (
    <>
      {view.dryRun ? <p className="hint">{t('install.dryRunNote')}</p> : null}
      {/* A dry run installs nothing: no progress towards an install, no "everything is installed". */}
      {view.dryRun ? null : (
        <div className="overall">
          <progress aria-label={t('install.overall')} max={1} value={view.fraction} />
          <span className="overall-percent" aria-hidden="true">{`${percent} %`}</span>
        </div>
      )}
      <p role="status" className={`run-state state-${view.state}`} data-testid="run-state" data-state={view.state} data-preview={view.dryRun || undefined}>
        {runStateText(view, t)}
      </p>
      {view.error && view.state !== 'succeeded' ? <p className="field-error">{view.error.message} <code>{view.error.code}</code></p> : null}
      {view.state === 'needs-reboot' ? (
        <section className="panel reboot" aria-labelledby="reboot-heading" data-testid="reboot">
          <h2 id="reboot-heading">{t('install.reboot.heading')}</h2>
          <p>{t('install.reboot.why')}</p>
          <ol>
            <li>{t('install.reboot.save')}</li>
            <li>{t('install.reboot.restart')}</li>
            <li>{t('install.reboot.resume')}</li>
          </ol>
        </section>
      ) : null}
      <ol className="install-steps" aria-label={t('install.stepsLabel')}>
        {view.steps.map((step, index) => <InstallStepRow key={step.id} step={step} index={index} dryRun={view.dryRun} />)}
      </ol>
      {view.state === 'failed' || view.state === 'interrupted' ? <WhereToLook /> : null}
      {view.state === 'failed' ? retryFix : null}
      <div className="actions">
        {view.state === 'running' ? <button type="button" onClick={onCancel} disabled={busy}>{t('install.cancel')}</button> : null}
        {view.state === 'failed' || view.state === 'cancelled' || view.state === 'interrupted' || view.state === 'needs-reboot' ? (
          <button type="button" className={view.state === 'needs-reboot' ? '' : 'primary'} onClick={onRetry} disabled={busy}>
            {view.state === 'needs-reboot' ? t('install.resume') : t('install.retry')}
          </button>
        ) : null}
        {view.state === 'succeeded' && !view.dryRun && !undone ? <button type="button" className="primary" onClick={onVerify}>{t('install.verify')}</button> : null}
      </div>
      {undo}
    </>
  );
}

/** Screen 5: the running install, followed live; a reloaded page lands here again through install:status. */
export function InstallScreen({ state, dispatch }: ScreenProps) {
  const { t } = useTranslation();
  const api = useApi();
  const locale = useLocale();
  const { view, error } = useRunProgress(api, state.runId);
  const [actionError, setActionError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);

  // A failed framework download is usually the mirror: offer another one right here, starting from what really ran.
  const failedDownload = view?.state === 'failed' && view.steps.some((step) => step.state === 'failed' && step.kind === 'framework');
  const ranSources = useMemo(() => (state.installedPlan ? sourcesChoiceOf(state.installedPlan) : null), [state.installedPlan]);
  const [sources, setSources] = useState<Choice | null>(null);
  const [showSourceErrors, setShowSourceErrors] = useState(false);
  const editedSources = sources ?? ranSources;
  const sourceProblems = sources ? choiceProblems(sources) : [];
  const sourceErrorOf = (field: ChoiceField) => (showSourceErrors ? sourceProblems.find((problem) => problem.field === field) : undefined);

  const succeeded = view?.state === 'succeeded' && !view.dryRun;
  useEffect(() => {
    if (succeeded) dispatch({ type: 'install-succeeded', envPath: planEnvPath(state.installedPlan) });
  }, [succeeded, dispatch, state.installedPlan]);

  const cancel = async () => {
    if (!state.runId) return;
    setBusy(true);
    const result = await api['install:cancel']({ runId: state.runId });
    setBusy(false);
    setActionError(result.ok ? null : result.error);
  };

  // The engine skips steps whose check() is already satisfied, so starting the same plan again retries from the failed step.
  const retry = async () => {
    if (!state.installedPlan) return;
    if (sourceProblems.length > 0) {
      setShowSourceErrors(true);
      document.getElementById(`retry-${sourceProblems[0]!.field}`)?.focus();
      return;
    }
    const plan = sources ? applyInstallOptions(state.installedPlan, sources) : state.installedPlan;
    setBusy(true);
    const result = await api['install:start']({ plan, dryRun: view?.dryRun ?? false, locale });
    setBusy(false);
    if (!result.ok) return setActionError(result.error);
    setActionError(null);
    saveInstallRun(result.value.runId, plan);
    if (sources) {
      // The Choose screen shows the mirror that worked from now on.
      const { pypiMirror, pytorchMirror, customPypiUrl, customPytorchUrl } = sources;
      dispatch({ type: 'choose', patch: { pypiMirror, pytorchMirror, customPypiUrl, customPytorchUrl } });
      setSources(null);
    }
    dispatch({ type: 'install-started', runId: result.value.runId, plan });
  };

  const retryFix =
    failedDownload && editedSources ? (
      <section className="panel mirror-fix" aria-labelledby="mirror-fix-heading" data-testid="mirror-fix">
        <h2 id="mirror-fix-heading">{t('install.mirrorFix.heading')}</h2>
        <p className="muted">{t('install.mirrorFix.hint')}</p>
        <MirrorFields idPrefix="retry" choice={editedSources} errorOf={sourceErrorOf} onChange={(patch) => setSources({ ...editedSources, ...patch })} />
      </section>
    ) : null;

  return (
    <div className="screen install">
      <ScreenHeading>{view?.dryRun ? t('install.headingPreview') : t('install.heading')}</ScreenHeading>
      {!state.runId ? <p>{t('install.noRun')}</p> : null}
      {error ? <ErrorPanel error={error} /> : null}
      {state.runId && !view && !error ? <LoadingStatus>{t('install.attaching')}</LoadingStatus> : null}
      {view ? (
        <InstallRunView
          view={view}
          busy={busy || (!state.installedPlan && view.state !== 'running')}
          onCancel={() => void cancel()}
          onRetry={() => void retry()}
          onVerify={() => dispatch({ type: 'go', screen: 'verify' })}
          retryFix={retryFix}
          undone={state.undoneRunId === view.runId}
          undo={
            canUndo(view) ? (
              <UndoInstall key={view.runId} runId={view.runId} disabled={busy} onUndone={() => dispatch({ type: 'install-undone', runId: view.runId })} />
            ) : null
          }
        />
      ) : null}
      {actionError ? <ErrorPanel error={actionError} testId="install-action-error" /> : null}
      {!view || view.state !== 'running' ? (
        <div className="actions">
          <button type="button" onClick={() => dispatch({ type: 'go', screen: 'plan' })}>{t('install.backToPlan')}</button>
        </div>
      ) : null}
    </div>
  );
}
