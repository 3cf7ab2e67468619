// The core's one outgoing stream: every change the renderer may need, typed by the contract.
import type { EventName, EventPayload, InspectorEvent } from "../../shared/contract.js";

export type EventListener = (event: InspectorEvent) => void;

export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(type: E, payload: EventPayload<E>): void {
    const event = { type, payload } as InspectorEvent;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // One faulty subscriber (a closed window, a dropped socket) must not stop the others.
      }
    }
  }

  /** Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
