// What the package index said of a plan (issue 32), in the reader's language: one source for `dlsetup plan` and the Plan screen.
import type { Locale } from '../i18n/localize.js';
import type { Plan } from '../types/plan.js';
import { formatMegabytes } from './estimateDownload.js';
import { FRAMEWORK_NAMES } from './frameworkNames.js';
import { planSummaryText } from './planSummaryText.js';

const REASONS = ['offline', 'whatIf', 'noPip', 'network', 'timeout', 'status', 'budget', 'cancelled', 'insecure', 'tooLarge', 'malformed', 'conflict', 'hash', 'noIndex', 'glibcUnknown', 'pipConfigUnread'] as const;

export interface IndexCheckLine {
  text: string;
  /** 'refused' is worth a warning colour; 'news' a note of its own. */
  tone: 'plain' | 'refused' | 'news';
}

export function indexCheckLines(plan: Plan, locale: Locale | undefined): IndexCheckLine[] {
  const check = plan.index;
  if (!check) return [];
  const say = planSummaryText(locale);
  const indexes = check.indexes.join(say('list.separator'));
  const known = REASONS.find((reason) => reason === check.reason);
  const reason = known ? say(`index.reason.${known}`) : say('index.reason.malformed');
  const counts = { indexes, requests: check.requests, ms: check.ms };
  const lines: IndexCheckLine[] = [];
  if (check.status === 'resolved') {
    const files = check.files ?? [];
    const sized = files.filter((file) => file.size !== null).length;
    const size = formatMegabytes(files.reduce((sum, file) => sum + (file.size ?? 0), 0) / 1e6);
    const count = files.length;
    const text = sized === count ? say('index.resolved', { ...counts, count, size }) : sized === 0 ? say('index.resolvedNoSize', { ...counts, count }) : say('index.resolvedPartSize', { ...counts, count, size, sized });
    lines.push({ text, tone: 'plain' });
  } else if (check.status === 'missing') lines.push({ text: say('index.missing', { indexes }), tone: 'plain' });
  else if (check.status === 'unreachable') lines.push({ text: say('index.unreachable', { indexes, reason }), tone: 'plain' });
  else if (check.status === 'refused') lines.push({ text: say('index.refused', { indexes, reason }), tone: 'refused' });
  else lines.push({ text: say('index.dataOnly', { reason }), tone: 'plain' });
  if (check.fromPipConfig?.length) lines.push({ text: say('index.pipConfig', { indexes: check.fromPipConfig.join(say('list.separator')) }), tone: 'plain' });
  if (check.newer?.length) {
    lines.push({ text: say('index.news', { fw: FRAMEWORK_NAMES[plan.framework.name], versions: check.newer.join(say('list.separator')), planned: plan.framework.version }), tone: 'news' });
  }
  return lines;
}
