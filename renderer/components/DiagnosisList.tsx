import { useTranslation } from 'react-i18next';
import type { DiagnoseResult } from '../../shared/types/diagnose.js';

/** What diagnose:text found: each known problem with its explanation and ordered fixes. */
export function DiagnosisList({ result, headingLevel = 2 }: { result: DiagnoseResult; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const facts = Object.entries(result.facts).filter(([key, value]) => key !== 'gpus' && typeof value === 'string') as [string, string][];
  return (
    <section className="diagnosis" data-testid="diagnosis" aria-label={t('diagnose.resultLabel')}>
      <p className="muted">{t('diagnose.kind', { kind: result.kind })}</p>
      {facts.length > 0 || (result.facts.gpus?.length ?? 0) > 0 ? (
        <dl className="facts-list">
          {facts.map(([key, value]) => (
            <div key={key}>
              <dt>{t(`diagnose.facts.${key}`, { defaultValue: key })}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {result.facts.gpus?.length ? (
            <div>
              <dt>{t('diagnose.facts.gpus')}</dt>
              <dd>{result.facts.gpus.map((gpu) => gpu.name).join(', ')}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {result.diagnoses.length === 0 ? (
        <p data-testid="diagnosis-none">{t('diagnose.none')}</p>
      ) : (
        result.diagnoses.map((diagnosis) => (
          <article key={diagnosis.code} className="diagnosis-item" data-code={diagnosis.code}>
            <Heading className="diagnosis-title">{diagnosis.title}</Heading>
            <p className="muted"><code>{diagnosis.code}</code></p>
            <p>{diagnosis.explanation}</p>
            {diagnosis.fixes.length > 0 ? (
              <>
                <Sub>{t('diagnose.fixes')}</Sub>
                <ol className="fixes">
                  {diagnosis.fixes.map((fix) => <li key={fix}>{fix}</li>)}
                </ol>
              </>
            ) : null}
            {diagnosis.references?.length ? (
              <>
                <Sub>{t('diagnose.references')}</Sub>
                <ul className="references">
                  {diagnosis.references.map((reference) => <li key={reference}><code>{reference}</code></li>)}
                </ul>
              </>
            ) : null}
          </article>
        ))
      )}
    </section>
  );
}
