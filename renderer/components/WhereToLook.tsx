import { useTranslation } from 'react-i18next';
import { useLogPaths } from '../wizard/useLogPaths.js';

/** Where the log and the run journals are, under a failure; nothing when the engine does not say. */
export function WhereToLook() {
  const { t } = useTranslation();
  const paths = useLogPaths();
  if (!paths) return null;
  return (
    <p className="muted where-to-look" data-testid="where-to-look">
      {t('error.logFile')} <code>{paths.logFile}</code> {t('error.runsDir')} <code>{paths.runsDir}</code>
    </p>
  );
}
