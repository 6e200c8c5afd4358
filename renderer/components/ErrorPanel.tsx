import { useTranslation } from 'react-i18next';
import type { AppError } from '../../shared/errors.js';

/** A failed service call, said plainly; NOT_AVAILABLE (a channel not wired yet) gets its own wording. */
export function ErrorPanel({ error, onRetry, testId }: { error: AppError; onRetry?: () => void; testId?: string }) {
  const { t } = useTranslation();
  const unavailable = error.code === 'NOT_AVAILABLE';
  return (
    <div role="alert" className={`error-panel${unavailable ? ' unavailable' : ''}`} data-testid={testId ?? 'error-panel'} data-code={error.code}>
      <p className="error-title">{unavailable ? t('error.notAvailable') : t('error.failed')}</p>
      <p>{error.message}</p>
      {error.detail ? (
        <details>
          <summary>{t('error.detail', { code: error.code })}</summary>
          <pre className="log">{error.detail}</pre>
        </details>
      ) : (
        <p className="muted">{t('error.code', { code: error.code })}</p>
      )}
      {onRetry ? <button type="button" onClick={onRetry}>{t('error.retry')}</button> : null}
    </div>
  );
}
