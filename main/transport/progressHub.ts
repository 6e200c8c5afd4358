import type { PushEvent } from '../../shared/ipc/pushEvent.js';

type Listener = (event: PushEvent) => void;

/** Fans progress (installs, environment checks) out to every connected window or socket; services publish, transports subscribe. */
export class ProgressHub {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: PushEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber (closed socket) must never stop the install or the checks.
      }
    }
  }
}
