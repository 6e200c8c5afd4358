import { useTranslation } from 'react-i18next';
import type { AppError } from '../../shared/errors.js';
import { sayError } from '../../shared/i18n/sayError.js';
import { useLocale } from '../i18n/useLocale.js';
import { WhereToLook } from './WhereToLook.js';

const CJK = /[\u4e00-\u9fff]/;

/**
 * A failed service call, said plainly; NOT_AVAILABLE (a channel not wired yet) gets its own wording. An error with a
 * catalog key is said again in the UI's language; in Chinese, an engine sentence that is still English (no key) is led
 * by the code's translated sentence and kept below it, marked English.
 */
export function ErrorPanel({ error, onRetry, testId }: { error: AppError; onRetry?: () => void; testId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const message = sayError(error, locale);
  const unavailable = error.code === 'NOT_AVAILABLE';
  const translateLead = locale !== 'en' && !CJK.test(message);
  return (
    <div role="alert" className={`error-panel${unavailable ? ' unavailable' : ''}`} data-testid={testId ?? 'error-panel'} data-code={error.code}>
      <p className="error-title">{unavailable ? t('error.notAvailable') : t('error.failed')}</p>
      {translateLead ? (
        <>
          <p>{t(`error.codes.${error.code}`)}</p>
          <p className="muted" lang="en" title={t('error.englishDetail')}>{message}</p>
        </>
      ) : (
        <p>{message}</p>
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
