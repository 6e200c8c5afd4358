import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChoiceField } from '../wizard/installOptions.js';
import { CUSTOM_MIRROR, PYPI_MIRRORS, PYTORCH_MIRRORS, mirrorProbeUrl } from '../wizard/mirrorPresets.js';
import { MirrorCheck } from './MirrorCheck.js';
import type { Choice } from '../wizard/wizardState.js';

/** A labelled form control with its hint and error tied to it. */
export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <p id={`${id}-hint`} className="muted field-hint">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="field-error">{error}</p> : null}
    </div>
  );
}

/** A text input bound to one Choice field, described by its hint and (when shown) its error. */
export function ChoiceInput({ id, field, choice, error, placeholder, hint = true, onChange }: {
  id: string;
  field: ChoiceField;
  choice: Choice;
  error: boolean;
  placeholder?: string;
  hint?: boolean;
  onChange: (patch: Partial<Choice>) => void;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <input
      id={id}
      type="text"
      spellCheck={false}
      autoComplete="off"
      value={choice[field]}
      placeholder={placeholder}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange({ [field]: event.target.value })}
    />
  );
}

/**
 * The PyPI and PyTorch mirror pickers with their custom URL fields: on the Choose screen, and again on the Install
 * screen when the framework download failed, so a student can switch mirror and retry in place.
 */
export function MirrorFields({ idPrefix, choice, errorOf, onChange }: {
  idPrefix: string;
  choice: Choice;
  errorOf: (field: ChoiceField) => { key: string } | undefined;
  onChange: (patch: Partial<Choice>) => void;
}) {
  const { t } = useTranslation();
  const error = (field: ChoiceField) => (errorOf(field) ? t(errorOf(field)!.key) : undefined);
  return (
    <>
      <div className="field-row">
        <Field id={`${idPrefix}-pypi`} label={t('choose.pypiMirror')}>
          <select id={`${idPrefix}-pypi`} value={choice.pypiMirror} onChange={(event) => onChange({ pypiMirror: event.target.value })}>
            {PYPI_MIRRORS.map((mirror) => <option key={mirror.id} value={mirror.id}>{t(`choose.mirrors.${mirror.labelKey}`)}</option>)}
            <option value={CUSTOM_MIRROR}>{t('choose.mirrors.custom')}</option>
          </select>
        </Field>
        {choice.framework === 'pytorch' ? (
          <Field id={`${idPrefix}-pytorch`} label={t('choose.pytorchMirror')}>
            <select id={`${idPrefix}-pytorch`} value={choice.pytorchMirror} onChange={(event) => onChange({ pytorchMirror: event.target.value })}>
              {PYTORCH_MIRRORS.map((mirror) => <option key={mirror.id} value={mirror.id}>{t(`choose.mirrors.${mirror.labelKey}`)}</option>)}
              <option value={CUSTOM_MIRROR}>{t('choose.mirrors.custom')}</option>
            </select>
          </Field>
        ) : null}
      </div>
      {choice.pypiMirror === CUSTOM_MIRROR ? (
        <Field id={`${idPrefix}-customPypiUrl`} label={t('choose.customPypiUrl')} hint={t('choose.customUrlHint')} error={error('customPypiUrl')}>
          <ChoiceInput id={`${idPrefix}-customPypiUrl`} field="customPypiUrl" choice={choice} error={!!errorOf('customPypiUrl')} placeholder="https://" onChange={onChange} />
        </Field>
      ) : null}
      {choice.framework === 'pytorch' && choice.pytorchMirror === CUSTOM_MIRROR ? (
        <Field id={`${idPrefix}-customPytorchUrl`} label={t('choose.customPytorchUrl')} hint={t('choose.customUrlHint')} error={error('customPytorchUrl')}>
          <ChoiceInput id={`${idPrefix}-customPytorchUrl`} field="customPytorchUrl" choice={choice} error={!!errorOf('customPytorchUrl')} placeholder="https://" onChange={onChange} />
        </Field>
      ) : null}
      <div className="field-row mirror-checks">
        <MirrorCheck id={`${idPrefix}-check-pypi`} name={t('choose.mirrorCheck.pypi')} probeUrl={mirrorProbeUrl('pypi', choice.pypiMirror, choice.customPypiUrl)} />
        {choice.framework === 'pytorch' ? (
          <MirrorCheck id={`${idPrefix}-check-pytorch`} name={t('choose.mirrorCheck.pytorch')} probeUrl={mirrorProbeUrl('pytorch', choice.pytorchMirror, choice.customPytorchUrl)} />
        ) : null}
      </div>
    </>
  );
}
