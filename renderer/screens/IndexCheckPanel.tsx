import { indexCheckLines } from '../../shared/plan/indexCheckText.js';
import { planSummaryText } from '../../shared/plan/planSummaryText.js';
import type { Plan } from '../../shared/types/plan.js';
import { useLocale } from '../i18n/useLocale.js';

/** What the package index said of the plan's files (issue 32): the same sentences `dlsetup plan` prints. */
export function IndexCheckPanel({ plan }: { plan: Plan }) {
  const locale = useLocale();
  const lines = indexCheckLines(plan, locale);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="index-heading" data-testid="plan-index">
      <h2 id="index-heading">{planSummaryText(locale)('section.index')}</h2>
      <ul className="reasons">
        {lines.map((line) => (
          <li key={line.text} className={line.tone === 'plain' ? undefined : line.tone}>
            {line.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
