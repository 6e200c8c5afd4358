import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translator } from '../../shared/i18n/localize.js';
import environmentsEn from '../../locales/en/environments.json' with { type: 'json' };
import environmentsZhCN from '../../locales/zh-CN/environments.json' with { type: 'json' };
import { useLocale } from '../i18n/useLocale.js';
import { AllEnvironments } from './AllEnvironments.js';
import { ScreenHeading } from '../components/ScreenHeading.js';
import { useDetect } from '../wizard/useDetect.js';
import type { ReverifyHint, ScreenProps } from '../wizard/wizardState.js';
import { SystemSummary } from './SystemSummary.js';

/** Screen 1: what will happen, and three ways in; re-verify is the highlighted one when a previous report exists. */
export function WelcomeScreen({ state, dispatch, reverifyHint }: ScreenProps & { reverifyHint: ReverifyHint }) {
  const { t } = useTranslation();
  const detect = useDetect(dispatch);
  const [showEnvironments, setShowEnvironments] = useState(false);
  const sayEnvironments = translator('environments', environmentsEn, environmentsZhCN)(useLocale());
  const suggestReverify = reverifyHint !== 'none';
  // A last run with a failed check is no "verified before": say it found a problem.
  const lastFailed = (state.verifyHistory?.latest?.summary.failed ?? 0) > 0;
  return (
    <div className="screen welcome">
      <ScreenHeading>{t('welcome.heading')}</ScreenHeading>
      <p className="lead">{t('welcome.intro')}</p>
      <ul className="facts">
        <li>{t('welcome.duration')}</li>
        <li>{t('welcome.admin')}</li>
        <li>{t('welcome.privacy')}</li>
      </ul>
      {reverifyHint === 'driver-changed' ? <p className="hint" data-testid="reverify-hint">{t('welcome.driverChanged')}</p> : null}
      {reverifyHint === 'previous' ? <p className="hint" data-testid="reverify-hint">{t(lastFailed ? 'welcome.previousFailed' : 'welcome.previousReport')}</p> : null}
      <div className="entries">
        <button type="button" className={suggestReverify ? '' : 'primary'} onClick={() => dispatch({ type: 'go', screen: 'machine' })}>
          {t('welcome.start')}
        </button>
        <button type="button" className={suggestReverify ? 'primary' : ''} data-highlighted={suggestReverify || undefined} onClick={() => dispatch({ type: 'go', screen: 'verify' })}>
          {t('welcome.reverify')}
        </button>
        <button type="button" onClick={() => dispatch({ type: 'go', screen: 'troubleshoot' })}>{t('welcome.troubleshoot')}</button>
        <button type="button" aria-expanded={showEnvironments} onClick={() => setShowEnvironments((shown) => !shown)}>{sayEnvironments('link')}</button>
      </div>
      {showEnvironments ? <AllEnvironments dispatch={dispatch} /> : null}
      <SystemSummary detect={state.detect} onRetry={detect} />
    </div>
  );
}
