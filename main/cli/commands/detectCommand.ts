import { JSON_FLAG, LANG_FLAG, type CliCommand } from '../cliCommand.js';
import { commandLocale } from '../cliLocale.js';
import { detectHardware } from '../../detect/detectHardware.js';
import { formatHardwareSummary } from '../../detect/formatHardwareSummary.js';

export const detectCommand: CliCommand = {
  flags: {
    json: JSON_FLAG,
    quick: { type: 'boolean', description: 'skip the slower probes (Python environments)' },
    lang: LANG_FLAG,
  },
  async run({ flags }, io) {
    const locale = commandLocale(flags, process.env);
    const report = await detectHardware({ quick: Boolean(flags.quick), locale });
    io.out(flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatHardwareSummary(report, { color: io.color, locale }));
    return 0;
  },
};
