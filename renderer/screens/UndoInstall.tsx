import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../shared/errors.js';
import type { RollbackPreview, RollbackResult } from '../../shared/types/install.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { LoadingStatus } from '../components/LoadingStatus.js';
import { useLocale } from '../i18n/useLocale.js';
import { adminMark } from '../../shared/plan/adminMark.js';
import { useApi } from '../wizard/ApiContext.js';

/** Where "Undo this install" stands: offered, asking what would be undone, showing it, undoing, finished. */
export type UndoStage =
  | { stage: 'offer' }
  | { stage: 'asking' }
  | { stage: 'preview'; preview: RollbackPreview }
  | { stage: 'undoing'; preview: RollbackPreview }
  | { stage: 'finished'; result: RollbackResult };

/** The undo offer, its preview and its outcome as a pure function of the stage, so it renders alone in tests. */
export function UndoInstallView({
  undo,
  error,
  disabled = false,
  onAsk,
  onConfirm,
  onKeep,
}: {
  undo: UndoStage;
  error: AppError | null;
  disabled?: boolean;
  onAsk: () => void;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const offerRef = useRef<HTMLButtonElement>(null);
  const shownRef = useRef<HTMLDivElement>(null);
  const previewing = undo.stage === 'preview' || undo.stage === 'undoing' ? undo.preview : null;
  const finished = undo.stage === 'finished' ? undo.result : null;
  const undone = finished !== null && finished.ok && finished.preview.actions.length > 0;
  const nothingLeft = (previewing ?? finished?.preview)?.actions.length === 0;
  const offered = undo.stage === 'offer' || undo.stage === 'asking' || (finished !== null && !finished.ok);

  // Keyboard and screen-reader users land on what just appeared; "Keep everything" returns them to the button.
  const shown = undo.stage === 'preview' || undo.stage === 'finished';
  const kept = useRef(false);
  useEffect(() => {
    if (shown) shownRef.current?.focus();
    else if (undo.stage === 'offer' && kept.current) offerRef.current?.focus();
    kept.current = false;
  }, [shown, undo.stage]);

  return (
    <section className="undo-install" aria-label={t('install.undo.label')} data-testid="undo-install">
      {offered ? (
        <div className="actions">
          <button type="button" ref={offerRef} onClick={onAsk} disabled={disabled || undo.stage === 'asking'} data-testid="undo-offer">
            {t('install.undo.offer')}
          </button>
        </div>
      ) : null}
      {undo.stage === 'asking' ? <LoadingStatus>{t('install.undo.asking')}</LoadingStatus> : null}
      {nothingLeft ? (
        <div ref={shownRef} tabIndex={-1} role="status" className="panel undo-result" data-testid="undo-result" data-result="nothing">
          <p>{t('install.undo.nothing')}</p>
        </div>
      ) : null}
      {previewing && !nothingLeft ? (
        <div ref={shownRef} tabIndex={-1} className="panel undo-preview" aria-labelledby="undo-heading" data-testid="undo-preview">
          <h2 id="undo-heading">{t('install.undo.heading')}</h2>
          <ul className="undo-actions" data-testid="undo-actions">
            {previewing.actions.map((action, index) => (
              <li key={`${index}-${action.stepId}`} data-kind={action.kind} data-elevated={action.elevated}>
                {action.description}
                {action.elevated ? <span className="tag admin">{adminMark(locale)}</span> : null}
              </li>
            ))}
          </ul>
          <p className="muted">
            {previewing.actions.some((action) => action.elevated) ? `${t('install.undo.untouched')} ${t('install.undo.password', { mark: adminMark(locale) })}` : t('install.undo.untouched')}
          </p>
          {undo.stage === 'undoing' ? <LoadingStatus>{t('install.undo.undoing')}</LoadingStatus> : null}
          <div className="actions">
            <button type="button" className="primary" onClick={onConfirm} disabled={disabled || undo.stage === 'undoing'}>{t('install.undo.confirm')}</button>
            <button
              type="button"
              onClick={() => {
                kept.current = true;
                onKeep();
              }}
              disabled={undo.stage === 'undoing'}
            >
              {t('install.undo.keep')}
            </button>
          </div>
        </div>
      ) : null}
      {undone ? (
        <div ref={shownRef} tabIndex={-1} role="status" className="panel undo-result" data-testid="undo-result" data-result="undone">
          <p>{t('install.undo.done')}</p>
        </div>
      ) : null}
      {finished && !finished.ok ? (
        <div ref={shownRef} tabIndex={-1} role="alert" className="panel undo-result" data-testid="undo-result" data-result="problems">
          <p>{t('install.undo.problems')}</p>
          <ul>
            {finished.notes.map((note, index) => <li key={index}>{note}</li>)}
          </ul>
        </div>
      ) : null}
      {error ? <ErrorPanel error={error} testId="undo-error" /> : null}
    </section>
  );
}

/**
 * "Undo this install…" for one ended run: asks install:rollback for a dry run, shows what would be undone, and undoes it
 * only when the person confirms. `onUndone` tells the screen the run's changes are gone (its environment too).
 */
export function UndoInstall({ runId, disabled, onUndone }: { runId: string; disabled?: boolean; onUndone: () => void }) {
  const api = useApi();
  const locale = useLocale();
  const [undo, setUndo] = useState<UndoStage>({ stage: 'offer' });
  const [error, setError] = useState<AppError | null>(null);

  const ask = async () => {
    setError(null);
    setUndo({ stage: 'asking' });
    const answer = await api['install:rollback']({ runId, dryRun: true, locale });
    if (!answer.ok) {
      setError(answer.error);
      return setUndo({ stage: 'offer' });
    }
    setUndo({ stage: 'preview', preview: answer.value.preview });
  };

  const confirm = async () => {
    if (undo.stage !== 'preview') return;
    setError(null);
    setUndo({ stage: 'undoing', preview: undo.preview });
    const answer = await api['install:rollback']({ runId, locale });
    if (!answer.ok) {
      setError(answer.error);
      return setUndo({ stage: 'preview', preview: undo.preview });
    }
    setUndo({ stage: 'finished', result: answer.value });
    if (answer.value.ok && answer.value.preview.actions.length > 0) onUndone();
  };

  return (
    <UndoInstallView
      undo={undo}
      error={error}
      disabled={disabled}
      onAsk={() => void ask()}
      onConfirm={() => void confirm()}
      onKeep={() => setUndo({ stage: 'offer' })}
    />
  );
}
