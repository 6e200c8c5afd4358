import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../shared/errors.js';
import type { DiagnoseResult } from '../../shared/types/diagnose.js';
import { DiagnosisList } from '../components/DiagnosisList.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { LoadingStatus } from '../components/LoadingStatus.js';
import { useLocale } from '../i18n/useLocale.js';
import { adminMark } from '../../shared/plan/adminMark.js';
import { useApi } from '../wizard/ApiContext.js';
import { formatBytes, formatSpeed } from '../../shared/text/formatBytes.js';
import { formatSeconds } from '../wizard/formatQuantity.js';
import { failureText, type StepView } from '../wizard/runProgress.js';

/** Lines shown in an open log; the rest stay in memory (MAX_LOG_LINES) so rendering stays cheap at 20 events/s. */
const SHOWN_LOG_LINES = 200;

function FailureDiagnosis({ step }: { step: StepView }) {
  const { t } = useTranslation();
  const api = useApi();
  const locale = useLocale();
  const [result, setResult] = useState<{ value?: DiagnoseResult; error?: AppError } | null>(null);
  const text = failureText(step);
  useEffect(() => {
    let live = true;
    void api['diagnose:text']({ text, locale }).then((answer) => {
      if (live) setResult(answer.ok ? { value: answer.value } : { error: answer.error });
    });
    return () => {
      live = false;
    };
    // Diagnose once per failure, not on every later log line: `text` is left out of the dependencies on purpose.
  }, [api, step.id, step.errorCode, step.message, locale]);
  return (
    <div className="failure-diagnosis" data-testid="step-diagnosis">
      {!result ? <LoadingStatus>{t('install.diagnosing')}</LoadingStatus> : null}
      {result?.value ? <DiagnosisList result={result.value} headingLevel={3} /> : null}
      {result?.error ? <ErrorPanel error={result.error} testId="diagnosis-error" /> : null}
    </div>
  );
}

function bytesText(step: StepView, t: (key: string, values?: Record<string, unknown>) => string): string {
  const bytes = step.bytes;
  if (!bytes || step.state !== 'running') return '';
  const parts = [bytes.total ? t('install.bytesOf', { done: formatBytes(bytes.done), total: formatBytes(bytes.total) }) : formatBytes(bytes.done)];
  if (bytes.perSecond) parts.push(formatSpeed(bytes.perSecond));
  if (bytes.etaSeconds !== undefined && bytes.etaSeconds !== null) parts.push(t('install.eta', { time: formatSeconds(bytes.etaSeconds) }));
  // The mirror the measuring chose for this download, with its measured speed.
  if (bytes.mirror?.measuredBytesPerSecond) parts.push(t('install.fromMirror', { mirror: bytes.mirror.id, speed: formatSpeed(bytes.mirror.measuredBytesPerSecond) }));
  return parts.join(' · ');
}

/** One install step: state, progress bar, bytes/speed/ETA and detail (space reserved so nothing shifts), log on demand. */
export const InstallStepRow = memo(function InstallStepRow({ step, index, dryRun = false }: { step: StepView; index: number; dryRun?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // A dry run is its commands, and a failure is read in its log: those start open.
  const [logOpen, setLogOpen] = useState(dryRun || step.state === 'failed');
  useEffect(() => {
    if (step.state === 'failed') setLogOpen(true);
  }, [step.state]);
  // A live log follows its newest line unless the person scrolled up to read.
  const logRef = useRef<HTMLPreElement>(null);
  const following = useRef(true);
  const lines = step.log.length + step.logDropped;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && following.current) log.scrollTop = log.scrollHeight;
  }, [lines, logOpen]);
  const label = t('install.stepProgress', { title: step.title });
  // A dry run lists what each step would run: "already done" and a full bar would say it was installed.
  const preview = dryRun && (step.state === 'skipped' || step.state === 'succeeded');
  return (
    <li className={`install-step state-${step.state}`} data-testid="install-step" data-step-id={step.id} data-state={step.state}>
      <div className="step-head">
        <span className="step-index" aria-hidden="true">{index + 1}</span>
        <span className="step-title">{step.title}</span>
        {step.elevated ? <span className="tag admin">{adminMark(locale)}</span> : null}
        <span className={`tag state state-${preview ? 'preview' : step.state}`}>{t(`install.states.${preview ? 'preview' : step.state}`)}</span>
      </div>
      {preview ? null : step.state === 'running' && step.fraction === null ? (
        <progress aria-label={label} />
      ) : (
        <progress aria-label={label} max={1} value={step.fraction ?? 0} />
      )}
      <p className="step-detail">{step.state === 'running' ? step.detail || '\u00a0' : step.message || '\u00a0'}</p>
      <p className="step-bytes" data-testid="step-bytes">{bytesText(step, t) || '\u00a0'}</p>
      {step.state === 'failed' && step.errorCode ? <p className="muted"><code>{step.errorCode}</code></p> : null}
      {step.state === 'failed' ? <FailureDiagnosis step={step} /> : null}
      <details open={logOpen} onToggle={(event) => setLogOpen(event.currentTarget.open)}>
        <summary>{lines === 1 ? t('install.logOne') : t('install.log', { lines })}</summary>
        {logOpen ? (
          <pre
            ref={logRef}
            className="log"
            data-testid="step-log"
            tabIndex={0}
            aria-label={t('install.logLabel', { title: step.title })}
            onScroll={(event) => {
              const log = event.currentTarget;
              following.current = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
            }}
          >
            {step.logDropped + Math.max(0, step.log.length - SHOWN_LOG_LINES) > 0 ? `${t('install.logTrimmed', { lines: step.logDropped + Math.max(0, step.log.length - SHOWN_LOG_LINES) })}\n` : ''}
            {step.log.slice(-SHOWN_LOG_LINES).join('\n')}
          </pre>
        ) : null}
      </details>
    </li>
  );
});
