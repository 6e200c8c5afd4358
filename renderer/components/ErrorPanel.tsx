import { useTranslation } from 'react-i18next';
import type { AppError } from '../../shared/errors.js';
import { WhereToLook } from './WhereToLook.js';

const CJK = /[\u4e00-\u9fff]/;

/**
 * A failed service call, said plainly; NOT_AVAILABLE (a channel not wired yet) gets its own wording. In Chinese, an
 * engine sentence that is still English is led by the code's translated sentence and kept below it, marked English.
 */
export function ErrorPanel({ error, onRetry, testId }: { error: AppError; onRetry?: () => void; testId?: string }) {
  const { t, i18n } = useTranslation();
  const unavailable = error.code === 'NOT_AVAILABLE';
  const translateLead = i18n.language !== 'en' && !CJK.test(error.message);
  return (
    <div role="alert" className={`error-panel${unavailable ? ' unavailable' : ''}`} data-testid={testId ?? 'error-panel'} data-code={error.code}>
      <p className="error-title">{unavailable ? t('error.notAvailable') : t('error.failed')}</p>
      {translateLead ? (
        <>
          <p>{t(`error.codes.${error.code}`)}</p>
          <p className="muted" lang="en" title={t('error.englishDetail')}>{error.message}</p>
        </>
      ) : (
        <p>{error.message}</p>
      )}
      {error.detail ? (
        <details>
          <summary>{t('error.detail', { code: error.code })}</summary>
          <pre className="log">{error.detail}</pre>
        </details>
      ) : (
        <p className="muted">{t('error.code', { code: error.code })}</p>
      )}
      <WhereToLook />
      {onRetry ? <button type="button" onClick={onRetry}>{t('error.retry')}</button> : null}
    </div>
  );
}
