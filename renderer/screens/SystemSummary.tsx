import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HardwareReport } from '../../shared/types/hardware.js';
import type { AppError } from '../../shared/errors.js';
import { api } from '../api/index.js';

type Load = { state: 'loading' } | { state: 'failed'; error: AppError } | { state: 'ready'; report: HardwareReport };

const GIB = 1024 ** 3;

/** A live summary fed by a real detect:run call, through whichever transport is underneath. */
export function SystemSummary() {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const run = useCallback(() => {
    setLoad({ state: 'loading' });
    void api['detect:run']({ quick: true }).then((result) =>
      setLoad(result.ok ? { state: 'ready', report: result.value } : { state: 'failed', error: result.error }),
    );
  }, []);
  useEffect(run, [run]);

  if (load.state === 'loading') return <p role="status" className="summary-loading">{t('summary.loading')}</p>;
  if (load.state === 'failed') {
    return (
      <div role="alert" className="summary-error">
        <p>{t('summary.failed', { message: load.error.message })}</p>
        <button type="button" onClick={run}>{t('summary.retry')}</button>
      </div>
    );
  }
  const { report } = load;
  const os = [report.os.distro, report.os.version, report.os.arch, report.os.wsl ? 'WSL2' : null].filter(Boolean).join(' ');
  return (
    <section aria-labelledby="summary-heading" className="summary">
      <h2 id="summary-heading">{t('summary.heading')}</h2>
      <dl>
        <dt>{t('summary.os')}</dt>
        <dd data-testid="summary-os">{os}</dd>
        <dt>{t('summary.cpu')}</dt>
        <dd data-testid="summary-cpu">
          {t('summary.cpuValue', { model: report.cpu.model, cores: report.cpu.cores, memory: Math.round(report.cpu.memoryBytes / GIB) })}
        </dd>
        <dt>{t('summary.gpus')}</dt>
        <dd data-testid="summary-gpus">
          {report.gpus.length === 0 ? t('summary.noGpu') : (
            <ul>
              {report.gpus.map((gpu, index) => (
                <li key={`${gpu.busId ?? index}`}>{gpu.name}{gpu.memoryMiB ? ` · ${Math.round(gpu.memoryMiB / 1024)} GiB` : ''}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{t('summary.driver')}</dt>
        <dd data-testid="summary-driver">
          {report.driver ? t('summary.driverValue', { version: report.driver.version, cuda: report.driver.cudaVersion ?? '?' }) : t('summary.noDriver')}
        </dd>
        <dt>{t('summary.toolkits')}</dt>
        <dd data-testid="summary-toolkits">
          {report.cudaToolkits.length === 0 ? t('summary.noToolkit') : (
            <ul>
              {report.cudaToolkits.map((toolkit) => (
                <li key={toolkit.path}>
                  CUDA {toolkit.version} <code>{toolkit.path}</code>
                  {toolkit.active ? <strong className="badge"> {t('summary.active')}</strong> : null}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {report.findings.length > 0 ? (
        <>
          <h3>{t('summary.findings')}</h3>
          <ul data-testid="summary-findings">
            {report.findings.map((finding) => <li key={finding.code + finding.message}>{finding.message}</li>)}
          </ul>
        </>
      ) : null}
      <p className="muted">{t('summary.detectedIn', { ms: report.durationMs })}</p>
    </section>
  );
}
