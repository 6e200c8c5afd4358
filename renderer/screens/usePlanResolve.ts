import { useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '../../shared/i18n/localize.js';
import type { DlsetupApi } from '../../shared/ipc/contract.js';
import { planSourcesOf } from '../wizard/installOptions.js';
import { planRequestOf, type WizardAction, type WizardState } from '../wizard/wizardState.js';

/**
 * The Plan screen's plan:resolve calls: the first one shows "loading"; a package source changed on the screen asks
 * again quietly (issue 32: the plan's files and pins were checked on the old source), keeping the plan on screen and
 * Install held until the new answer is in. A late answer for an older source is dropped.
 */
export function usePlanResolve(state: WizardState, dispatch: (action: WizardAction) => void, api: DlsetupApi, locale: Locale) {
  const sources = JSON.stringify(planSourcesOf(state.choice));
  const checkedWith = useRef(sources);
  const latest = useRef(0);
  const [rechecking, setRechecking] = useState(false);

  const ask = useCallback(
    (quiet: boolean) => {
      const call = ++latest.current;
      checkedWith.current = sources;
      if (quiet) setRechecking(true);
      else dispatch({ type: 'load', key: 'plan', load: { status: 'loading' } });
      void api['plan:resolve']({ ...planRequestOf(state.choice), ...planSourcesOf(state.choice), ...(state.choice.gpu ? { gpuChoice: state.choice.gpu } : {}), locale }).then((result) => {
        if (call !== latest.current) return;
        setRechecking(false);
        dispatch({ type: 'load', key: 'plan', load: result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error } });
      });
    },
    [api, dispatch, state.choice, locale, sources],
  );
  const resolve = useCallback(() => ask(false), [ask]);

  // Only a plan the index was asked about depends on the source; a data-only plan stays as it is.
  const checkedPlan = state.plan.status === 'ready' && state.plan.value.index !== undefined;
  useEffect(() => {
    if (checkedPlan && checkedWith.current !== sources) ask(true);
  }, [checkedPlan, sources, ask]);

  return { resolve, rechecking };
}
