import { JSON_FLAG, type CliCommand } from '../cliCommand.js';
import { confirm } from '../confirm.js';
import { InstallService } from '../../install/installService.js';

export const rollbackCommand: CliCommand = {
  positionals: '[RUN]',
  maxPositionals: 1,
  flags: {
    yes: { type: 'boolean', description: 'undo without asking (never prompts for a password: sudo -n)' },
    'dry-run': { type: 'boolean', description: 'only show what would be undone' },
    json: JSON_FLAG,
  },
  async run({ flags, positionals }, io) {
    const service = new InstallService({ face: 'cli', nonInteractive: Boolean(flags.yes) || !process.stdin.isTTY });
    const preview = await service.rollback(positionals[0], { dryRun: true });
    const lines = preview.preview.actions.map((action) => `  ${action.elevated ? '[admin] ' : ''}${action.description}`);
    if (flags['dry-run'] || lines.length === 0) {
      if (flags.json) io.out(`${JSON.stringify(preview, null, 2)}\n`);
      else io.out(lines.length ? `Rolling back run ${preview.preview.runId} would:\n${lines.join('\n')}\n` : `Run ${preview.preview.runId} has nothing left to undo.\n`);
      return 0;
    }
    io.err(`Rolling back run ${preview.preview.runId} will:\n${lines.join('\n')}\nNothing else on this machine is touched.\n`);
    if (!flags.yes) {
      if (!process.stdin.isTTY) {
        io.err('Add --yes to undo without a terminal to confirm in.\n');
        return 2;
      }
      if (!(await confirm('Undo these changes?'))) return 1;
    }
    const result = await service.rollback(preview.preview.runId, { onLog: flags.json ? undefined : (line) => io.err(`${line}\n`) });
    if (flags.json) io.out(`${JSON.stringify(result, null, 2)}\n`);
    else io.out(result.ok ? `Rolled back run ${preview.preview.runId}.\n` : `Rollback finished with problems:\n${result.notes.map((note) => `  ${note}`).join('\n')}\n`);
    return result.ok ? 0 : 1;
  },
};
