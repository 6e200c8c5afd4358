import { useEffect } from 'react';
import type { Locale } from '../../shared/i18n/localize.js';
import { useLocale } from '../i18n/useLocale.js';
import { useApi } from './ApiContext.js';
import type { Load, SourcesPatch, WizardAction, WizardState } from './wizardState.js';
import type { MirrorDefault } from '../../shared/types/mirrors.js';

/** The sources a language starts with: in Chinese the measured mirror once measured, else the official index (issue 17). */
export function defaultSourcesFor(locale: Locale, measured: Load<MirrorDefault>): SourcesPatch {
  if (locale === 'zh-CN' && measured.status === 'ready') return { pypiMirror: measured.value.pypiMirror, pytorchMirror: measured.value.pytorchMirror };
  return { pypiMirror: 'official', pytorchMirror: 'official' };
}

/**
 * Measures the mirrors once the wizard speaks Chinese, and keeps the Choose screen's sources on the language's default
 * until the person picks their own: what the Plan screen shows is what install:start receives.
 */
export function useMirrorDefault(state: WizardState, dispatch: (action: WizardAction) => void): void {
  const api = useApi();
  const locale = useLocale();
  const { mirrorDefault, sourcesPicked, choice } = state;
  useEffect(() => {
    if (locale !== 'zh-CN' || sourcesPicked || mirrorDefault.status !== 'idle') return;
    dispatch({ type: 'load', key: 'mirrorDefault', load: { status: 'loading' } });
    void api['mirror:default']({}).then((result) =>
      dispatch({ type: 'load', key: 'mirrorDefault', load: result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error } }),
    );
  }, [api, dispatch, locale, sourcesPicked, mirrorDefault.status]);
  useEffect(() => {
    if (sourcesPicked) return;
    const target = defaultSourcesFor(locale, mirrorDefault);
    if (target.pypiMirror !== choice.pypiMirror || target.pytorchMirror !== choice.pytorchMirror) dispatch({ type: 'default-sources', patch: target });
  }, [dispatch, locale, mirrorDefault, sourcesPicked, choice.pypiMirror, choice.pytorchMirror]);
}
