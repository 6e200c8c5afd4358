import { indexCheckLines } from '../../shared/plan/indexCheckText.js';
import { planSummaryText } from '../../shared/plan/planSummaryText.js';
import type { Plan } from '../../shared/types/plan.js';
import { useLocale } from '../i18n/useLocale.js';

/** What the package index said of the plan's files (issue 32): the same sentences `dlsetup plan` prints. */
export function IndexCheckPanel({ plan, rechecking = false }: { plan: Plan; rechecking?: boolean }) {
  const locale = useLocale();
  const say = planSummaryText(locale);
  // While a changed source is asked, its answer replaces these lines; until then they are about the old source.
  const lines = rechecking ? [{ text: say('index.rechecking'), tone: 'plain' as const }] : indexCheckLines(plan, locale);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="index-heading" data-testid="plan-index" aria-busy={rechecking}>
      <h2 id="index-heading">{say('section.index')}</h2>
      <div role="status">
        <ul className="reasons">
          {lines.map((line) => (
            <li key={line.text} className={line.tone === 'plain' ? undefined : line.tone}>
              {line.text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
