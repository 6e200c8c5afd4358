import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type LanguageCode } from './i18n/i18n.js';
import { StepIndicator } from './components/StepIndicator.js';
import { ChooseScreen } from './screens/ChooseScreen.js';
import { InstallScreen } from './screens/InstallScreen.js';
import { MachineScreen } from './screens/MachineScreen.js';
import { PlanScreen } from './screens/PlanScreen.js';
import { TroubleshootScreen } from './screens/TroubleshootScreen.js';
import { VerifyScreen } from './screens/VerifyScreen.js';
import { WelcomeScreen } from './screens/WelcomeScreen.js';
import { useApi } from './wizard/ApiContext.js';
import { loadInstallRun } from './wizard/browserStore.js';
import { runViewStore } from './wizard/runViewStore.js';
import { useDetect } from './wizard/useDetect.js';
import { useMirrorDefault } from './wizard/useMirrorDefault.js';
import { initialWizardState, reverifyHint, wizardReducer, type ScreenProps } from './wizard/wizardState.js';

function CurrentScreen(props: ScreenProps) {
  const { state } = props;
  switch (state.screen) {
    case 'welcome':
      return <WelcomeScreen {...props} reverifyHint={reverifyHint(state.verifyHistory)} />;
    case 'machine':
      return <MachineScreen {...props} />;
    case 'choose':
      return <ChooseScreen {...props} />;
    case 'plan':
      return <PlanScreen {...props} />;
    case 'install':
      return <InstallScreen {...props} />;
    case 'verify':
      return <VerifyScreen {...props} />;
    case 'troubleshoot':
      return <TroubleshootScreen {...props} />;
  }
}

export function App() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const detect = useDetect(dispatch);
  useMirrorDefault(state, dispatch);
  const started = useRef(false);
  const detectedIn = useRef(i18n.language);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Listen for install progress from the start, so a run's first events are never missed.
    runViewStore(api);
    detect();
    void api['verify:history'](undefined).then((result) => dispatch({ type: 'verify-history', history: result.ok ? result.value : null }));
    // A reloaded page (or a second window) reattaches to the install that is running.
    const saved = loadInstallRun();
    void api['install:status'](saved ? { runId: saved.runId } : {}).then((result) => {
      if (!result.ok || !result.value) return;
      const status = result.value;
      const ours = saved?.runId === status.runId;
      if (status.state === 'running' || status.state === 'needs-reboot' || ours) {
        dispatch({ type: 'install-attached', runId: status.runId, plan: ours ? saved.plan : null });
      }
    });
  }, [api, detect]);
  // Findings are written in the UI language: a language switch re-detects (about 0.3 s) rather than leave them in the old one.
  useEffect(() => {
    if (detectedIn.current === i18n.language) return;
    detectedIn.current = i18n.language;
    if (state.detect.status === 'ready') detect();
  }, [i18n.language, detect, state.detect.status]);

  return (
    <>
      <a className="skip-link" href="#main">{t('app.skipToContent')}</a>
      <header className="app-header">
        <span className="brand">{t('app.title')}</span>
        <StepIndicator screen={state.screen} />
        <label className="language">
          {t('app.language')}{' '}
          <select value={i18n.language} onChange={(event) => setLanguage(event.target.value as LanguageCode)}>
            {LANGUAGES.map((language) => <option key={language.code} value={language.code}>{language.label}</option>)}
          </select>
        </label>
      </header>
      <main id="main">
        <CurrentScreen key={state.screen} state={state} dispatch={dispatch} />
      </main>
    </>
  );
}
