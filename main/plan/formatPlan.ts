import type { Plan } from '../../shared/types/plan.js';
import { formatMegabytes } from '../../shared/plan/estimateDownload.js';

const FRAMEWORK_NAMES = { pytorch: 'PyTorch', tensorflow: 'TensorFlow', jax: 'JAX' } as const;

interface Paint {
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
}

function paint(color: boolean): Paint {
  const wrap = (code: string) => (text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  return { bold: wrap('1'), dim: wrap('2'), green: wrap('32'), yellow: wrap('33'), red: wrap('31') };
}

function row(cells: string[], widths: number[]): string {
  return `  ${cells.map((cell, i) => (i < cells.length - 1 ? cell.padEnd(widths[i]!) : cell)).join('  ')}`.trimEnd();
}

/** The plan as a readable table followed by every reason, warning and blocker (plain text when color is false). */
export function formatPlan(plan: Plan, options: { color: boolean }): string {
  const p = paint(options.color);
  const fw = FRAMEWORK_NAMES[plan.framework.name];
  const lines: string[] = [];
  const status = plan.status === 'ok' ? p.green('ok') : p.red('blocked');
  lines.push(`${p.bold(`DL Setup plan: ${fw} ${plan.framework.version}${plan.framework.variant && plan.framework.variant !== 'none' ? ` (${plan.framework.variant})` : ''}`)}  status: ${status}  method: ${plan.method}`);
  lines.push('');

  const driver = plan.driver;
  const driverText =
    driver.action === 'keep'
      ? `${driver.current} (needs ${driver.minimum} or newer)`
      : driver.action === 'none'
        ? driver.current
          ? `${driver.current} (not used by this build)`
          : 'not needed'
        : `${driver.current ? `${driver.current} -> ` : ''}${driver.target} or newer (needs ${driver.minimum} or newer)`;
  const toolkit = plan.cudaToolkit;
  const toolkitText = toolkit.version ?? (plan.framework.cuda ? `not needed: the wheels bring CUDA ${plan.framework.cuda}` : 'not needed');
  const cudnnText = plan.cudnn.version ?? 'not needed';
  const pip = [
    ...plan.framework.packages,
    ...(plan.framework.indexUrl ? ['--index-url', plan.framework.indexUrl] : []),
    ...(plan.framework.extraIndexUrl ? ['--extra-index-url', plan.framework.extraIndexUrl] : []),
  ].join(' ');
  const table: string[][] = [
    ['Component', 'Action', 'Version'],
    ['GPU', '', plan.gpu?.name ? `${plan.gpu.name}${plan.gpu.computeCapability ? ` (compute capability ${plan.gpu.computeCapability})` : plan.gpu.gfxArch ? ` (${plan.gpu.gfxArch})` : ''}` : (plan.gpu?.vendor ?? plan.profile.gpuVendor)],
    ['Driver', driver.action, driverText ?? ''],
    ['CUDA Toolkit', toolkit.action, toolkitText],
    ['cuDNN', plan.cudnn.action, cudnnText],
    ['Python', plan.status === 'ok' ? 'install' : 'none', plan.python.version],
    [fw, plan.status === 'ok' ? 'install' : 'none', pip || plan.framework.version],
  ];
  const widths = [0, 1].map((i) => Math.max(...table.map((cells) => cells[i]!.length)));
  lines.push(p.bold(row(table[0]!, widths)));
  for (const cells of table.slice(1)) lines.push(row(cells, widths));

  if (plan.steps.length) {
    lines.push('', p.bold('Steps'));
    plan.steps.forEach((step, i) => lines.push(`  ${i + 1}. ${step.elevated ? p.yellow('[admin] ') : ''}${step.title}`));
  }
  if (plan.download && (plan.download.megabytes > 0 || plan.download.unknown.length > 0)) {
    const unknown = plan.download.unknown.length ? ` (size unknown, not included: ${plan.download.unknown.join(', ')})` : '';
    lines.push('', `${p.bold('Download')}  about ${formatMegabytes(plan.download.megabytes)}${unknown}`);
  }
  if (plan.reasons.length) {
    lines.push('', p.bold('Why'));
    for (const reason of plan.reasons) lines.push(`  - ${reason}`);
  }
  if (plan.warnings.length) {
    lines.push('', p.bold('Warnings'));
    for (const warning of plan.warnings) lines.push(`  ${p.yellow('!')} ${warning}`);
  }
  if (plan.blockers.length) {
    lines.push('', p.bold('Blocked'));
    for (const blocker of plan.blockers) {
      lines.push(`  ${p.red('x')} ${blocker.code}: ${blocker.message}`);
      const alt = blocker.alternative;
      if (alt) {
        const flags = [
          `--framework ${alt.framework}`,
          alt.frameworkVersion ? `--framework-version ${alt.frameworkVersion}` : '',
          alt.python ? `--python ${alt.python}` : '',
          alt.method ? `--method ${alt.method}` : '',
          alt.allowDriverChange === false ? '--keep-driver' : '',
        ].filter(Boolean);
        lines.push(`    Nearest working request: dlsetup plan ${flags.join(' ')}`);
      }
    }
  }
  if (plan.dataReviewedAt) lines.push('', p.dim(`Compatibility data reviewed ${plan.dataReviewedAt}.`));
  return lines.join('\n');
}
