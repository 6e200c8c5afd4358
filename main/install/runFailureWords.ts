import { installText, type InstallSay } from '../system/installText.js';
import { APT_LOCK_TEXT } from './aptGet.js';
import { DISK_FULL, NETWORK } from './failureClassifier.js';

/**
 * The failures a run outside this installer (an exported Ansible role on a fleet host) can meet that DL Setup has its
 * own code and words for, tried in this order on what the failed task said; anything else is COMMAND_FAILED.
 */
export const RUN_FAILURE_PATTERNS = [
  { code: 'APT_LOCKED', pattern: APT_LOCK_TEXT },
  { code: 'DISK_FULL', pattern: DISK_FULL },
  { code: 'NETWORK', pattern: NETWORK },
] as const;

export type RunFailureCode = (typeof RUN_FAILURE_PATTERNS)[number]['code'] | 'COMMAND_FAILED';
export const RUN_FAILURE_CODES: readonly RunFailureCode[] = [...RUN_FAILURE_PATTERNS.map((rule) => rule.code), 'COMMAND_FAILED'];

/** What the run recorded, as text: apt's lock holder, how long it waited, what it was running, what the tool said. */
export interface RunFailureParams {
  program?: string;
  pid?: string;
  seconds?: string;
  /** The command or task that failed ("apt-get install python3-apt"). */
  command?: string;
  /** The tool's own last words. */
  said?: string;
}

interface Words {
  who: string;
  seconds: string;
  what: string;
  said: string;
}

function sentence(code: RunFailureCode, words: Words, say: InstallSay): string {
  switch (code) {
    case 'APT_LOCKED':
      return say('apt.locked', { who: words.who, seconds: words.seconds });
    case 'DISK_FULL':
      return say('failure.diskFull', { what: words.what });
    case 'NETWORK':
      return say('failure.network', { what: words.what });
    default:
      return say('failure.toolSaid', { What: `${words.what.charAt(0).toUpperCase()}${words.what.slice(1)}`, said: words.said });
  }
}

/** The sentence DL Setup's installer says for that failure, in `say`'s language (the engine's own keys and words). */
export function sayRunFailure(code: RunFailureCode, params: RunFailureParams, say: InstallSay = installText()): string {
  const who = params.program
    ? say('apt.holderProgram', { program: params.program, pid: params.pid ?? '?' })
    : params.pid
      ? say('apt.holderPid', { pid: params.pid })
      : say('apt.holderUnknown');
  const what = say('failure.running', { program: params.command ?? '?' });
  return sentence(code, { who, seconds: params.seconds ?? '?', what, said: params.said ?? '' }, say);
}

/** The same sentences with @name@ where the run's values go, for a role that fills them in on the host (in English). */
export function runFailureTemplates(say: InstallSay = installText()) {
  const words: Words = { who: '@who@', seconds: '@seconds@', what: say('failure.running', { program: '@command@' }), said: '@said@' };
  return {
    rules: RUN_FAILURE_PATTERNS.map(({ code, pattern }) => ({ code, pattern: pattern.source, sentence: sentence(code, words, say) })),
    other: { code: 'COMMAND_FAILED' as const, sentence: sentence('COMMAND_FAILED', words, say) },
    who: say('apt.holderProgram', { program: '@program@', pid: '@pid@' }),
    whoUnknown: say('apt.holderUnknown'),
  };
}
