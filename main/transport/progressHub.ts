import type { ProgressEvent } from '../../shared/types/install.js';

type Listener = (event: ProgressEvent) => void;

/** Fans install progress out to every connected window or socket; the install service publishes, transports subscribe. */
export class ProgressHub {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: ProgressEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber (closed socket) must never stop the install.
      }
    }
  }
}
