import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifyOutcome } from '../../shared/ipc/contract.js';
import type { VerifyComparison, VerifyRequest } from '../../shared/types/verify.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { Gauge } from '../components/Gauge.js';
import { LoadingStatus } from '../components/LoadingStatus.js';
import { PrecisionChart } from '../components/PrecisionChart.js';
import { ScreenHeading } from '../components/ScreenHeading.js';
import { useLocale } from '../i18n/useLocale.js';
import { useApi } from '../wizard/ApiContext.js';
import { formatTflops } from '../wizard/formatQuantity.js';
import { downloadFile, reportToHtml } from '../wizard/reportFiles.js';
import type { ScreenProps, WizardState } from '../wizard/wizardState.js';


/** Verify the environment just installed when there is one, else whatever DL Setup finds. */
export function verifyRequestOf(state: WizardState, quick: boolean): VerifyRequest {
  return state.envPath
    ? { python: `${state.envPath}/bin/python`, framework: state.choice.framework, quick }
    : { framework: 'auto', quick };
}

function Comparison({ comparison }: { comparison: VerifyComparison }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="compare-heading" data-testid="comparison">
      <h2 id="compare-heading">{t('verify.compareHeading', { date: comparison.previousCreatedAt ? new Date(comparison.previousCreatedAt).toLocaleString() : '—' })}</h2>
      {comparison.changes.length === 0 ? <p>{t('verify.noChanges')}</p> : (
        <ul>
          {comparison.changes.map((change) => (
            <li key={change.subject} className={change.direction}>
              {t('verify.change', { subject: change.subject.replace(/^check:/, ''), before: change.before ?? '—', after: change.after ?? '—' })}
            </li>
          ))}
        </ul>
      )}
      {comparison.matmulDeltas.some((delta) => delta.deltaPercent !== null) ? (
        <ul>
          {comparison.matmulDeltas.filter((delta) => delta.deltaPercent !== null).map((delta) => (
            <li key={delta.dtype}>{t('verify.delta', { dtype: delta.dtype, before: formatTflops(delta.before!), after: formatTflops(delta.after!), percent: delta.deltaPercent! > 0 ? `+${delta.deltaPercent}` : String(delta.deltaPercent) })}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The verification results as a pure function of verify:run's outcome, so it renders alone in tests. */
export function VerifyResultView({ outcome }: { outcome: VerifyOutcome }) {
  const { t } = useTranslation();
  const { report, comparison, saved } = outcome;
  const gpuMatmul = report.matmul.filter((m) => m.device !== 'cpu');
  const rated = gpuMatmul.filter((m) => m.peakTflops);
  const best = [...rated].sort((a, b) => (b.efficiency ?? b.tflops / b.peakTflops!) - (a.efficiency ?? a.tflops / a.peakTflops!))[0];
  const cudnnChecks = report.checks.filter((check) => check.id.includes('cudnn') || check.id.startsWith('conv2d'));
  const checkName = (id: string) => t(`verify.checkNames.${id}`, { defaultValue: id });
  return (
    <>
      <p className={`verify-summary ${report.summary.failed > 0 ? 'fail' : 'pass'}`} data-testid="verify-summary">
        {t('verify.summary', { passed: report.summary.passed, failed: report.summary.failed, skipped: report.summary.skipped })}
      </p>
      <p className="muted">
        {report.framework ? `${report.framework.name} ${report.framework.version}` : t('verify.noFramework')}
        {report.devices.length > 0 ? ` · ${report.devices.map((device) => device.name).join(', ')}` : ''}
        {report.python?.path ? ` · ${report.python.path}` : ''}
      </p>

      <section aria-labelledby="checks-heading">
        <h2 id="checks-heading">{t('verify.checksHeading')}</h2>
        <table className="checks" data-testid="verify-checks">
          <thead>
            <tr>
              <th scope="col">{t('verify.check')}</th>
              <th scope="col">{t('verify.result')}</th>
              <th scope="col">{t('verify.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {report.checks.map((check) => (
              <tr key={check.id} data-check={check.id} data-status={check.status}>
                <th scope="row">{checkName(check.id)}</th>
                <td><span className={`tag status-${check.status}`}>{t(`verify.status.${check.status}`)}</span></td>
                <td>{check.reason ?? ''}{check.code ? <> <code className="muted">{check.code}</code></> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="speed-heading">
        <h2 id="speed-heading">{t('verify.speedHeading')}</h2>
        {report.matmul.length === 0 ? <p>{t('verify.noMatmul')}</p> : null}
        {report.matmul.length > 0 && gpuMatmul.length === 0 ? <p data-testid="cpu-only-note">{t('verify.cpuOnly')}</p> : null}
        <div className="speed">
          {best ? (
            <Gauge
              value={best.tflops}
              max={best.peakTflops!}
              label={t('verify.gaugeLabel', { dtype: best.dtype, tflops: formatTflops(best.tflops), peak: formatTflops(best.peakTflops!), percent: Math.round((best.tflops / best.peakTflops!) * 100) })}
              caption={`${best.dtype} · ${formatTflops(best.tflops)} / ${formatTflops(best.peakTflops!)} TFLOP/s`}
            />
          ) : null}
          {report.matmul.length > 0 ? (
            <PrecisionChart
              bars={report.matmul.map((m) => ({ dtype: m.device === 'cpu' ? `${m.dtype} (CPU)` : m.dtype, tflops: m.tflops, peak: m.peakTflops }))}
              label={t('verify.chartLabel', { values: report.matmul.map((m) => `${m.dtype} ${formatTflops(m.tflops)}${m.peakTflops ? ` / ${formatTflops(m.peakTflops)}` : ''} TFLOP/s`).join('; ') })}
            />
          ) : null}
        </div>
        {report.bandwidth ? (
          <p>{t('verify.bandwidth', { gbs: Math.round(report.bandwidth.gbs), peak: report.bandwidth.peakGBs ?? '?' })}</p>
        ) : null}
      </section>

      <section aria-labelledby="cudnn-heading">
        <h2 id="cudnn-heading">{t('verify.cudnnHeading')}</h2>
        <p data-testid="verify-cudnn">
          {cudnnChecks.length === 0
            ? t('verify.cudnnUnknown')
            : cudnnChecks.map((check) => `${checkName(check.id)}: ${t(`verify.status.${check.status}`)}${check.reason ? ` (${check.reason})` : ''}`).join(' · ')}
          {report.framework?.build.cudnn ? ` · cuDNN ${report.framework.build.cudnn}` : ''}
        </p>
      </section>

      {(report.tuning?.length ?? 0) + (report.advice?.length ?? 0) + (report.findings?.length ?? 0) > 0 ? (
        <section aria-labelledby="tuning-heading">
          <h2 id="tuning-heading">{t('verify.tuningHeading')}</h2>
          <ul className="tuning" data-testid="verify-tuning">
            {report.tuning?.map((tip) => (
              <li key={tip.id}>
                <strong>{tip.label}</strong>{' '}
                {tip.skipped ? t('verify.tuningSkipped', { why: tip.skipped }) : tip.speedup ? t('verify.tuningSpeedup', { speedup: tip.speedup.toFixed(2) }) : ''}
                {tip.setting ? <> <code>{tip.setting}</code></> : null}
              </li>
            ))}
            {report.findings?.map((finding) => (
              <li key={finding.code} className="warning">
                <strong>{finding.message}</strong> {finding.likelyCauses.join('; ')}
              </li>
            ))}
            {report.advice?.map((advice) => <li key={advice}>{advice}</li>)}
          </ul>
        </section>
      ) : null}

      {comparison ? <Comparison comparison={comparison} /> : null}

      {saved ? <p className="muted" data-testid="verify-saved">{t('verify.saved', { json: saved.jsonPath, html: saved.htmlPath })}</p> : null}

      <div className="actions">
        <button type="button" onClick={() => downloadFile(`dlsetup-report-${report.createdAt.replace(/[:.]/g, '-')}.json`, 'application/json', JSON.stringify(report, null, 2))}>
          {t('verify.saveJson')}
        </button>
        <button type="button" onClick={() => downloadFile(`dlsetup-report-${report.createdAt.replace(/[:.]/g, '-')}.html`, 'text/html', reportToHtml(report, t('verify.reportTitle')))}>
          {t('verify.saveHtml')}
        </button>
      </div>
    </>
  );
}

/** Screen 6: prove the GPU works, measured against its spec. */
export function VerifyScreen({ state, dispatch }: ScreenProps) {
  const { t } = useTranslation();
  const api = useApi();
  const locale = useLocale();
  const [quick, setQuick] = useState(true);

  const run = useCallback(() => {
    dispatch({ type: 'load', key: 'verify', load: { status: 'loading' } });
    void api['verify:run']({ ...verifyRequestOf(state, quick), locale }).then((result) => {
      dispatch({ type: 'load', key: 'verify', load: result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error } });
    });
  }, [api, dispatch, state, quick, locale]);

  useEffect(() => {
    if (state.verify.status === 'idle') run();
  }, [state.verify.status, run]);

  return (
    <div className="screen verify">
      <ScreenHeading>{t('verify.heading')}</ScreenHeading>
      {state.verify.status === 'loading' || state.verify.status === 'idle' ? <LoadingStatus>{t('verify.running')}</LoadingStatus> : null}
      {state.verify.status === 'failed' ? <ErrorPanel error={state.verify.error} onRetry={run} /> : null}
      {state.verify.status === 'ready' ? <VerifyResultView outcome={state.verify.value} /> : null}
      <div className="actions">
        <button type="button" onClick={() => dispatch({ type: 'back' })}>{t('app.back')}</button>
        <label className="inline-check">
          <input type="checkbox" checked={quick} onChange={(event) => setQuick(event.target.checked)} />
          {t('verify.quick')}
        </label>
        <button type="button" onClick={run} disabled={state.verify.status === 'loading'}>{t('verify.runAgain')}</button>
        <button type="button" onClick={() => dispatch({ type: 'go', screen: 'troubleshoot' })}>{t('verify.troubleshoot')}</button>
      </div>
    </div>
  );
}
