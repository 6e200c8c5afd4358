import { adminMark as adminMarkIn } from '../../../shared/plan/adminMark.js';
import { JSON_FLAG, LANG_FLAG, type CliCommand } from '../cliCommand.js';
import { commandLocale } from '../cliLocale.js';
import { cliText } from '../cliText.js';
import { confirm } from '../confirm.js';
import { InstallService } from '../../install/installService.js';

export const rollbackCommand: CliCommand = {
  positionals: '[RUN]',
  maxPositionals: 1,
  flags: {
    yes: { type: 'boolean', description: 'undo without asking (never prompts for a password: sudo -n)' },
    'dry-run': { type: 'boolean', description: 'only show what would be undone' },
    lang: LANG_FLAG,
    json: JSON_FLAG,
  },
  async run({ flags, positionals }, io) {
    const locale = commandLocale(flags, process.env);
    const say = cliText(locale);
    // The actions and notes are the engine's sentences, in the command's language; JSON is for programs and stays English.
    const engineLocale = flags.json ? 'en' : locale;
    const service = new InstallService({ face: 'cli', nonInteractive: Boolean(flags.yes) || !process.stdin.isTTY });
    const preview = await service.rollback(positionals[0], { dryRun: true, locale: engineLocale });
    const runId = preview.preview.runId;
    const adminMark = `${adminMarkIn(locale)} `;
    const lines = preview.preview.actions.map((action) => `  ${action.elevated ? adminMark : ''}${action.description}`);
    // A damaged journal: the engine's notes say which lines, and that the rollback cannot be complete.
    const damage = preview.notes.map((note) => `${note}\n`).join('');
    if (flags['dry-run'] || lines.length === 0) {
      if (flags.json) io.out(`${JSON.stringify(preview, null, 2)}\n`);
      else if (lines.length) io.out(`${say('rollback.wouldUndo', { runId })}\n${lines.join('\n')}\n`);
      else if (!damage) io.out(`${say('rollback.nothingLeft', { runId })}\n`);
      if (!flags.json) io.err(damage);
      return preview.ok ? 0 : 1;
    }
    io.err(`${say('rollback.willUndo', { runId })}\n${lines.join('\n')}\n${say('rollback.nothingElseTouched')}\n${damage}`);
    if (!flags.yes) {
      if (!process.stdin.isTTY) {
        io.err(`${say('rollback.needsYes')}\n`);
        return 2;
      }
      if (!(await confirm(say('rollback.confirm')))) return 1;
    }
    const result = await service.rollback(runId, { locale: engineLocale, onLog: flags.json ? undefined : (line) => io.err(`${line}\n`) });
    if (flags.json) io.out(`${JSON.stringify(result, null, 2)}\n`);
    // A complete rollback may still have kept something (a package something installed since needs): say what.
    else io.out(`${result.ok ? say('rollback.done', { runId }) : say('rollback.withProblems')}\n${result.notes.map((note) => `  ${note}\n`).join('')}`);
    return result.ok ? 0 : 1;
  },
};
