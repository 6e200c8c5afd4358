import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../shared/errors.js';
import type { PlanExport, PlanExportRequest } from '../../shared/ipc/contract.js';
import type { Plan } from '../../shared/types/plan.js';
import { useApi } from '../wizard/ApiContext.js';
import { downloadFile } from '../wizard/reportFiles.js';
import { ErrorPanel } from './ErrorPanel.js';

const FORMATS: PlanExportRequest['format'][] = ['shell', 'ansible', 'dockerfile'];

/** Saves one exported file through the browser's own download; octet-stream keeps its exact name (no added .txt). */
function saveFile(file: PlanExport['files'][number]): void {
  downloadFile(file.path.replaceAll('/', '_'), 'application/octet-stream', file.content);
}

/** Plan screen: the same plan as a shell script, an Ansible playbook or a Dockerfile for a lab's other machines (`dlsetup export`). */
export function ExportPanel({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const api = useApi();
  const [format, setFormat] = useState<PlanExportRequest['format']>('shell');
  const [result, setResult] = useState<{ ok: true; value: PlanExport } | { ok: false; error: AppError } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    setResult(await api['plan:export']({ plan, format }));
    setBusy(false);
  };

  const exported = result?.ok ? result.value : null;
  const main = exported?.files.find((file) => file.path === exported.mainFile);
  return (
    <section aria-labelledby="export-heading" className="export-panel" data-testid="export-panel">
      <h2 id="export-heading">{t('plan.export.heading')}</h2>
      <p className="muted">{t('plan.export.intro')}</p>
      <fieldset>
        <legend>{t('plan.export.format')}</legend>
        {FORMATS.map((id) => (
          <label key={id} className="radio-row">
            <input type="radio" name="export-format" value={id} checked={format === id} onChange={() => setFormat(id)} />
            <span>
              <strong>{t(`plan.export.formats.${id}.name`)}</strong> — {t(`plan.export.formats.${id}.who`)}
            </span>
          </label>
        ))}
      </fieldset>
      <button type="button" onClick={() => void run()} disabled={busy}>{t('plan.export.button')}</button>
      {result && !result.ok ? <ErrorPanel error={result.error} /> : null}
      {exported ? (
        <div data-testid="export-files">
          <h3>{t('plan.export.files', { count: exported.files.length })}</h3>
          <ul className="export-files">
            {exported.files.map((file) => (
              <li key={file.path}>
                <code>{file.path}</code>{' '}
                <button type="button" onClick={() => saveFile(file)} aria-label={t('plan.export.saveFile', { file: file.path })}>{t('plan.export.save')}</button>
              </li>
            ))}
          </ul>
          {main ? <pre className="log export-preview" data-testid="export-main">{main.content}</pre> : null}
        </div>
      ) : null}
    </section>
  );
}
