import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../shared/errors.js';
import type { PlanRequest } from '../../shared/types/plan.js';
import { DownloadEstimate } from '../components/DownloadEstimate.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { LoadingStatus } from '../components/LoadingStatus.js';
import { PackageSources } from '../components/PackageSources.js';
import { ScreenHeading } from '../components/ScreenHeading.js';
import { useLocale } from '../i18n/useLocale.js';
import { adminMark } from '../../shared/plan/adminMark.js';
import { useApi } from '../wizard/ApiContext.js';
import { saveInstallRun } from '../wizard/browserStore.js';
import { applyInstallOptions } from '../wizard/installOptions.js';
import { planToShellScript } from '../wizard/planScript.js';
import { ExportPanel } from '../components/ExportPanel.js';
import { GpuPicker } from '../components/GpuPicker.js';
import { componentRows } from './planComponentRows.js';
import { IndexCheckPanel } from './IndexCheckPanel.js';
import { ReusePanel } from './ReusePanel.js';
import { usePlanResolve } from './usePlanResolve.js';
import type { Choice, ScreenProps } from '../wizard/wizardState.js';

/** Names the alternative by what it changes: framework and version always, Python and method only when they differ. */
function alternativeLabel(request: PlanRequest, current: Choice, t: (key: string, values?: Record<string, unknown>) => string): string {
  const parts = [`${t(`choose.frameworks.${request.framework}.name`)} ${request.frameworkVersion ?? t('plan.latest')}`];
  if (request.python && request.python !== current.python) parts.push(`Python ${request.python}`);
  if (request.method && request.method !== current.method) parts.push(t(`choose.methods.${request.method}.name`));
  return t('plan.useAlternative', { what: parts.join(t('plan.listSeparator')) });
}

/** Screen 4: what will change and why, what is blocked and the nearest plan that works, then install. */
/** "Keep my driver" and "Allow a driver upgrade": one checkbox each, exclusive of the other, with its hint. */
function DriverChoice({ id, checked, label, hint, onChange }: { id: string; checked: boolean; label: string; hint: string; onChange: (on: boolean) => void }) {
  return (
    <>
      <label>
        <input type="checkbox" checked={checked} aria-describedby={id} onChange={(event) => onChange(event.target.checked)} /> {label}
      </label>
      <p id={id} className="muted">
        {hint}
      </p>
    </>
  );
}

export function PlanScreen({ state, dispatch }: ScreenProps) {
  const { t } = useTranslation();
  const api = useApi();
  const locale = useLocale();
  const resolvedIn = useRef(locale);
  const [startError, setStartError] = useState<AppError | null>(null);
  const [starting, setStarting] = useState(false);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const statusRef = useRef<HTMLDivElement>(null);
  const focusStatus = useRef(false);

  const { resolve, rechecking } = usePlanResolve(state, dispatch, api, locale);

  useEffect(() => {
    if (state.plan.status === 'idle') resolve();
  }, [state.plan.status, resolve]);
  // Reasons and step titles are written in the UI language: a language switch asks the resolver again (pure, fast).
  useEffect(() => {
    if (resolvedIn.current === locale) return;
    resolvedIn.current = locale;
    if (state.plan.status === 'ready') resolve();
  }, [locale, state.plan.status, resolve]);
  useEffect(() => {
    if (state.plan.status === 'ready' && focusStatus.current) {
      focusStatus.current = false;
      statusRef.current?.focus();
    }
  }, [state.plan.status]);

  const plan = state.plan.status === 'ready' ? state.plan.value : null;
  const report = state.detect.status === 'ready' ? state.detect.value : null;
  const driver = report?.driver?.version ?? null;
  // The engine says what this machine lacks (conda for a conda plan); Install waits until it is there or the plan changes.
  const condaMissing = plan?.missingPrerequisites?.find((missing) => missing.code === 'CONDA_MISSING');
  // An NVIDIA GPU nobody could identify: no "works", and the person names it from a list (issue 28).
  const gpuUnknown = plan?.missingPrerequisites?.find((missing) => missing.code === 'GPU_UNKNOWN');
  const prerequisiteMessages = new Set(plan?.missingPrerequisites?.map((missing) => missing.message));
  // A source changed on this screen: Install waits for the files checked on the new one.
  const ready = !!plan && plan.status === 'ok' && !plan.missingPrerequisites?.length && !rechecking;

  const start = async (dryRun: boolean) => {
    if (!plan) return;
    setStarting(true);
    setStartError(null);
    const planned = applyInstallOptions(plan, state.choice);
    const result = await api['install:start']({ plan: planned, dryRun, locale });
    setStarting(false);
    if (!result.ok) return setStartError(result.error);
    saveInstallRun(result.value.runId, planned);
    dispatch({ type: 'install-started', runId: result.value.runId, plan: planned });
  };

  const copyScript = async () => {
    if (!plan) return;
    try {
      await navigator.clipboard.writeText(planToShellScript(applyInstallOptions(plan, state.choice)));
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className="screen plan">
      <ScreenHeading>{t('plan.heading')}</ScreenHeading>
      {state.plan.status === 'loading' || state.plan.status === 'idle' ? <LoadingStatus>{t('plan.loading')}</LoadingStatus> : null}
      {state.plan.status === 'failed' ? <ErrorPanel error={state.plan.error} onRetry={resolve} /> : null}
      {plan ? (
        <>
          <div ref={statusRef} tabIndex={-1} className={`plan-status ${plan.status}`} data-testid="plan-status" data-status={plan.status}>
            <p className="plan-title">
              {gpuUnknown
                ? t('plan.gpuUnknown.title')
                : condaMissing
                ? t('plan.conda.title')
                : plan.status === 'ok'
                  ? t('plan.ok', { framework: t(`choose.frameworks.${plan.framework.name}.name`), version: plan.framework.version, variant: plan.framework.variant })
                  : t('plan.blocked')}
            </p>
          </div>

          {driver ? (
            <div className="field keep-driver">
              <DriverChoice id="keep-driver-hint" checked={state.choice.keepDriver} label={t('plan.keepDriver.label', { driver })} hint={t('plan.keepDriver.hint')} onChange={(on) => dispatch({ type: 'choose', patch: { keepDriver: on, upgradeDriver: false } })} />
              <DriverChoice id="upgrade-driver-hint" checked={state.choice.upgradeDriver} label={t('plan.upgradeDriver.label')} hint={t('plan.upgradeDriver.hint')} onChange={(on) => dispatch({ type: 'choose', patch: { upgradeDriver: on, keepDriver: false } })} />
            </div>
          ) : null}

          {gpuUnknown || state.choice.gpu ? (
            <GpuPicker
              message={gpuUnknown?.message}
              picked={state.choice.gpu}
              plannedFor={plan.gpu?.name ?? plan.gpu?.architecture}
              onPick={(gpu) => {
                focusStatus.current = true;
                dispatch({ type: 'choose', patch: { gpu } });
              }}
            />
          ) : null}

          {condaMissing ? (
            <section aria-labelledby="conda-heading" className="blockers" data-testid="plan-conda-missing">
              <h2 id="conda-heading">{t('plan.conda.heading')}</h2>
              <p>{condaMissing.message}</p>
              {condaMissing.alternative ? (
                <button
                  type="button"
                  className="primary"
                  onClick={() => {
                    focusStatus.current = true;
                    dispatch({ type: 'accept-alternative', request: condaMissing.alternative! });
                  }}
                >
                  {t('plan.conda.useWheels')}
                </button>
              ) : null}
            </section>
          ) : null}

          {plan.blockers.length > 0 ? (
            <section aria-labelledby="blockers-heading" className="blockers" data-testid="plan-blockers">
              <h2 id="blockers-heading">{t('plan.blockersHeading')}</h2>
              <ul>
                {plan.blockers.map((blocker) => (
                  <li key={blocker.code + blocker.message}>
                    <p>{blocker.message} <code className="muted">[{blocker.code}]</code></p>
                    {blocker.alternative ? (
                      <button
                        type="button"
                        className="primary"
                        onClick={() => {
                          focusStatus.current = true;
                          dispatch({ type: 'accept-alternative', request: blocker.alternative! });
                        }}
                      >
                        {alternativeLabel(blocker.alternative, state.choice, t)}
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="components-heading">
            <h2 id="components-heading">{t('plan.componentsHeading')}</h2>
            <table className="components" data-testid="plan-components">
              <thead>
                <tr>
                  <th scope="col">{t('plan.component')}</th>
                  <th scope="col">{t('plan.now')}</th>
                  <th scope="col">{t('plan.after')}</th>
                  <th scope="col">{t('plan.action')}</th>
                </tr>
              </thead>
              <tbody>
                {componentRows(plan, report, t).map((row) => (
                  <tr key={row.id} data-component={row.id}>
                    <th scope="row">{t(`plan.components.${row.id}`)}</th>
                    <td>{row.now}</td>
                    <td>
                      <span aria-hidden="true">→ </span>
                      {row.after}
                    </td>
                    <td>{row.action}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>

          <ReusePanel plan={plan} onVerify={(python) => dispatch({ type: 'reuse-environment', python })} />
          {plan.download ? <DownloadEstimate estimate={plan.download} /> : null}
          <IndexCheckPanel plan={plan} rechecking={rechecking} />
          {plan.steps.some((step) => step.kind === 'framework') ? <PackageSources state={state} dispatch={dispatch} /> : null}

          {plan.reasons.length > 0 ? (
            <section aria-labelledby="reasons-heading">
              <h2 id="reasons-heading">{t('plan.reasonsHeading')}</h2>
              <ul className="reasons" data-testid="plan-reasons">{plan.reasons.map((reason) => <li key={reason}>{reason}</li>)}</ul>
            </section>
          ) : null}

          {plan.warnings.some((warning) => !prerequisiteMessages.has(warning)) ? (
            <section aria-labelledby="warnings-heading">
              <h2 id="warnings-heading">{t('plan.warningsHeading')}</h2>
              <ul className="warnings" data-testid="plan-warnings">
                {/* A missing prerequisite has its own section above, with its button. */}
                {plan.warnings.filter((warning) => !prerequisiteMessages.has(warning)).map((warning) => <li key={warning}>{warning}</li>)}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="steps-heading">
            <h2 id="steps-heading">{t('plan.stepsHeading')}</h2>
            {plan.steps.some((step) => step.elevated) ? <p className="muted">{t('plan.elevatedNote', { mark: adminMark(locale) })}</p> : null}
            <ol className="plan-steps" data-testid="plan-steps">
              {plan.steps.map((step) => (
                <li key={step.id} data-kind={step.kind}>
                  {step.title}
                  {step.elevated ? <span className="tag admin"> {adminMark(locale)}</span> : null}
                </li>
              ))}
            </ol>
            <details className="script">
              <summary>{t('plan.showScript')}</summary>
              <pre className="log" data-testid="plan-script">{planToShellScript(applyInstallOptions(plan, state.choice))}</pre>
            </details>
          </section>
          {plan.status === 'ok' ? <ExportPanel plan={applyInstallOptions(plan, state.choice)} /> : null}
          {startError ? <ErrorPanel error={startError} /> : null}
        </>
      ) : null}
      <p role="status" className="muted copy-status">{copied === 'copied' ? t('plan.copied') : copied === 'failed' ? t('plan.copyFailed') : ''}</p>
      <div className="actions">
        <button type="button" onClick={() => dispatch({ type: 'back' })}>{t('app.back')}</button>
        <button type="button" onClick={() => void copyScript()} disabled={!plan}>{t('plan.copyScript')}</button>
        <button type="button" onClick={() => void start(true)} disabled={!plan || plan.status !== 'ok' || starting}>{t('plan.dryRun')}</button>
        <button type="button" className="primary" onClick={() => void start(false)} disabled={!ready || starting}>{t('plan.install')}</button>
      </div>
    </div>
  );
}
