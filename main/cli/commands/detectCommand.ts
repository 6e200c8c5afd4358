import { JSON_FLAG, type CliCommand } from '../cliCommand.js';
import { detectHardware } from '../../detect/detectHardware.js';
import { formatHardwareSummary } from '../../detect/formatHardwareSummary.js';

export const detectCommand: CliCommand = {
  flags: {
    json: JSON_FLAG,
    quick: { type: 'boolean', description: 'skip the slower probes (Python environments)' },
  },
  async run({ flags }, io) {
    const report = await detectHardware({ quick: Boolean(flags.quick) });
    io.out(flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatHardwareSummary(report, { color: io.color }));
    return 0;
  },
};
