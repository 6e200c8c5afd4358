import { useCallback } from 'react';
import { useApi } from './ApiContext.js';
import { useLocale } from '../i18n/useLocale.js';
import type { ScreenProps } from './wizardState.js';

/** Runs detect:run into the wizard state; the Welcome summary and the Machine screen share the one report. */
export function useDetect(dispatch: ScreenProps['dispatch']): () => void {
  const api = useApi();
  const locale = useLocale();
  return useCallback(() => {
    dispatch({ type: 'load', key: 'detect', load: { status: 'loading' } });
    void api['detect:run']({ locale }).then((result) =>
      dispatch({ type: 'load', key: 'detect', load: result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error } }),
    );
  }, [api, dispatch, locale]);
}
