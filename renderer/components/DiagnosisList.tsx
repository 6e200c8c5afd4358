import { useTranslation } from 'react-i18next';
import { quotedWords } from '../../shared/text/quotedWords.js';
import type { DiagnoseResult, Diagnosis } from '../../shared/types/diagnose.js';
import type { PlanRequest } from '../../shared/types/plan.js';

function Fixes({ diagnosis }: { diagnosis: Diagnosis }) {
  if (diagnosis.fixSteps?.length) {
    return (
      <ol className="fixes">
        {diagnosis.fixSteps.map((fix) => (
          <li key={fix.text + (fix.command ?? '')}>
            {fix.text}
            {fix.command ? <pre className="log command">{fix.command}</pre> : null}
          </li>
        ))}
      </ol>
    );
  }
  return <ol className="fixes">{diagnosis.fixes.map((fix) => <li key={fix}>{fix}</li>)}</ol>;
}

/** What diagnose:text found: each known problem with its explanation, ordered fixes and, when there is one, the plan that fixes it. */
export function DiagnosisList({ result, headingLevel = 2, onUsePlan }: { result: DiagnoseResult; headingLevel?: 2 | 3; onUsePlan?: (request: PlanRequest) => void }) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const facts = (['driverVersion', 'cudaVersion', 'toolkitVersion', 'cudnnVersion', 'nvmlVersion'] as const).filter((key) => result.facts[key]);
  const framework = result.facts.framework;
  return (
    <section className="diagnosis" data-testid="diagnosis" aria-label={t('diagnose.resultLabel')}>
      <p className="muted">{t('diagnose.kind', { kind: t(`diagnose.kinds.${result.kind}`, { defaultValue: result.kind }) })}</p>
      {facts.length > 0 || framework || result.facts.gpus?.length ? (
        <dl className="facts-list">
          {facts.map((key) => (
            <div key={key}>
              <dt>{t(`diagnose.facts.${key}`)}</dt>
              <dd>{result.facts[key]}</dd>
            </div>
          ))}
          {framework ? (
            <div>
              <dt>{t('diagnose.facts.framework')}</dt>
              <dd>{[framework.name, framework.version, framework.cuda ? `CUDA ${framework.cuda}` : null, framework.cudnn ? `cuDNN ${framework.cudnn}` : null].filter(Boolean).join(' · ')}</dd>
            </div>
          ) : null}
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
            {/* The code in brackets, as every error line shows it (issue 30: a bare code read as a sentence). */}
            <p className="muted"><code>[{diagnosis.code}]</code></p>
            {diagnosis.fromWords ? <p className="hint" data-testid="diagnosis-from-words">{t('diagnose.fromWords')}</p> : null}
            {diagnosis.resembles ? (
              <p className="hint" data-testid="diagnosis-resembles">
                {t('diagnose.resembles', { words: quotedWords(diagnosis.resembles, i18n.language) })}
              </p>
            ) : null}
            <p>{diagnosis.explanation}</p>
            {diagnosis.evidence ? (
              <p className="muted">
                {t('diagnose.evidence', { line: diagnosis.evidence.line })} <code>{diagnosis.evidence.text}</code>
              </p>
            ) : null}
            {diagnosis.onThisMachine ? <p>{diagnosis.onThisMachine}</p> : null}
            {diagnosis.fixes.length > 0 || diagnosis.fixSteps?.length ? (
              <>
                <Sub>{t('diagnose.fixes')}</Sub>
                <Fixes diagnosis={diagnosis} />
              </>
            ) : null}
            {diagnosis.suggestedPlan && onUsePlan ? (
              <button type="button" className="primary" onClick={() => onUsePlan(diagnosis.suggestedPlan!)}>
                {t('diagnose.usePlan', {
                  framework: t(`choose.frameworks.${diagnosis.suggestedPlan.framework}.name`),
                  version: diagnosis.suggestedPlan.frameworkVersion ?? t('plan.latest'),
                })}
              </button>
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
