import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifyOutcome } from '../../shared/ipc/contract.js';
import type { VerifyComparison, VerifyReport, VerifyRequest } from '../../shared/types/verify.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { AllEnvironmentsToggle } from './AllEnvironments.js';
import { Gauge } from '../components/Gauge.js';
import { LoadingStatus } from '../components/LoadingStatus.js';
import { PrecisionChart } from '../components/PrecisionChart.js';
import { ScreenHeading } from '../components/ScreenHeading.js';
import { useLocale } from '../i18n/useLocale.js';
import { useApi } from '../wizard/ApiContext.js';
import { formatTflops } from '../wizard/formatQuantity.js';
import { downloadFile, reportToHtml } from '../wizard/reportFiles.js';
import type { ScreenProps, WizardState } from '../wizard/wizardState.js';
import { readVerifyReport } from './verifyReportFile.js';
import { firstFailure, frameworkName, headlineMatmul, percentOfSpec, verifyVerdict } from '../../shared/verify/verifyVerdict.js';


/** Verify the environment just installed (or the one chosen instead of installing) when there is one, else whatever DL Setup finds. */
export function verifyRequestOf(state: WizardState, quick: boolean): VerifyRequest {
  if (state.reusePython) return { python: state.reusePython, framework: state.choice.framework, quick };
  return state.envPath
    ? { python: `${state.envPath}/bin/python`, framework: state.choice.framework, quick }
    : { framework: 'auto', quick };
}

function Comparison({ comparison, checkName }: { comparison: VerifyComparison; checkName: (id: string) => string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="compare-heading" data-testid="comparison">
      <h2 id="compare-heading">{t('verify.compareHeading', { date: comparison.previousCreatedAt ? new Date(comparison.previousCreatedAt).toLocaleString() : '—' })}</h2>
      {comparison.changes.length === 0 ? <p>{t('verify.noChanges')}</p> : (
        <ul>
          {/* Throughput changes are listed once, below, with units that fit (GFLOP/s on a CPU). */}
          {comparison.changes.filter((change) => !change.subject.includes('TFLOP/s')).map((change) => (
            <li key={change.subject} className={change.direction}>
              {t('verify.change', { subject: change.subject.startsWith('check:') ? checkName(change.subject.slice(6)) : change.subject, before: change.before ?? '—', after: change.after ?? '—' })}
            </li>
          ))}
        </ul>
      )}
      {comparison.matmulDeltas.some((delta) => delta.deltaPercent !== null) ? (
        <ul>
          {comparison.matmulDeltas.filter((delta) => delta.deltaPercent !== null).map((delta) => (
            <li key={delta.dtype}>{delta.dtype.endsWith(' (CPU)')
              ? t('verify.deltaCpu', { dtype: delta.dtype.replace(' (CPU)', ''), before: (delta.before! * 1000).toFixed(1), after: (delta.after! * 1000).toFixed(1), percent: delta.deltaPercent! > 0 ? `+${delta.deltaPercent}` : String(delta.deltaPercent) })
              : t('verify.delta', { dtype: delta.dtype, before: formatTflops(delta.before!), after: formatTflops(delta.after!), percent: delta.deltaPercent! > 0 ? `+${delta.deltaPercent}` : String(delta.deltaPercent) })}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Achieved vs spec per precision, with units; a CPU figure is said in words (there is no spec to draw it against). */
function Speed({ report }: { report: VerifyReport }) {
  const { t } = useTranslation();
  const gpu = report.matmul.filter((m) => m.device !== 'cpu');
  const cpu = report.matmul.find((m) => m.device === 'cpu');
  const best = headlineMatmul(report.matmul);
  const largest = Math.max(...gpu.map((m) => m.tflops), 1e-9);
  const bars = gpu.map((m) => ({
    label: m.dtype,
    fraction: m.peakTflops ? m.tflops / m.peakTflops : m.tflops / largest,
    value: m.peakTflops
      ? t('verify.chartValueSpec', { tflops: formatTflops(m.tflops), peak: formatTflops(m.peakTflops), percent: percentOfSpec(m) })
      : t('verify.chartValueNoSpec', { tflops: formatTflops(m.tflops) }),
  }));
  return (
    <section aria-labelledby="speed-heading">
      <h2 id="speed-heading">{t('verify.speedHeading')}</h2>
      {report.matmul.length === 0 ? <p>{t('verify.noMatmul')}</p> : null}
      {cpu && gpu.length === 0 ? <p data-testid="cpu-only-note">{t('verify.cpuFigure', { gflops: (cpu.gflops ?? cpu.tflops * 1000).toFixed(1), n: cpu.n ?? '?' })}</p> : null}
      {gpu.length > 0 ? (
        <div className="speed">
          {best?.peakTflops ? (
            <Gauge
              value={best.tflops}
              max={best.peakTflops}
              label={t('verify.gaugeLabel', { dtype: best.dtype, tflops: formatTflops(best.tflops), peak: formatTflops(best.peakTflops), percent: percentOfSpec(best) })}
              caption={`${best.dtype} · ${formatTflops(best.tflops)} / ${formatTflops(best.peakTflops)} TFLOP/s`}
            />
          ) : null}
          <PrecisionChart bars={bars} caption={t('verify.chartCaption', { gpu: report.spec?.name ?? report.devices[0]?.name ?? 'GPU' })} />
        </div>
      ) : null}
      {report.bandwidth ? (
        <p>{report.bandwidth.peakGBs ? t('verify.bandwidth', { gbs: Math.round(report.bandwidth.gbs), peak: report.bandwidth.peakGBs }) : t('verify.bandwidthNoSpec', { gbs: Math.round(report.bandwidth.gbs) })}</p>
      ) : null}
    </section>
  );
}

/** Each tip as what it changed here, with the line that turns it on (issue 17: "turning on TF32 made matmul 7.2x faster here"). */
function Tuning({ report }: { report: VerifyReport }) {
  const { t } = useTranslation();
  const tips = report.tuning ?? [];
  if (tips.length === 0 && (report.findings?.length ?? 0) === 0) return null;
  return (
    <section aria-labelledby="tuning-heading">
      <h2 id="tuning-heading">{t('verify.tuningHeading')}</h2>
      <ul className="tuning" data-testid="verify-tuning">
        {tips.map((tip) => {
          const speedup = tip.speedup ? tip.speedup.toFixed(1) : '';
          const text = tip.skipped || !tip.speedup
            ? t('verify.tip.notMeasured', { label: tip.label, why: tip.skipped ?? t('verify.tip.noResult') })
            : tip.speedup >= 1.1
              ? t(`verify.tip.faster.${tip.id}`, { speedup, defaultValue: t('verify.tip.faster.other', { label: tip.label, speedup }) })
              : tip.speedup <= 0.9
                ? t('verify.tip.slower', { label: tip.label, speedup })
                : t('verify.tip.same', { label: tip.label, speedup });
          return (
            <li key={tip.id} data-tip={tip.id} className={tip.skipped ? 'muted' : undefined}>
              {text}
              {tip.setting && tip.speedup && tip.speedup >= 1.1 ? <>{' '}<code>{tip.setting}</code></> : null}
            </li>
          );
        })}
        {report.findings?.map((finding) => (
          <li key={finding.code + (finding.subject ?? '')} className="warning">
            <strong>{finding.message}</strong> {finding.likelyCauses.join('; ')}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The verification results as a pure function of verify:run's outcome, so it renders alone in tests. */
export function VerifyResultView({ outcome }: { outcome: Pick<VerifyOutcome, 'report' | 'comparison'> & { saved?: VerifyOutcome['saved'] } }) {
  const { t } = useTranslation();
  const { report, comparison, saved } = outcome;
  const checkName = (id: string) => t(`verify.checkNames.${id}`, { defaultValue: t('verify.checkNames.other') });
  const verdict = verifyVerdict(report);
  const failed = firstFailure(report);
  const device = report.devices[0]?.name;
  return (
    <>
      {report.sample ? <p className="sample-banner" data-testid="verify-sample" role="note">{t('verify.sample', { basis: report.sample.basis })}</p> : null}
      <div className={`verdict ${verdict.tone}`} data-testid="verify-verdict" data-tone={verdict.tone}>
        <p className="verdict-line">{t(verdict.key, verdict.params)}</p>
        {failed ? <p className="verdict-cause">{t('verify.verdict.cause', { check: checkName(failed.id), reason: failed.reason ?? '' })}</p> : null}
      </div>
      <p className={`verify-summary ${report.summary.failed > 0 ? 'fail' : 'pass'}`} data-testid="verify-summary">
        {t('verify.summary', { passed: report.summary.passed, failed: report.summary.failed, skipped: report.summary.skipped })}
      </p>
      <p className="muted">
        {report.framework ? `${frameworkName(report)} ${report.framework.version}` : t('verify.noFramework')}
        {device ? ` · ${device}` : ''}
        {report.python?.path ? ` · ${report.python.path}` : ''}
        {` · ${new Date(report.createdAt).toLocaleString()}`}
      </p>

      <Speed report={report} />

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
              <tr key={check.id} data-check={check.id} data-status={check.status} data-code={check.code}>
                <th scope="row">
                  {checkName(check.id)}
                  <span className="proves">{t(`verify.proves.${check.id}`, { defaultValue: '' })}</span>
                </th>
                <td><span className={`tag status-${check.status}`}>{t(`verify.status.${check.status}`)}</span></td>
                <td>{check.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <Tuning report={report} />

      {comparison ? <Comparison comparison={comparison} checkName={checkName} /> : null}

      {saved ? <p className="muted" data-testid="verify-saved">{t('verify.saved', { json: saved.jsonPath, html: saved.htmlPath })}</p> : null}
    </>
  );
}

/** Download buttons for the report on screen, and a way to open one saved here or sent by someone else. */
function ReportFiles({ report, onOpen }: { report: VerifyReport | null; onOpen: (report: VerifyReport | null, name: string) => void }) {
  const { t } = useTranslation();
  const stamp = report?.createdAt.replace(/[:.]/g, '-');
  return (
    <div className="actions report-files">
      {report ? (
        <>
          <button type="button" onClick={() => downloadFile(`dlsetup-report-${stamp}.json`, 'application/json', JSON.stringify(report, null, 2))}>{t('verify.saveJson')}</button>
          <button type="button" onClick={() => downloadFile(`dlsetup-report-${stamp}.html`, 'text/html', reportToHtml(report, t('verify.reportTitle')))}>{t('verify.saveHtml')}</button>
        </>
      ) : null}
      <label className="file-button">
        {t('verify.openReport')}
        <input
          type="file"
          accept="application/json,.json"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void file.text().then((text) => onOpen(readVerifyReport(text), file.name));
            event.target.value = '';
          }}
        />
      </label>
    </div>
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

  const [opened, setOpened] = useState<{ report: VerifyReport | null; name: string } | null>(null);
  const shown = opened ? opened.report : state.verify.status === 'ready' ? state.verify.value.report : null;

  return (
    <div className="screen verify">
      <ScreenHeading>{t('verify.heading')}</ScreenHeading>
      {opened ? (
        <div className="opened-report" data-testid="verify-opened">
          <p>{opened.report ? t('verify.openedReport', { name: opened.name }) : t('verify.notAReport', { name: opened.name })}</p>
          <button type="button" onClick={() => setOpened(null)}>{t('verify.backToThisMachine')}</button>
        </div>
      ) : null}
      {!opened && (state.verify.status === 'loading' || state.verify.status === 'idle') ? <LoadingStatus>{t('verify.running')}</LoadingStatus> : null}
      {!opened && state.verify.status === 'failed' ? <ErrorPanel error={state.verify.error} onRetry={run} /> : null}
      {!opened && state.verify.status === 'ready' ? <VerifyResultView outcome={state.verify.value} /> : null}
      {opened?.report ? <VerifyResultView outcome={{ report: opened.report, comparison: null }} /> : null}
      <section aria-labelledby="next-heading" className="next-steps">
        <h2 id="next-heading">{t('verify.nextHeading')}</h2>
        <div className="actions">
          <button type="button" onClick={() => dispatch({ type: 'go', screen: 'plan' })}>{t('verify.backToPlan')}</button>
          <button type="button" onClick={() => dispatch({ type: 'go', screen: 'troubleshoot' })}>{t('verify.troubleshoot')}</button>
          <label className="inline-check">
            <input type="checkbox" checked={quick} onChange={(event) => setQuick(event.target.checked)} />
            {t('verify.quick')}
          </label>
          <button type="button" onClick={() => { setOpened(null); run(); }} disabled={state.verify.status === 'loading'}>{t('verify.runAgain')}</button>
        </div>
        <ReportFiles report={shown} onOpen={(report, name) => setOpened({ report, name })} />
        <AllEnvironmentsToggle dispatch={dispatch} />
      </section>
    </div>
  );
}
