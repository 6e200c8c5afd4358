import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { environmentsText } from '../../shared/environments/environmentsText.js';
import { checkWords, summaryWords, verdictWords, type EnvironmentsSay as Say } from '../../shared/environments/environmentWords.js';
import { FRAMEWORK_NAMES } from '../../shared/plan/frameworkNames.js';
import { isSafePosixPath } from '../../shared/schema/patterns.js';
import type { EnvironmentRow, EnvironmentsReport } from '../../shared/types/environments.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { useLocale } from '../i18n/useLocale.js';
import { useApi } from '../wizard/ApiContext.js';
import type { EnvironmentsCheckView } from '../wizard/environmentsCheckProgress.js';
import { useEnvironmentsCheck } from '../wizard/useEnvironmentsCheck.js';
import type { Load, ScreenProps } from '../wizard/wizardState.js';
import { EnvironmentsChanges } from './EnvironmentsChanges.js';

/** The quick check's cell: waiting or checking while the run goes, then its outcome in the CLI's words. */
function CheckCell({ env, progress, say }: { env: EnvironmentRow; progress: EnvironmentsCheckView | null; say: Say }) {
  const { t } = useTranslation();
  const live = progress?.rows.get(env.path);
  if (live?.state === 'waiting') return <td data-check="waiting" className="muted">{t('environments.checkWaiting')}</td>;
  if (live?.state === 'checking') return <td data-check="checking" aria-busy="true">{t('environments.checkRunning')}</td>;
  if (live?.state === 'notRun') return <td data-check="not-run" className="muted">{t('environments.checkNotRun')}</td>;
  const check = live?.state === 'done' ? live.check : env.check;
  // Another user's interpreter is not started: the cell says so instead of staying empty.
  if (!check) return env.notChecked ? <td data-check="not-checked" className="muted">{say(`notChecked.${env.notChecked}`)}</td> : <td />;
  return <td data-check={check.failed > 0 ? 'failed' : 'passed'}>{checkWords(check, say)}</td>;
}

/** The line under the button: starting, n of m done, or how the run ended when this view did not get its report. */
function runStatus(progress: EnvironmentsCheckView, t: ReturnType<typeof useTranslation>['t']): string {
  const counts = { done: progress.done, total: progress.total };
  if (progress.ended === 'cancelled') return t('environments.cancelled', counts);
  if (progress.ended === 'finished') return t('environments.finishedElsewhere', counts);
  return progress.total > 0 ? t('environments.running', counts) : t('environments.starting');
}

/** "All environments on this machine" (issue 20): every environment's builds, a verdict each, and the plan that fixes it. */
export function AllEnvironments({ dispatch }: Pick<ScreenProps, 'dispatch'>) {
  const api = useApi();
  const locale = useLocale();
  const { t } = useTranslation();
  const say = environmentsText(locale);
  const [load, setLoad] = useState<Load<EnvironmentsReport>>({ status: 'loading' });
  const [added, setAdded] = useState<string[]>([]);
  const checks = useEnvironmentsCheck(api);
  const running = checks.running;
  const runChecks = () =>
    void checks.run({ locale, ...(added.length ? { extraEnvironments: added } : {}) }).then((report) => {
      if (report) setLoad({ status: 'ready', value: report });
    });
  useEffect(() => {
    void api['verify:environments']({ locale, ...(added.length ? { extraEnvironments: added } : {}) }).then((result) =>
      setLoad(result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error }),
    );
  }, [api, locale, added]);
  if (load.status !== 'ready') return <p role="status">{load.status === 'failed' ? load.error.message : say('loading')}</p>;
  const report = load.value;
  // The quick check's column appears with the run and stays for its outcome, as `--run` adds it to the CLI's table.
  const checkColumn = checks.progress !== null || report.environments.some((env) => env.check);
  const columns = ['environment', 'python', 'framework', 'build', 'verdict', ...(checkColumn ? (['check'] as const) : []), 'action'] as const;
  return (
    <section className="all-environments" aria-labelledby="all-environments-heading" data-testid="all-environments">
      <h2 id="all-environments-heading">{say('title')}</h2>
      <AddEnvironmentFolder added={added} onAdd={(folder) => setAdded((now) => (now.includes(folder) ? now : [...now, folder]))} say={say} />
      <p>{report.gpu ? say('machine', { gpu: report.gpu.name, cc: report.gpu.computeCapability ?? '?', driver: report.driver ?? '-' }) : say('machineNoGpu')}</p>
      <div className="environments-run">
        <button type="button" disabled={running} aria-describedby="environments-run-hint" onClick={runChecks}>{t('environments.run')}</button>
        <p id="environments-run-hint" className="muted">{t('environments.runHint')}</p>
        {running ? <button type="button" data-testid="environments-cancel" onClick={checks.cancel}>{t('environments.cancel')}</button> : null}
        <p role="status" data-testid="environments-run-status">{checks.progress ? runStatus(checks.progress, t) : ''}</p>
      </div>
      {checks.error ? <ErrorPanel error={checks.error} onRetry={runChecks} /> : null}
      {report.since ? <EnvironmentsChanges report={report} say={say} /> : null}
      {report.environments.length === 0 ? <p>{say('empty')}</p> : (
        <table>
          <thead>
            <tr>{columns.map((column) => <th key={column} scope="col">{say(`column.${column}`)}</th>)}</tr>
          </thead>
          <tbody>
            {report.environments.flatMap((env) =>
              (env.frameworks.length ? env.frameworks : [null]).map((fw, at) => (
                <tr key={`${env.path}-${at}`} data-environment={env.name} data-verdict={fw?.verdict ?? 'none'}>
                  <th scope="row" title={env.path}>{env.name}</th>
                  <td>{env.python}</td>
                  <td>{fw ? FRAMEWORK_NAMES[fw.framework] : env.notChecked ? say(`notChecked.${env.notChecked}`) : say('noFramework')}</td>
                  <td>{fw?.version ?? ''}</td>
                  <td>{fw ? verdictWords(fw, say) : ''}</td>
                  {checkColumn ? <CheckCell env={env} progress={checks.progress} say={say} /> : null}
                  <td>
                    {fw?.action ? (
                      <button type="button" onClick={() => dispatch({ type: 'accept-alternative', request: fw.action!.request })}>
                        {say(`action.${fw.verdict as 'needsDriver'}`, { fw: FRAMEWORK_NAMES[fw.framework], version: fw.action.request.frameworkVersion ?? fw.version })}
                      </button>
                    ) : null}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
      <p className="muted">{summaryWords(report, say)}</p>
      {report.environments.some((env) => env.notChecked) ? <p data-testid="environments-not-checked">{say('notChecked.wayOn')}</p> : null}
    </section>
  );
}

/** Same bounds as the channel's schema and the CLI's --env. */
const MAX_ADDED = 32;
const MAX_PATH = 1024;

/** "Add an environment folder": a venv or conda prefix detection did not find, checked here before it is asked for. */
function AddEnvironmentFolder({ added, onAdd, say }: { added: readonly string[]; onAdd: (folder: string) => void; say: Say }) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const folder = value.trim().replace(/\/+$/, '');
    if (folder.length === 0 || folder.length > MAX_PATH || !folder.startsWith('/') || !isSafePosixPath(folder)) return setProblem(say('addFolder.invalid'));
    if (added.length >= MAX_ADDED) return setProblem(say('addFolder.tooMany'));
    setProblem(null);
    setValue('');
    onAdd(folder);
  };
  return (
    <form className="add-environment" onSubmit={submit}>
      <label htmlFor="add-environment-folder">{say('addFolder.label')}</label>
      <input id="add-environment-folder" type="text" value={value} maxLength={MAX_PATH} aria-describedby="add-environment-hint" aria-invalid={problem !== null} onChange={(event) => setValue(event.target.value)} />
      <button type="submit">{say('addFolder.button')}</button>
      <p id="add-environment-hint" className="muted">{say('addFolder.hint')}</p>
      {problem ? <p role="alert">{problem}</p> : null}
    </form>
  );
}

/** The "All environments on this machine" button and, once pressed, the table: on Welcome and reached from Verify. */
export function AllEnvironmentsToggle({ dispatch }: Pick<ScreenProps, 'dispatch'>) {
  const say = environmentsText(useLocale());
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" aria-expanded={shown} data-testid="all-environments-toggle" onClick={() => setShown((now) => !now)}>{say('link')}</button>
      {shown ? <AllEnvironments dispatch={dispatch} /> : null}
    </>
  );
}
