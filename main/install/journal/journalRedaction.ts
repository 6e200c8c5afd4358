import { hasUserinfo, withoutUserinfo } from '../../../shared/text/urlUserinfo.js';
import type { Plan } from '../../../shared/types/plan.js';
import { redactSecretsIn } from '../../system/redactSecrets.js';
import type { JournalEntry } from './journalEntry.js';

type ParamValue = Plan['steps'][number]['params'][string];

function urlWithoutCredentials(value: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) && hasUserinfo(value) ? withoutUserinfo(value) : value;
}

/** A step parameter that is a URL with user info (the proxy's `user:password@`) loses it; everything else stays. */
function paramWithoutCredentials(value: ParamValue): ParamValue {
  if (typeof value === 'string') return urlWithoutCredentials(value);
  return Array.isArray(value) ? value.map(urlWithoutCredentials) : value;
}

/**
 * The plan as the journal keeps it: URLs without their user info, so it still reads as a valid plan for resume, which
 * takes the credentials again from the user (`dlsetup install --resume --proxy URL`), never from the journal.
 */
export function planWithoutCredentials(plan: Plan): Plan {
  return {
    ...plan,
    steps: plan.steps.map((step) => ({ ...step, params: Object.fromEntries(Object.entries(step.params).map(([key, value]) => [key, paramWithoutCredentials(value)])) })),
  };
}

/**
 * A journal entry as it may be written: every string redacted (messages, argv), except what resume and rollback read
 * back as data, which is redacted by its structure instead: the plan loses its URLs' user info, and a change (paths,
 * package names, checksums, all from checked patterns) is kept exactly, so rollback finds what it names.
 */
export function journalSafe(entry: JournalEntry): JournalEntry {
  if (entry.t === 'run-started') return { ...redactSecretsIn({ ...entry, plan: null }), plan: planWithoutCredentials(entry.plan) };
  if (entry.t === 'change' || entry.t === 'rollback-undone') return { ...redactSecretsIn({ ...entry, change: null }), change: entry.change };
  return redactSecretsIn(entry);
}
