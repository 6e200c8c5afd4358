import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/useLocale.js';
import { CUSTOM_MIRROR, PYPI_MIRRORS, PYTORCH_MIRRORS } from '../wizard/mirrorPresets.js';
import type { ScreenProps } from '../wizard/wizardState.js';

/**
 * Where pip will get the packages, on the Plan screen (issue 17): in Chinese the mirror measured fastest, with its
 * figure, or the official index and why; in English the official index. The picker changes it without re-planning.
 */
export function PackageSources({ state, dispatch }: ScreenProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { choice, mirrorDefault, sourcesPicked } = state;
  const measured = mirrorDefault.status === 'ready' ? mirrorDefault.value : null;
  const nameOf = (id: string, presets = PYPI_MIRRORS, custom = choice.customPypiUrl) => {
    const preset = presets.find((mirror) => mirror.id === id);
    return preset ? t(`choose.mirrors.${preset.labelKey}`) : custom;
  };
  const timingOf = (id: string) => measured?.measured.find((timing) => timing.id === id);

  let sentence: string;
  if (sourcesPicked) sentence = choice.pypiMirror === 'official' ? t('sources.official') : t('sources.picked', { name: nameOf(choice.pypiMirror) });
  else if (locale !== 'zh-CN') sentence = t('sources.official');
  else if (mirrorDefault.status === 'failed') sentence = t('sources.measureFailed');
  else if (!measured) sentence = t('sources.measuring');
  else if (measured.reason === 'noneReachable') sentence = t('sources.noneReachable', { count: measured.measured.length, seconds: measured.timeoutMs / 1000 });
  else sentence = t('sources.fastest', { name: nameOf(measured.pypiMirror), count: measured.measured.length, ms: timingOf(measured.pypiMirror)?.ms ?? '?' });

  // Said only when the PyPI packages come from a mirror: the official index already means download.pytorch.org.
  let pytorchSentence = '';
  if (choice.framework === 'pytorch' && choice.pypiMirror !== 'official') {
    pytorchSentence = choice.pytorchMirror === 'official'
      ? t('sources.pytorchOfficial', { name: nameOf(choice.pypiMirror) })
      : t('sources.pytorchMirror', { name: nameOf(choice.pytorchMirror, PYTORCH_MIRRORS, choice.customPytorchUrl) });
  }

  const optionLabel = (id: string) => {
    const timing = timingOf(id);
    if (!timing) return nameOf(id);
    return timing.reachable ? t('sources.option.measured', { name: nameOf(id), ms: timing.ms }) : t('sources.option.noAnswer', { name: nameOf(id) });
  };
  const pick = (id: string) =>
    dispatch({ type: 'pick-sources', patch: { pypiMirror: id, pytorchMirror: PYTORCH_MIRRORS.some((mirror) => mirror.id === id) ? id : 'official' } });

  return (
    <section aria-labelledby="sources-heading" className="package-sources" data-testid="package-sources">
      <h2 id="sources-heading">{t('sources.heading')}</h2>
      <p role="status" data-testid="package-sources-summary">{sentence}</p>
      {pytorchSentence ? <p className="muted" data-testid="package-sources-pytorch">{pytorchSentence}</p> : null}
      <div className="field">
        <label htmlFor="plan-source">{t('sources.change')}</label>
        <select id="plan-source" value={choice.pypiMirror} onChange={(event) => pick(event.target.value)}>
          {PYPI_MIRRORS.map((mirror) => (
            <option key={mirror.id} value={mirror.id}>{mirror.id === 'official' ? t('sources.option.official') : optionLabel(mirror.id)}</option>
          ))}
          {choice.pypiMirror === CUSTOM_MIRROR ? <option value={CUSTOM_MIRROR}>{choice.customPypiUrl}</option> : null}
        </select>
      </div>
    </section>
  );
}
