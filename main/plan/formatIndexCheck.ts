// The "Package index" section of `dlsetup plan` (issue 32): the shared sentences, coloured for a terminal.
import type { Locale } from '../../shared/i18n/localize.js';
import { indexCheckLines } from '../../shared/plan/indexCheckText.js';
import { planSummaryText } from '../../shared/plan/planSummaryText.js';
import type { TerminalStyle } from '../../shared/text/terminalStyle.js';
import type { Plan } from '../../shared/types/plan.js';

export function formatIndexCheck(plan: Plan, p: TerminalStyle, locale: Locale | undefined): string[] {
  const lines = indexCheckLines(plan, locale);
  if (lines.length === 0) return [];
  const tone = { plain: (text: string) => text, refused: p.yellow, news: p.cyan };
  return ['', p.bold(planSummaryText(locale)('section.index')), ...lines.map((line) => `  ${tone[line.tone](line.text)}`)];
}
