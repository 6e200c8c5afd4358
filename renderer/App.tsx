import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type LanguageCode } from './i18n/i18n.js';
import { ScreenHeading } from './components/ScreenHeading.js';
import { WelcomeScreen } from './screens/WelcomeScreen.js';
import { initialWizardState, wizardReducer, type Screen } from './wizard/wizardState.js';

export function App() {
  const { t, i18n } = useTranslation();
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const go = (screen: Screen) => dispatch({ type: 'go', screen });

  return (
    <>
      <a className="skip-link" href="#main">{t('app.skipToContent')}</a>
      <header className="app-header">
        <span className="brand">{t('app.title')}</span>
        <label className="language">
          {t('app.language')}{' '}
          <select value={i18n.language} onChange={(event) => setLanguage(event.target.value as LanguageCode)}>
            {LANGUAGES.map((language) => <option key={language.code} value={language.code}>{language.label}</option>)}
          </select>
        </label>
      </header>
      <main id="main">
        {state.screen === 'welcome' ? (
          <WelcomeScreen onGo={go} />
        ) : (
          <div className="screen">
            <ScreenHeading>{t('app.notYet')}</ScreenHeading>
            <button type="button" onClick={() => dispatch({ type: 'back' })}>{t('app.back')}</button>
          </div>
        )}
      </main>
    </>
  );
}
