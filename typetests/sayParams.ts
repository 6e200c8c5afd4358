// Compile-time proof that a catalog sentence takes exactly its {{placeholders}}: a wrong, missing or extra param name
// fails `npm run typecheck` (each @ts-expect-error below must find an error, or the check itself fails).
import { cliText } from '../main/cli/cliText.js';
import { errorText } from '../shared/errorText.js';

const say = cliText('zh-CN');

export const right = say('verify.reportSaved', { path: '/tmp/report.html' });
export const noParams = say('verify.noEarlierReport');
export const emptyParams = say('verify.noEarlierReport', {});
export const twoParams = say('failure.whereToLook', { journal: 'j', logFile: 'l' });

// @ts-expect-error a wrong name: the sentence says {{path}}
export const wrongName = say('verify.reportSaved', { file: '/tmp/report.html' });
// @ts-expect-error a missing name: {{logFile}} is not given
export const missingName = say('failure.whereToLook', { journal: 'j' });
// @ts-expect-error no params at all for a sentence with a placeholder
export const noParamsGiven = say('verify.reportSaved');
// @ts-expect-error an extra name for a sentence without placeholders
export const extraName = say('verify.noEarlierReport', { path: '/tmp' });
// @ts-expect-error a value that is neither text nor a number
export const wrongValue = say('verify.reportSaved', { path: ['/tmp'] });
// @ts-expect-error a key the catalog does not have
export const unknownKey = say('verify.noSuchKey');

export const rightError = errorText.error('TIMEOUT', 'command.timedOut', { file: 'nvidia-smi', seconds: 15 }, { detail: 'x' });
export const plainError = errorText.error('INTERNAL', 'uac.noHelper');
export const saidError = say.error('NOT_FOUND', 'planFile.cannotRead', { file: 'plan.json' });
// @ts-expect-error an error's params are checked the same way
export const wrongErrorName = errorText.error('TIMEOUT', 'command.timedOut', { file: 'nvidia-smi', secs: 15 });
// @ts-expect-error and a code must be one of the known codes
export const wrongCode = say.error('NO_SUCH_CODE', 'planFile.cannotRead', { file: 'plan.json' });
