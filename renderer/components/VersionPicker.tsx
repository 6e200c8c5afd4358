import { useTranslation } from 'react-i18next';
import type { Framework } from '../../shared/types/plan.js';
import { useFrameworkVersions } from '../wizard/useFrameworkVersions.js';

/**
 * The framework version: "newest that works here" or one of the releases in DL Setup's data, each with its Python
 * range. A pin that came from elsewhere (an accepted alternative) stays selectable; an engine that cannot list them gets free text.
 */
export function VersionPicker({ id, framework, value, onChange }: { id: string; framework: Framework; value: string; onChange: (version: string) => void }) {
  const { t } = useTranslation();
  const list = useFrameworkVersions(framework);
  // Only an engine that cannot list versions gets free text; while the list loads, the recommended choice stands.
  if (list.status === 'failed') {
    return (
      <input id={id} type="text" inputMode="decimal" spellCheck={false} autoComplete="off" value={value}
        placeholder={t('choose.versionPlaceholder')} aria-describedby={`${id}-hint`} onChange={(event) => onChange(event.target.value)} />
    );
  }
  const versions = list.status === 'ready' ? list.versions : [];
  const listed = versions.some((entry) => entry.version === value);
  return (
    <select id={id} value={value} disabled={list.status === 'loading'} aria-describedby={`${id}-hint`} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('choose.versionNewest')}</option>
      {value && !listed ? <option value={value}>{value}</option> : null}
      {versions.map((entry) => (
        <option key={entry.version} value={entry.version}>
          {t(entry.kinds.some((kind) => kind !== 'cpu') ? 'choose.versionOption' : 'choose.versionOptionCpuOnly', {
            version: entry.version,
            pythonMin: entry.python.min,
            pythonMax: entry.python.max,
          })}
        </option>
      ))}
    </select>
  );
}
