import { FRAMEWORK_NAMES } from '../../../shared/plan/frameworkNames.js';
import type { Locale } from '../../../shared/i18n/localize.js';
import type { EnvironmentsReport, InstalledFramework } from '../../../shared/types/environments.js';
import { checkWords, summaryWords, verdictWords } from '../../../shared/environments/environmentWords.js';
import { formatChanges } from '../../../shared/environments/sinceWords.js';
import { displayWidth, padEndToWidth } from '../../../shared/text/displayWidth.js';
import { environmentsText } from './environmentsText.js';

type Say = ReturnType<typeof environmentsText>;

export { checkWords, verdictWords } from '../../../shared/environments/environmentWords.js';
export { formatChanges } from '../../../shared/environments/sinceWords.js';

export function actionWords(fw: InstalledFramework, say: Say): string {
  if (!fw.action || fw.verdict === 'works') return '';
  const params = { fw: FRAMEWORK_NAMES[fw.framework], version: fw.action.request.frameworkVersion ?? fw.version };
  return say(`action.${fw.verdict}`, params);
}

/** `dlsetup verify --all`: the machine, then one line per environment and framework, padded by display width. */
export function formatEnvironments(report: EnvironmentsReport, options: { locale?: Locale } = {}): string {
  const say = environmentsText(options.locale);
  const lines: string[] = [say('title'), report.gpu ? say('machine', { gpu: report.gpu.name, cc: report.gpu.computeCapability ?? '?', driver: report.driver ?? '-' }) : say('machineNoGpu'), ''];
  // --run adds the quick check's column before the action.
  const ran = report.environments.some((env) => env.check);
  const header = [say('column.environment'), say('column.python'), say('column.framework'), say('column.build'), say('column.verdict'), ...(ran ? [say('column.check')] : []), say('column.action')];
  const rows: string[][] = [];
  for (const env of report.environments) {
    const check = ran ? [env.check ? checkWords(env.check, say) : env.notChecked ? say(`notChecked.${env.notChecked}`) : ''] : [];
    // A row not checked says why instead of "no framework": nothing was read, or its interpreter was not started.
    if (env.frameworks.length === 0) rows.push([env.name, env.python, env.notChecked ? say(`notChecked.${env.notChecked}`) : say('noFramework'), '', '', ...check, '']);
    for (const fw of env.frameworks) rows.push([env.name, env.python, FRAMEWORK_NAMES[fw.framework], fw.version, verdictWords(fw, say), ...check, actionWords(fw, say)]);
  }
  if (rows.length === 0) return `${lines.join('\n')}${say('empty')}\n`;
  const widths = header.map((cell, at) => Math.max(displayWidth(cell), ...rows.map((row) => displayWidth(row[at]!))));
  const line = (cells: string[]) => cells.map((cell, at) => (at === cells.length - 1 ? cell : padEndToWidth(cell, widths[at]! + 2))).join('').trimEnd();
  lines.push(line(header), ...rows.map(line), '', summaryWords(report, say));
  if (report.environments.some((env) => env.notChecked)) lines.push(say('notChecked.wayOn'));
  if (report.since) lines.push('', ...formatChanges(report, say));
  return `${lines.join('\n')}\n`;
}
