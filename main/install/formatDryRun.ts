import type { Locale } from '../../shared/i18n/localize.js';
import type { Plan } from '../../shared/types/plan.js';
import { installText } from './installText.js';
import { planStepParams, type InstallOverrides } from './planStepParams.js';
import { quoteForDisplay } from './stepContext.js';
import { stepForKind } from './stepRegistry.js';

/** `dlsetup install --dry-run`: every command that would run, marked where it runs as administrator. */
export function formatDryRun(plan: Plan, overrides: InstallOverrides = {}): string {
  const lines: string[] = [];
  const steps = Array.isArray(plan?.steps) ? plan.steps : [];
  lines.push(`Dry run: ${steps.length} step${steps.length === 1 ? '' : 's'}; nothing will be changed. Lines marked [root] run as administrator (one password prompt for the whole install).`);
  if (plan?.status === 'blocked') lines.push(`The plan is blocked: ${plan.blockers.map((b) => b.message).join(' ')}`);
  steps.forEach((step, index) => {
    lines.push('');
    try {
      const impl = stepForKind(step.kind);
      const params = impl.parse(planStepParams(plan, step, overrides));
      const elevated = typeof impl.elevated === 'function' ? impl.elevated(params) : impl.elevated;
      lines.push(`${index + 1}. ${step.title} [${step.kind}${elevated ? ', root' : ''}]`);
      lines.push('   (skipped when already done)');
      for (const command of impl.describe(params)) {
        const mark = command.elevated ? '[root] ' : '       ';
        if (command.argv.length) {
          lines.push(`   ${mark}$ ${command.argv.map(quoteForDisplay).join(' ')}${command.note ? `   # ${command.note}` : ''}`);
        } else {
          lines.push(`   ${mark}# ${command.note}`);
        }
      }
    } catch (error) {
      lines.push(`${index + 1}. ${step.title} [${step.kind}]`);
      lines.push(`   ✗ cannot run: ${(error as Error).message}`);
    }
  });
  return `${lines.join('\n')}\n`;
}

/** Things to read before starting (Secure Boot, reboots), for the wizard's confirm screen and the CLI, in `locale`. */
export async function preflightNotices(plan: Plan, overrides: InstallOverrides = {}, locale?: Locale): Promise<{ stepId: string; notice: string }[]> {
  const say = installText(locale);
  const notices: { stepId: string; notice: string }[] = [];
  for (const step of plan.steps) {
    try {
      const impl = stepForKind(step.kind);
      if (!impl.notices) continue;
      for (const notice of await impl.notices(impl.parse(planStepParams(plan, step, overrides)), say)) notices.push({ stepId: step.id, notice });
    } catch {
      // formatDryRun reports invalid steps.
    }
  }
  return notices;
}
