// The "Already on this machine" section of `dlsetup plan`: environments that satisfy the request, and how to use one.
import type { Locale } from '../../shared/i18n/localize.js';
import { FRAMEWORK_NAMES } from '../../shared/plan/frameworkNames.js';
import { useEnvironmentCommand, verifyEnvironmentCommand } from '../../shared/plan/reuseCommand.js';
import type { TerminalStyle } from '../../shared/text/terminalStyle.js';
import type { Plan } from '../../shared/types/plan.js';
import { planSummaryText } from '../../shared/plan/planSummaryText.js';

export function formatReuse(plan: Plan, p: TerminalStyle, locale: Locale | undefined): string[] {
  if (!plan.reuse?.length) return [];
  const say = planSummaryText(locale);
  const row = plan.framework.cuda || plan.framework.rocm ? 'reuse.row.gpu' : 'reuse.row.other';
  const lines = ['', p.bold(say('section.reuse'))];
  for (const env of plan.reuse) {
    const params = { name: env.name, kind: say(`reuse.kind.${env.kind}`), python: env.python, framework: FRAMEWORK_NAMES[plan.request.framework], version: env.version };
    lines.push(`  ${p.green('✓')} ${say(row, params)}`);
    lines.push(`    ${say('reuse.use', { command: useEnvironmentCommand(env, plan.profile.os) })}`);
    lines.push(`    ${say('reuse.prove', { command: verifyEnvironmentCommand(env, plan.profile.os) })}`);
  }
  return lines;
}
