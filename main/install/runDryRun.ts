import { adminMark } from '../../shared/plan/adminMark.js';
import type { RunStatus } from '../../shared/types/install.js';
import type { InstallSay } from '../system/installText.js';
import type { PreparedStep } from './prepareSteps.js';
import type { RunRecord } from './journal/runRecord.js';
import { quoteForDisplay } from './stepContext.js';

/** A dry run: every step lists the commands it would issue (root ones marked) and is skipped; nothing changes. */
export function dryRunSteps(steps: PreparedStep[], record: RunRecord, say: InstallSay): RunStatus {
  // The same mark as `dlsetup install --dry-run` prints, in the run's language.
  const rootMark = `${adminMark(say.locale)} `;
  for (const step of steps) {
    record.emit({ type: 'step-started', stepId: step.id });
    for (const command of step.impl.describe(step.params, say)) {
      const text = command.argv.length ? `$ ${command.argv.map(quoteForDisplay).join(' ')}` : `# ${command.note}`;
      record.emit({ type: 'step-log', stepId: step.id, stream: 'info', line: `${command.elevated ? rootMark : ''}${text}${command.argv.length && command.note ? `   # ${command.note}` : ''}` });
    }
    record.finishStep(step.id, 'skipped', say('run.dryRunNothingChanged'));
  }
  return record.finishRun('succeeded');
}
