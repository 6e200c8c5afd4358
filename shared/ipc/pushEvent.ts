import type { EnvironmentsCheckEvent } from '../types/environments.js';
import type { ProgressEvent } from '../types/install.js';

/** Everything the one push channel carries: install progress and the quick check's progress per environment. */
export type PushEvent = ProgressEvent | EnvironmentsCheckEvent;

const ENVIRONMENTS_EVENTS: ReadonlySet<string> = new Set<EnvironmentsCheckEvent['type']>(['environments-checks-started', 'environment-check-started', 'environment-check-finished', 'environments-checks-ended']);

export function isEnvironmentsCheckEvent(event: PushEvent): event is EnvironmentsCheckEvent {
  return ENVIRONMENTS_EVENTS.has(event.type);
}
