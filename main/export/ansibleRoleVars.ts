import { CONTROL_CHARS } from '../../shared/quote/controlChars.js';
import { yamlScalar, yamlText } from '../../shared/quote/yaml.js';
import { CONTROL_CHARS_BUT_LINES } from '../../shared/schema/patterns.js';
import { runFailureTemplates } from '../install/runFailureWords.js';
import { PINS_CHECK } from './pinsCheck.js';

const doc = (lines: string[]): string => `---\n${lines.join('\n').replace(/\n+$/, '')}\n`;

/**
 * roles/dlsetup/vars/main.yml: what the role's tasks take from DL Setup's code rather than from the plan: the installer's
 * words for the failures it knows (English, as the rest of the role; tasks/failure.yml fills them in), the apt lock
 * pattern the apt tasks wait on, the characters a failure record never carries, and the exact-pin check.
 */
export function roleVars(): string {
  const words = runFailureTemplates();
  // One alternative a line: the patterns are the installer's own regular expressions (Python's re reads them alike).
  const rule = (r: { code: string; pattern: string; sentence: string }) => [
    `  - code: ${yamlScalar(r.code)}`,
    '    patterns:',
    ...r.pattern.split('|').map((alternative) => `      - ${yamlScalar(alternative)}`),
    `    sentence: ${yamlScalar(r.sentence)}`,
  ];
  return doc([
    "# DL Setup's own codes and sentences for a failed task (its installer's words); @name@ is filled in from the failure.",
    '# A task whose output matches one of a rule\'s patterns gets its code; any other failure is the catch-all.',
    'dlsetup_failure_rules:',
    ...words.rules.flatMap(rule),
    "# The apt tasks try again while what apt said matches this: another program holds apt's lock.",
    `dlsetup_apt_lock_pattern: ${yamlScalar(words.rules.find((r) => r.code === 'APT_LOCKED')!.pattern)}`,
    'dlsetup_failure_other:',
    `  code: ${yamlScalar(words.other.code)}`,
    `  sentence: ${yamlScalar(words.other.sentence)}`,
    'dlsetup_failure_words:',
    `  who: ${yamlScalar(words.who)}`,
    `  who_unknown: ${yamlScalar(words.whoUnknown)}`,
    '',
    "# Characters a failure record never carries (the fleet report refuses them): control characters, line and bidi marks.",
    `dlsetup_control_chars: ${yamlScalar(CONTROL_CHARS.source)}`,
    `dlsetup_control_chars_but_lines: ${yamlScalar(CONTROL_CHARS_BUT_LINES.source)}`,
    '',
    "# Exits 0 when the environment has every exact pin it is given (tasks/framework.yml runs pip only otherwise).",
    `dlsetup_pins_check: ${yamlText(PINS_CHECK)}`,
  ]);
}
