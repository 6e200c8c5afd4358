import { JSON_FLAG, LANG_FLAG, type CliCommand } from '../cliCommand.js';
import { commandLocale } from '../cliLocale.js';
import { detectHardware } from '../../detect/detectHardware.js';

export const detectCommand: CliCommand = {
  flags: {
    json: JSON_FLAG,
    quick: { type: 'boolean', description: 'skip the slower probes (Python environments)' },
    lang: LANG_FLAG,
  },
  async run({ flags }, io) {
    const locale = commandLocale(flags, process.env);
    const report = await detectHardware({ quick: Boolean(flags.quick), locale });
    if (flags.json) {
      io.out(`${JSON.stringify(report, null, 2)}\n`);
      return 0;
    }
    // Loaded for people only: the summary's tables and catalogs are five modules `--json` would parse for nothing.
    const { formatHardwareSummary } = await import('../../detect/formatHardwareSummary.js');
    io.out(formatHardwareSummary(report, { color: io.color, locale }));
    return 0;
  },
};
