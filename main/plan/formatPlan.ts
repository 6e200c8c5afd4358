import type { CatalogKey, Locale } from '../../shared/i18n/localize.js';
import { adminMark } from '../../shared/plan/adminMark.js';
import { replacesNewerDriver } from '../../shared/plan/driverReplacement.js';
import { formatMegabytes } from '../../shared/plan/estimateDownload.js';
import { FRAMEWORK_NAMES } from '../../shared/plan/resolvePlan.js';
import { formatTable } from '../../shared/text/terminalTable.js';
import { terminalStyle } from '../../shared/text/terminalStyle.js';
import { vendorName } from '../../shared/text/vendorName.js';
import type { Plan } from '../../shared/types/plan.js';
import { formatIndexCheck } from './formatIndexCheck.js';
import { formatReuse } from './formatReuse.js';
import { planSummaryText } from '../../shared/plan/planSummaryText.js';


type Action = Plan['driver']['action'] | Plan['cudnn']['action'];
type ComponentKey = Extract<CatalogKey<'planSummary'>, `download.component.${string}`>;

/** A downloaded component in words ("PyTorch with its CUDA libraries"), never its id (DOWNLOAD_COMPONENTS has a key each). */
function componentName(component: string, say: ReturnType<typeof planSummaryText>): string {
  const key = `download.component.${component}`;
  return planSummaryText.has(key) ? say(key as ComponentKey) : component;
}

const METHODS = ['wheels', 'system', 'conda'] as const;

/**
 * The plan as a readable table followed by every reason, warning and blocker (plain text when color is false).
 * Labels are in `locale` (English by default); the plan's own sentences are in the locale it was resolved in.
 */
export function formatPlan(plan: Plan, options: { color: boolean; locale?: Locale }): string {
  const p = terminalStyle(options.color);
  const say = planSummaryText(options.locale);
  const action = (value: Action) => say(`action.${value}`);
  const fw = FRAMEWORK_NAMES[plan.framework.name];
  const lines: string[] = [];
  // An unknown NVIDIA GPU: the CPU build is shown, but the plan is not called ok (issue 28).
  const gpuUnknown = plan.missingPrerequisites?.some((missing) => missing.code === 'GPU_UNKNOWN') ?? false;
  const status = plan.status !== 'ok' ? p.red(say('status.blocked')) : gpuUnknown ? p.yellow(say('status.gpuUnknown')) : p.green(say('status.ok'));
  const title = say('title', { framework: `${fw} ${plan.framework.version}${plan.framework.variant && plan.framework.variant !== 'none' ? ` (${plan.framework.variant})` : ''}` });
  lines.push(`${p.bold(title)}  ${say('status', { status })}  ${say('method', { method: METHODS.includes(plan.method) ? say(`method.${plan.method}`) : String(plan.method) })}`);
  lines.push('');

  const driver = plan.driver;
  const driverText =
    driver.action === 'keep'
      ? say('driver.keep', { current: driver.current ?? '', minimum: driver.minimum ?? '' })
      : driver.action === 'none'
        ? driver.current
          ? say('driver.unused', { current: driver.current })
          : gpuUnknown
            ? say('gpuUnknown.driver')
            : say('notNeeded')
        : `${driver.current ? `${driver.current} -> ` : ''}${say('driver.change', { target: driver.target ?? '', minimum: driver.minimum ?? '' })}`;
  const toolkit = plan.cudaToolkit;
  const toolkitText = toolkit.version ?? (plan.framework.cuda ? say('toolkit.bundled', { cuda: plan.framework.cuda }) : say('notNeeded'));
  const cudnnText = plan.cudnn.version ?? say('notNeeded');
  const pip = [
    ...plan.framework.packages,
    ...(plan.framework.indexUrl ? ['--index-url', plan.framework.indexUrl] : []),
    ...(plan.framework.extraIndexUrl ? ['--extra-index-url', plan.framework.extraIndexUrl] : []),
    ...(plan.framework.findLinks ? ['-f', plan.framework.findLinks] : []),
  ].join(' ');
  const gpu = plan.gpu;
  const vendorText = (vendor: Plan['profile']['gpuVendor']) => (vendor === 'none' ? say('gpu.none') : vendorName(vendor));
  const gpuText = gpu?.name
    ? gpu.computeCapability
      ? say('gpu.computeCapability', { name: gpu.name, cc: gpu.computeCapability })
      : gpu.gfxArch
        ? say('gpu.gfxArch', { name: gpu.name, arch: gpu.gfxArch })
        : gpu.name
    : vendorText(gpu?.vendor ?? plan.profile.gpuVendor);
  const installOrNone = action(plan.status === 'ok' ? 'install' : 'none');
  lines.push(
    ...formatTable(
      [say('table.component'), say('table.action'), say('table.version')],
      [
        ['GPU', '', gpuText],
        [say('component.driver'), driver.action === 'upgrade' && replacesNewerDriver(driver.current, driver.target) ? say('action.replace') : action(driver.action), driverText],
        ['CUDA Toolkit', action(toolkit.action), toolkitText],
        ['cuDNN', action(plan.cudnn.action), cudnnText],
        ['Python', installOrNone, plan.python.version],
        [fw, installOrNone, pip || plan.framework.version],
      ],
      p,
    ),
  );

  lines.push(...formatReuse(plan, p, options.locale));
  if (plan.steps.length) {
    lines.push('', p.bold(say('section.steps')));
    plan.steps.forEach((step, i) => lines.push(`  ${i + 1}. ${step.elevated ? p.yellow(`${adminMark(options.locale)} `) : ''}${step.title}`));
  }
  if (plan.download && (plan.download.megabytes > 0 || plan.download.unknown.length > 0)) {
    const components = plan.download.unknown.map((component) => componentName(component, say)).join(say('list.separator'));
    // No measured part: "about 0 B" would be a number the plan does not have.
    const known = plan.download.items.some((item) => item.megabytes !== null);
    const size = !known
      ? say('download.allUnknown', { components })
      : `${say('download.about', { size: formatMegabytes(plan.download.megabytes) })}${components ? say('download.unknown', { components }) : ''}`;
    lines.push('', `${p.bold(say('section.download'))}  ${size}`);
  }
  lines.push(...formatIndexCheck(plan, p, options.locale));
  if (plan.reasons.length) {
    lines.push('', p.bold(say('section.why')));
    for (const reason of plan.reasons) lines.push(`  - ${reason}`);
  }
  if (plan.warnings.length) {
    lines.push('', p.bold(say('section.warnings')));
    for (const warning of plan.warnings) lines.push(`  ${p.yellow('!')} ${warning}`);
  }
  if (plan.blockers.length) {
    lines.push('', p.bold(say('section.blocked')));
    for (const blocker of plan.blockers) {
      // The code in brackets after the sentence, as every error line shows it.
      lines.push(`  ${p.red('x')} ${blocker.message} [${blocker.code}]`);
      const alt = blocker.alternative;
      if (alt) {
        const flags = [
          `--framework ${alt.framework}`,
          alt.frameworkVersion ? `--framework-version ${alt.frameworkVersion}` : '',
          alt.python ? `--python ${alt.python}` : '',
          alt.method ? `--method ${alt.method}` : '',
          alt.allowDriverChange === false ? '--keep-driver' : '',
        ].filter(Boolean);
        lines.push(`    ${say('nearestRequest', { command: `dlsetup plan ${flags.join(' ')}` })}`);
      }
    }
  }
  if (plan.dataReviewedAt) lines.push('', p.dim(say('dataReviewed', { date: plan.dataReviewedAt })));
  return lines.join('\n');
}
