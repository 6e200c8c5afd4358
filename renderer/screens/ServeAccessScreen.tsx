import { useTranslation } from 'react-i18next';
import { ScreenHeading } from '../components/ScreenHeading.js';

/** Shown instead of the wizard when this browser tab holds no `dlsetup serve` token (a new tab, a restarted server). */
export function ServeAccessScreen() {
  const { t } = useTranslation();
  return (
    <>
      <header className="app-header">
        <span className="brand">{t('app.title')}</span>
      </header>
      <main id="main">
        <div className="screen" role="alert" data-testid="serve-access">
          <ScreenHeading>{t('app.serveAccessTitle')}</ScreenHeading>
          <p className="lead">{t('app.serveAccessBody')}</p>
        </div>
      </main>
    </>
  );
}
