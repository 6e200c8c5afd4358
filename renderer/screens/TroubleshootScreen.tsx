import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiagnosisList } from '../components/DiagnosisList.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { LoadingStatus } from '../components/LoadingStatus.js';
import { ScreenHeading } from '../components/ScreenHeading.js';
import { useLocale } from '../i18n/useLocale.js';
import { useApi } from '../wizard/ApiContext.js';
import type { ScreenProps } from '../wizard/wizardState.js';
import { UnmatchedPanel } from './UnmatchedPanel.js';

/** Screen 7: paste an error or a tool's output, get the cause and the fixes. */
export function TroubleshootScreen({ state, dispatch }: ScreenProps) {
  const { t } = useTranslation();
  const api = useApi();
  const locale = useLocale();
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);

  const diagnose = () => {
    if (!text.trim()) return setEmpty(true);
    setEmpty(false);
    dispatch({ type: 'load', key: 'diagnose', load: { status: 'loading' } });
    void api['diagnose:text']({ text, locale }).then((result) =>
      dispatch({ type: 'load', key: 'diagnose', load: result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error } }),
    );
  };

  return (
    <div className="screen troubleshoot">
      <ScreenHeading>{t('troubleshoot.heading')}</ScreenHeading>
      <p className="lead">{t('troubleshoot.intro')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          diagnose();
        }}
      >
        <div className="field">
          <label htmlFor="troubleshoot-text">{t('troubleshoot.label')}</label>
          <textarea
            id="troubleshoot-text"
            rows={10}
            spellCheck={false}
            value={text}
            aria-describedby={`troubleshoot-hint${empty ? ' troubleshoot-empty' : ''}`}
            aria-invalid={empty || undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <p id="troubleshoot-hint" className="muted field-hint">{t('troubleshoot.hint')}</p>
          {empty ? <p id="troubleshoot-empty" className="field-error">{t('troubleshoot.empty')}</p> : null}
        </div>
        <div className="actions">
          <button type="button" onClick={() => dispatch({ type: 'back' })}>{t('app.back')}</button>
          <button type="submit" className="primary" disabled={state.diagnose.status === 'loading'}>{t('troubleshoot.submit')}</button>
        </div>
      </form>
      {state.diagnose.status === 'loading' ? <LoadingStatus>{t('troubleshoot.working')}</LoadingStatus> : null}
      {state.diagnose.status === 'failed' ? <ErrorPanel error={state.diagnose.error} onRetry={diagnose} /> : null}
      {state.diagnose.status === 'ready' ? (
        <DiagnosisList
          result={state.diagnose.value}
          onUsePlan={(request) => {
            dispatch({ type: 'accept-alternative', request });
            dispatch({ type: 'go', screen: 'plan' });
          }}
        />
      ) : null}
      {/* Nothing known matched (issue 31): say so, with what was read and the closest known problems, instead of a bare "none". */}
      {state.diagnose.status === 'ready' && state.diagnose.value.diagnoses.length === 0 && state.diagnose.value.unmatched ? (
        <UnmatchedPanel unmatched={state.diagnose.value.unmatched} />
      ) : null}
    </div>
  );
}
