import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FRAMEWORK_IDS } from '../../shared/frameworks/registry.js';
import type { InstallMethod } from '../../shared/types/plan.js';
import { ChoiceInput, Field, MirrorFields } from '../components/MirrorFields.js';
import { ScreenHeading } from '../components/ScreenHeading.js';
import { VersionPicker } from '../components/VersionPicker.js';
import { choiceProblems, type ChoiceField } from '../wizard/installOptions.js';
import type { Choice, ScreenProps } from '../wizard/wizardState.js';

const METHODS: readonly InstallMethod[] = ['wheels', 'system', 'conda'];
const PYTHONS = ['', '3.13', '3.12', '3.11', '3.10', '3.9'];

/** Screen 3: framework, version, method, Python, where to install, mirrors and proxy. */
export function ChooseScreen({ state, dispatch }: ScreenProps) {
  const { t } = useTranslation();
  const { choice } = state;
  const [showErrors, setShowErrors] = useState(false);
  const set = (patch: Partial<Choice>) => dispatch({ type: 'choose', patch });
  const problems = choiceProblems(choice);
  const errorOf = (field: ChoiceField) => (showErrors ? problems.find((problem) => problem.field === field) : undefined);
  const input = (id: string, field: ChoiceField, extra: { placeholder?: string; hint?: boolean } = {}) => (
    <ChoiceInput id={id} field={field} choice={choice} error={!!errorOf(field)} placeholder={extra.placeholder} hint={extra.hint} onChange={set} />
  );
  const next = () => {
    if (problems.length > 0) {
      setShowErrors(true);
      document.getElementById(`choose-${problems[0]!.field}`)?.focus();
      return;
    }
    dispatch({ type: 'go', screen: 'plan' });
  };

  return (
    <div className="screen choose">
      <ScreenHeading>{t('choose.heading')}</ScreenHeading>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
        noValidate
      >
        <fieldset className="cards-fieldset">
          <legend>{t('choose.framework')}</legend>
          <div className="cards">
            {FRAMEWORK_IDS.map((framework) => (
              <label key={framework} className={`card choice-card${choice.framework === framework ? ' selected' : ''}`}>
                <input type="radio" name="framework" value={framework} checked={choice.framework === framework} onChange={() => set({ framework, frameworkVersion: '' })} />
                <span className="choice-title">{t(`choose.frameworks.${framework}.name`)}</span>
                <span className="muted">{t(`choose.frameworks.${framework}.about`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="field-row">
          <Field id="choose-version" label={t('choose.version')} hint={t('choose.versionHint')}>
            <VersionPicker id="choose-version" framework={choice.framework} value={choice.frameworkVersion} onChange={(frameworkVersion) => set({ frameworkVersion })} />
          </Field>
          <Field id="choose-python" label={t('choose.python')} hint={t('choose.pythonHint')}>
            <select id="choose-python" value={choice.python} aria-describedby="choose-python-hint" onChange={(event) => set({ python: event.target.value })}>
              {PYTHONS.map((version) => <option key={version} value={version}>{version ? `Python ${version}` : t('choose.pythonAuto')}</option>)}
            </select>
          </Field>
        </div>

        <fieldset>
          <legend>{t('choose.method')}</legend>
          {METHODS.map((method) => (
            <label key={method} className="radio-line">
              <input type="radio" name="method" value={method} checked={choice.method === method} onChange={() => set({ method })} />
              <span>
                <strong>{t(`choose.methods.${method}.name`)}</strong> — {t(`choose.methods.${method}.who`)}
              </span>
            </label>
          ))}
        </fieldset>

        <Field id="choose-location" label={t('choose.location')} hint={t('choose.locationHint')} error={errorOf('location') ? t(errorOf('location')!.key) : undefined}>
          {input('choose-location', 'location', { placeholder: '/home/me/dlsetup-env' })}
        </Field>

        <fieldset>
          <legend>{t('choose.mirrorsHeading')}</legend>
          <p className="muted">{t('choose.mirrorsHint')}</p>
          <MirrorFields idPrefix="choose" choice={choice} errorOf={errorOf} onChange={set} />
          <Field id="choose-proxy" label={t('choose.proxy')} hint={t('choose.proxyHint')} error={errorOf('proxy') ? t(errorOf('proxy')!.key) : undefined}>
            {input('choose-proxy', 'proxy', { placeholder: 'http://proxy.example:3128' })}
          </Field>
        </fieldset>

        <div className="actions">
          <button type="button" onClick={() => dispatch({ type: 'back' })}>{t('app.back')}</button>
          <button type="submit" className="primary">{t('choose.continue')}</button>
        </div>
      </form>
    </div>
  );
}
