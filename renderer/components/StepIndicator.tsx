import { useTranslation } from 'react-i18next';
import { SETUP_SCREENS, type Screen } from '../wizard/wizardState.js';

/** Where the person is on the setup path; the current step carries aria-current. */
export function StepIndicator({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const current = SETUP_SCREENS.indexOf(screen);
  return (
    <nav aria-label={t('nav.label')} className="step-indicator">
      <ol>
        {SETUP_SCREENS.map((step, index) => (
          <li key={step} aria-current={step === screen ? 'step' : undefined} className={index < current ? 'done' : step === screen ? 'current' : ''}>
            <span className="step-number" aria-hidden="true">{index + 1}</span>
            {t(`nav.${step}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
