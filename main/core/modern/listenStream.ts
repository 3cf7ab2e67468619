// M7, E6: one `subscriptions/listen` stream per modern session, carrying the live tasks' ids (so a status
// change arrives as `notifications/tasks` at once instead of at the next poll), the list-changed
// notifications and the user's resource subscriptions. When the live tasks or the subscriptions change,
// a new stream replaces the old one (which is cancelled). Polling stays the source of truth: a stream
// that fails or is refused changes nothing else.
import type { Timers, TimerHandle } from "../ports.js";
import type { ModernConnection } from "./modernConnection.js";

/** Creations arriving together (a burst of tool calls) are subscribed in one stream. */
const RESUBSCRIBE_AFTER_MS = 20;
/** A stream lives as long as the session; Node's timers stop at about 24.8 days. */
const STREAM_TIMEOUT_MS = 2_147_483_647;

export interface ListenHooks {
  /** The ids the server's acknowledgement accepted for notifications/tasks. */
  accepted(taskIds: string[]): void;
  /** The server refused or ended the stream, in words for the log. */
  ended(why: string): void;
}

export class ListenStream {
  private current?: AbortController;
  private timer?: TimerHandle;
  private refused = false;
  private closed = false;
  private lastIds = "";
  private resources: string[] = [];

  constructor(
    private readonly connection: ModernConnection,
    private readonly timers: Timers,
    private readonly liveTaskIds: () => string[],
    private readonly hooks: ListenHooks,
    private readonly tasksEnabled: boolean,
  ) {}

  /** False once the server refused the stream (or the session ended): nothing will arrive through it. */
  get listening(): boolean {
    return !this.refused && !this.closed;
  }

  /** Open the first stream (list changes, and the live tasks if any). */
  start(): void {
    this.open();
  }

  /** The live tasks or the resource subscriptions changed: re-subscribe soon, once for a burst of changes. */
  subscriptionsChanged(): void {
    if (this.refused || this.closed || this.timer) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      if (this.wanted() !== this.lastIds) this.open();
    }, RESUBSCRIBE_AFTER_MS);
  }

  /** E6: resources/updated for these URIs (2026-07-28 has no resources/subscribe): on the next stream. */
  setResourceSubscriptions(uris: string[]): void {
    this.resources = [...uris];
    this.subscriptionsChanged();
  }

  /** What the stream should carry, as one comparable string. */
  private wanted(): string {
    return JSON.stringify([this.tasksEnabled ? this.liveTaskIds() : [], this.resources]);
  }

  /** `notifications/subscriptions/acknowledged`: which of our task ids the server will notify about. */
  onAcknowledged(params: Record<string, unknown>): void {
    const notifications = params.notifications as { taskIds?: unknown } | undefined;
    const ids = Array.isArray(notifications?.taskIds) ? notifications.taskIds.filter((id): id is string => typeof id === "string") : [];
    this.hooks.accepted(ids);
  }

  close(): void {
    this.closed = true;
    if (this.timer) this.timers.clearTimeout(this.timer);
    this.current?.abort("the session ended");
  }

  private open(): void {
    if (this.refused || this.closed) return;
    const ids = this.tasksEnabled ? this.liveTaskIds() : [];
    this.lastIds = this.wanted();
    const previous = this.current;
    const controller = new AbortController();
    this.current = controller;
    const notifications = {
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
      ...(ids.length ? { taskIds: ids } : {}),
      ...(this.resources.length ? { resourceSubscriptions: this.resources } : {}),
    };
    this.connection.call("subscriptions/listen", { notifications }, { signal: controller.signal, timeout: STREAM_TIMEOUT_MS }).then(
      () => {
        // A later change of what we listen for opens a new stream. The stream is over: the session's end
        // must not cancel it (a notifications/cancelled for a request already answered).
        if (this.current !== controller) return;
        this.current = undefined;
        this.hooks.ended("The server closed the subscriptions/listen stream; status changes now arrive with polling");
      },
      (error: Error) => {
        if (this.current === controller) this.current = undefined;
        if (controller.signal.aborted || this.closed) return;
        this.refused = true;
        this.hooks.ended(`subscriptions/listen failed (${error.message}); status changes arrive with polling`);
      },
    );
    // The old stream goes once the new one is asked for, so no notification falls between them.
    previous?.abort("replaced by a stream with the current task ids and subscriptions");
  }
}
