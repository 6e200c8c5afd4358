import type { Locale } from '../../shared/i18n/localize.js';
import { oneLine } from '../../shared/quote/controlChars.js';
import { shDisplayWord } from '../../shared/quote/sh.js';
import type { Plan } from '../../shared/types/plan.js';
import { displayWidth, padEndToWidth } from '../../shared/text/displayWidth.js';
import { installCliText } from './installCliText.js';
import { installText } from '../system/installText.js';
import { planStepParams, type InstallOverrides } from './planStepParams.js';
import { errorMessageIn } from '../../shared/i18n/sayError.js';
import { stepForKind } from './stepRegistry.js';
import { stepTitle } from '../../shared/plan/stepTitle.js';
import { planText } from '../../shared/plan/planText.js';
import { adminMark } from '../../shared/plan/adminMark.js';

/**
 * `dlsetup install --dry-run`: every command that would run, marked where it runs as administrator, in `locale` (step
 * titles too, from each step's kind and params; the mark is shared/plan/adminMark.ts's, as everywhere). Text
 * from the plan stays on its line (control characters shown escaped), so a plan cannot add lines or fake commands.
 */
export function formatDryRun(plan: Plan, overrides: InstallOverrides = {}, locale: Locale = 'en'): string {
  const say = installCliText(locale);
  const stepSay = installText(locale);
  const titleSay = planText(locale);
  const rootMark = adminMark(locale);
  // Commands line up whether or not they carry the mark, in any language's mark.
  const markWidth = displayWidth(rootMark) + 1;
  const lines: string[] = [];
  const steps = Array.isArray(plan?.steps) ? plan.steps : [];
  lines.push(steps.length === 1 ? say('dryRun.headerOne', { mark: rootMark }) : say('dryRun.headerMany', { count: steps.length, mark: rootMark }));
  if (plan?.status === 'blocked') lines.push(say('dryRun.blocked', { blockers: oneLine(plan.blockers.map((b) => b.message).join(' ')) }));
  steps.forEach((step, index) => {
    lines.push('');
    // The title is said from the step's kind and params in this language; the plan file's own is the fallback.
    const heading = { number: index + 1, title: oneLine(stepTitle(step, titleSay, plan)) };
    try {
      const impl = stepForKind(step.kind);
      const params = impl.parse(planStepParams(plan, step, overrides));
      const elevated = typeof impl.elevated === 'function' ? impl.elevated(params) : impl.elevated;
      lines.push(elevated ? say('dryRun.stepAsRoot', { ...heading, mark: rootMark }) : say('dryRun.step', heading));
      lines.push(`   ${say('dryRun.skippedWhenDone')}`);
      for (const command of impl.describe(params, stepSay, plan)) {
        const mark = padEndToWidth(command.elevated ? rootMark : '', markWidth);
        if (command.argv.length) {
          lines.push(`   ${mark}$ ${command.argv.map(shDisplayWord).join(' ')}${command.note ? `   # ${oneLine(command.note)}` : ''}`);
        } else {
          lines.push(`   ${mark}# ${oneLine(command.note ?? '')}`);
        }
      }
    } catch (error) {
      lines.push(say('dryRun.step', heading));
      lines.push(`   ${say('dryRun.cannotRun', { message: oneLine(errorMessageIn(error, stepSay.locale)) })}`);
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
