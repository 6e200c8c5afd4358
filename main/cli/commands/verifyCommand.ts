import { JSON_FLAG, LANG_FLAG, type CliCommand } from '../cliCommand.js';
import { writeOutputFile } from '../../system/outputPath.js';
import { commandLocale } from '../cliLocale.js';
import { cliText } from '../cliText.js';
import { runVerification } from '../../verify/runVerification.js';
import { formatComparison, formatVerifyReport } from '../../verify/formatVerifyReport.js';
import { renderHtmlReport } from '../../verify/renderHtmlReport.js';
import { verifyAll } from './verifyAllCommand.js';
import { FRAMEWORK_IDS, type Framework } from '../../../shared/frameworks/registry.js';

export const verifyCommand: CliCommand = {
  flags: {
    all: { type: 'boolean', description: "every Python environment on this machine: each build and a verdict from its installed metadata (no environment's Python started)" },
    run: { type: 'boolean', description: "with --all: also start each environment's Python: the quick check where a framework is, a look where its files could not be read (another user's only when named with --env)" },
    parallel: { type: 'string', valueName: 'N', description: 'with --run: how many checks at a time (default: one per GPU, 2 without one; 1-8)' },
    env: { type: 'string', valueName: 'PATH', repeatable: true, description: 'with --all: also an environment folder detection does not find (may be given more than once, at most 32)' },
    python: { type: 'string', valueName: 'PATH', description: 'the interpreter of the environment to verify (default: the first with a framework)' },
    framework: { type: 'string', values: ['auto', ...FRAMEWORK_IDS], description: 'which framework to check (default auto)' },
    toolkit: { type: 'boolean', description: 'also compile and run a CUDA program with the installed nvcc' },
    quick: { type: 'boolean', description: 'smaller, faster measurements' },
    compare: { type: 'boolean', description: 'show what changed since the last report' },
    report: { type: 'string', valueName: 'FILE.html', description: 'also write a self-contained HTML report' },
    lang: LANG_FLAG,
    json: JSON_FLAG,
  },
  async run({ flags }, io) {
    const locale = commandLocale(flags, process.env);
    const say = cliText(locale);
    if (flags.all) return verifyAll(flags, locale, io);
    const outcome = await runVerification({
      python: flags.python as string | undefined,
      framework: (flags.framework as 'auto' | Framework | undefined) ?? 'auto',
      toolkit: Boolean(flags.toolkit),
      quick: Boolean(flags.quick),
      locale,
      onEvent: flags.json ? undefined : (event) => {
        if (event.kind === 'stage') io.err(`… ${event.detail}\n`);
      },
    });
    if (flags.report) await writeOutputFile(String(flags.report), renderHtmlReport(outcome.report, { comparison: outcome.comparison ?? undefined, locale }), { locale });
    if (flags.json) {
      io.out(`${JSON.stringify(flags.compare ? { ...outcome.report, comparison: outcome.comparison } : outcome.report, null, 2)}\n`);
    } else {
      io.out(formatVerifyReport(outcome.report, { color: io.color, locale }));
      if (flags.compare) io.out(outcome.comparison ? formatComparison(outcome.comparison, { color: io.color, locale }) : `${say('verify.noEarlierReport')}\n`);
      io.out(`${say('verify.reportSaved', { path: outcome.saved.htmlPath })}\n`);
    }
    return outcome.report.summary.failed === 0 ? 0 : 1;
  },
};
