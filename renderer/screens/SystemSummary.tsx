import { useTranslation } from 'react-i18next';
import { distroName } from '../../shared/text/distroName.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { LoadingStatus } from '../components/LoadingStatus.js';
import type { Load } from '../wizard/wizardState.js';

const GIB = 1024 ** 3;

/** A short summary of the detect:run report on the Welcome screen. */
export function SystemSummary({ detect, onRetry }: { detect: Load<HardwareReport>; onRetry: () => void }) {
  const { t } = useTranslation();
  if (detect.status === 'idle' || detect.status === 'loading') return <LoadingStatus>{t('summary.loading')}</LoadingStatus>;
  if (detect.status === 'failed') return <ErrorPanel error={detect.error} onRetry={onRetry} testId="summary-error" />;
  const report = detect.value;
  const os = [report.os.distro ? distroName(report.os.distro) : null, report.os.version, report.os.arch, report.os.wsl ? 'WSL2' : null].filter(Boolean).join(' ');
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
      <p className="muted">{t('summary.detectedIn', { ms: Math.round(report.durationMs) })}</p>
    </section>
  );
}
