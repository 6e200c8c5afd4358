import { useTranslation } from 'react-i18next';
import { ScreenHeading } from '../components/ScreenHeading.js';
import type { Screen } from '../wizard/wizardState.js';
import { SystemSummary } from './SystemSummary.js';

export function WelcomeScreen({ onGo }: { onGo: (screen: Screen) => void }) {
  const { t } = useTranslation();
  return (
    <div className="screen welcome">
      <ScreenHeading>{t('welcome.heading')}</ScreenHeading>
      <p className="lead">{t('welcome.intro')}</p>
      <ul className="facts">
        <li>{t('welcome.duration')}</li>
        <li>{t('welcome.admin')}</li>
        <li>{t('welcome.privacy')}</li>
      </ul>
      <div className="entries">
        <button type="button" className="primary" onClick={() => onGo('machine')}>{t('welcome.start')}</button>
        <button type="button" onClick={() => onGo('verify')}>{t('welcome.reverify')}</button>
        <button type="button" onClick={() => onGo('troubleshoot')}>{t('welcome.troubleshoot')}</button>
      </div>
      <SystemSummary />
    </div>
  );
}
