import { useTranslation } from 'react-i18next';
import type { DiagnoseUnmatched } from '../../shared/types/diagnose.js';

/**
 * When no known problem matched a pasted text (issue 31, item 4): what DL Setup read from it, the known problems it came
 * closest to (title first, the code in its bracket after it, and the words the text holds), and what to try next.
 */
export function UnmatchedPanel({ unmatched }: { unmatched: DiagnoseUnmatched }) {
  const { t } = useTranslation();
  const { extracted, closest } = unmatched;
  return (
    <section className="diagnosis-item unmatched" data-testid="diagnosis-unmatched" aria-labelledby="unmatched-heading">
      <h2 id="unmatched-heading">{t('diagnose.unmatched.heading')}</h2>
      <p>{t('diagnose.unmatched.intro')}</p>
      {extracted.length > 0 ? (
        <>
          <h3>{t('diagnose.unmatched.read')}</h3>
          <ul data-testid="unmatched-read">
            {extracted.map((item) => <li key={item}><code>{item}</code></li>)}
          </ul>
        </>
      ) : null}
      {closest.length > 0 ? (
        <>
          <h3>{t('diagnose.unmatched.closest')}</h3>
          <p className="muted">{t('diagnose.unmatched.closestHint')}</p>
          <ul data-testid="unmatched-closest">
            {closest.map((near) => (
              <li key={near.code} data-closest-code={near.code}>
                <strong>{near.title}</strong> <code>[{near.code}]</code>
                {near.found.length > 0 ? (
                  <>
                    <br />
                    <span className="muted">
                      {t('diagnose.unmatched.found')}
                      {near.found.map((word) => (
                        <span key={word}> <code>{word.trim()}</code></span>
                      ))}
                    </span>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>{t('diagnose.unmatched.next')}</h3>
      <ul>
        <li>{t('diagnose.unmatched.pasteAll')}</li>
        {closest.length > 0 ? <li>{t('diagnose.unmatched.pasteClosest')}</li> : null}
      </ul>
    </section>
  );
}
