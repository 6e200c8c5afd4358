import { useTranslation } from 'react-i18next';
import { estimateSeconds, formatMegabytes } from '../../shared/plan/estimateDownload.js';
import type { DownloadEstimate as Estimate } from '../../shared/types/downloadEstimate.js';

/** Two connection speeds rather than one guess: a campus link and a slow home line. */
const FAST_MBPS = 10;
const SLOW_MBPS = 2;

/** The plan's estimated download, with what it is made of and what has no known size; every size has its source. */
export function DownloadEstimate({ estimate }: { estimate: Estimate }) {
  const { t } = useTranslation();
  const nameOf = (component: string) => t(`plan.download.components.${component}`, { defaultValue: component });
  const minutes = (mbps: number) => Math.max(1, Math.ceil((estimateSeconds(estimate.megabytes, mbps) ?? 0) / 60));
  const known = estimate.items.filter((item) => item.megabytes !== null);
  if (known.length === 0 && estimate.unknown.length === 0) return null;
  return (
    <section aria-labelledby="download-heading" data-testid="plan-download">
      <h2 id="download-heading">{t('plan.download.heading')}</h2>
      {known.length > 0 ? (
        <p>
          {t('plan.download.total', { size: formatMegabytes(estimate.megabytes), fast: minutes(FAST_MBPS), fastSpeed: FAST_MBPS, slow: minutes(SLOW_MBPS), slowSpeed: SLOW_MBPS })}
        </p>
      ) : null}
      {estimate.unknown.length > 0 ? (
        <p className="muted">{t(known.length > 0 ? 'plan.download.unknown' : 'plan.download.allUnknown', { items: estimate.unknown.map(nameOf).join(t('plan.listSeparator')) })}</p>
      ) : null}
      {known.length > 0 ? (
        <details>
          <summary>{t('plan.download.parts')}</summary>
          <ul className="download-items">
            {known.map((item) => (
              <li key={item.component + (item.stepId ?? '')}>
                {nameOf(item.component)}: {formatMegabytes(item.megabytes!)}{' '}
                {item.source ? <cite className="muted source">{t('plan.download.source')}: {item.source}</cite> : null}
              </li>
            ))}
          </ul>
          <p className="muted">{t('plan.download.approximate')}</p>
        </details>
      ) : null}
    </section>
  );
}
