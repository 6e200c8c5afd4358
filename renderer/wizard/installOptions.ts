import type { Plan } from '../../shared/types/plan.js';
import { withInstallSources } from '../../shared/plan/withInstallSources.js';
import { defaultChoice, type Choice } from './wizardState.js';
import { CUSTOM_MIRROR, PYPI_MIRRORS, PYTORCH_MIRRORS } from './mirrorPresets.js';

/**
 * The contract's PlanRequest has no place for location, mirrors or proxy, so the wizard writes them into the plan's
 * step params, which the install engine reads (python-env `path`; framework `pypiMirror`, `pytorchMirror`, `proxy`).
 */
export function applyInstallOptions(plan: Plan, choice: Choice): Plan {
  const { pypi, pytorch } = chosenMirrors(choice);
  const location = choice.location.trim();
  const proxy = choice.proxy.trim();
  // Applied again on Retry with the mirror the person picked after a failure: the old choice must not linger (null).
  return withInstallSources(plan, { envPath: location || undefined, pypiMirror: pypi || null, pytorchMirror: pytorch || null, proxy: proxy || null });
}

/** The mirrors a choice names (a preset's value or a custom URL); absent: the official indexes. */
function chosenMirrors(choice: Choice): { pypi?: string; pytorch?: string } {
  const mirrorValue = (id: string, presets: typeof PYPI_MIRRORS, custom: string) =>
    id === CUSTOM_MIRROR ? custom.trim() : presets.find((preset) => preset.id === id && preset.id !== 'official')?.value;
  const pypi = mirrorValue(choice.pypiMirror, PYPI_MIRRORS, choice.customPypiUrl);
  const pytorch = choice.framework === 'pytorch' ? mirrorValue(choice.pytorchMirror, PYTORCH_MIRRORS, choice.customPytorchUrl) : undefined;
  return { ...(pypi ? { pypi } : {}), ...(pytorch ? { pytorch } : {}) };
}

/** The sources plan:resolve checks the plan's files against: the ones the install will use (issue 32). */
export function planSourcesOf(choice: Choice): { pypiMirror?: string; pytorchMirror?: string } {
  const { pypi, pytorch } = chosenMirrors(choice);
  return { ...(pypi ? { pypiMirror: pypi } : {}), ...(pytorch ? { pytorchMirror: pytorch } : {}) };
}

/** The Python environment a plan installs into (python-env step's `path`), if it says. */
export function planEnvPath(plan: Plan | null): string | null {
  const value = plan?.steps.find((step) => step.kind === 'python-env')?.params.path;
  return typeof value === 'string' ? value : null;
}

/**
 * The package sources a plan was started with, as Choose-screen values: the Install screen's mirror fix starts from
 * what really ran (the page may have been reloaded since, losing the Choose screen's state).
 */
export function sourcesChoiceOf(plan: Plan): Choice {
  const params = plan.steps.find((step) => step.kind === 'framework')?.params ?? {};
  const pick = (value: unknown, presets: typeof PYPI_MIRRORS) => {
    if (typeof value !== 'string' || !value) return { id: 'official', custom: '' };
    const preset = presets.find((candidate) => candidate.id !== 'official' && candidate.value === value);
    return preset ? { id: preset.id, custom: '' } : { id: CUSTOM_MIRROR, custom: value };
  };
  const pypi = pick(params.pypiMirror, PYPI_MIRRORS);
  const pytorch = pick(params.pytorchMirror, PYTORCH_MIRRORS);
  return {
    ...defaultChoice,
    framework: plan.framework.name,
    pypiMirror: pypi.id,
    customPypiUrl: pypi.custom,
    pytorchMirror: pytorch.id,
    customPytorchUrl: pytorch.custom,
    proxy: typeof params.proxy === 'string' ? params.proxy : '',
  };
}

/** Problems with what the person typed on the Choose screen, as catalog keys. */
export type ChoiceField = 'location' | 'customPypiUrl' | 'customPytorchUrl' | 'proxy';

export function choiceProblems(choice: Choice): { field: ChoiceField; key: string }[] {
  const problems: { field: ChoiceField; key: string }[] = [];
  const location = choice.location.trim();
  if (location && (!location.startsWith('/') || location.split('/').includes('..'))) problems.push({ field: 'location', key: 'choose.errors.location' });
  const acceptedUrl = (url: string) => /^https:\/\/\S+$|^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/\S*)?$/.test(url.trim());
  if (choice.pypiMirror === CUSTOM_MIRROR && !acceptedUrl(choice.customPypiUrl)) problems.push({ field: 'customPypiUrl', key: 'choose.errors.customUrl' });
  if (choice.framework === 'pytorch' && choice.pytorchMirror === CUSTOM_MIRROR && !acceptedUrl(choice.customPytorchUrl)) {
    problems.push({ field: 'customPytorchUrl', key: 'choose.errors.customUrl' });
  }
  if (choice.proxy.trim() && !/^https?:\/\/\S+$/.test(choice.proxy.trim())) problems.push({ field: 'proxy', key: 'choose.errors.proxy' });
  return problems;
}
