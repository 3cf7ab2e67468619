// "The server is waiting on you": decides when to show a notification and what it says, and keeps
// a badge equal to the number of pending inputs. Pure (no Node, no DOM, no Electron): showing, focusing,
// navigating, the badge, the clock and timers all come in as functions, so fake timers test every rule,
// and the desktop app (OS notifications, main/electron) and browser mode (Web Notifications, renderer)
// group and rate-limit alike.
import type { InspectorEvent } from "./contract.js";
import type { ClientTask, PendingInput } from "./types.js";

export interface TimerHandle {
  unref?(): unknown;
}

/** The two timer calls the notifier needs (main/core's Timers, or the page's window timers). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export interface NotificationTarget {
  tab: "sampling" | "elicitations" | "tasks";
  itemId: string;
  sessionId: string;
}

export interface NotificationRequest {
  title: string;
  body: string;
  /** The same for the same group of requests: two browser tabs' notifications replace each other. */
  tag?: string;
  onClick(): void;
}

export interface ShownNotification {
  close(): void;
}

export interface NotifierDeps {
  /** Notification.isSupported(): where it is false, nothing is shown and nothing breaks. */
  isSupported(): boolean;
  /** The notificationsEnabled setting, read when it matters so a change applies at once. */
  isEnabled(): boolean;
  isWindowFocused(): boolean;
  show(request: NotificationRequest): ShownNotification | void;
  focusWindow(): void;
  navigate(target: NotificationTarget): void;
  /** app.setBadgeCount; kept even with notifications off, since a badge interrupts nobody. */
  setBadgeCount(count: number): void;
  timers: Timers;
  now(): number;
  /** The server a session speaks to, for sessions that began before this notifier heard of them (a reloaded page). */
  serverNameOf?(sessionId: string): string | undefined;
}

/** Requests that arrive within this window become one notification. */
export const GROUP_WINDOW_MS = 300;
/** At most one notification this often; what arrives meanwhile waits and is grouped. */
export const MIN_INTERVAL_MS = 5000;

interface WaitingItem {
  /** Unique per thing the user must do: `input:<id>` or `task:<session>:<taskId>`. */
  id: string;
  /** The client task it belongs to, so a task's input_required and its related request notify once. */
  taskKey?: string;
  kind: "sampling" | "elicitation" | "task";
  serverName: string;
  need: string;
  deadline?: number;
  target: NotificationTarget;
}

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

export class Notifier {
  private readonly pendingInputs = new Set<string>();
  private badge = 0;
  private queue: WaitingItem[] = [];
  private timer?: TimerHandle;
  private lastShownAt = -Infinity;
  private readonly taskStatus = new Map<string, string>();
  private readonly notifiedTasks = new Set<string>();
  private readonly serverNames = new Map<string, string>();
  private shown: Array<{ notification: ShownNotification; open: Set<string> }> = [];

  constructor(private readonly deps: NotifierDeps) {}

  handle(event: InspectorEvent): void {
    switch (event.type) {
      case "sessionChanged":
        this.serverNames.set(event.payload.sessionId, event.payload.serverName);
        if (event.payload.state === "disconnected" || event.payload.state === "failed") this.forgetSession(event.payload.sessionId);
        break;
      case "pendingInputAdded":
        this.pendingInputs.add(event.payload.id);
        this.updateBadge();
        this.consider(inputItem(event.payload));
        break;
      case "pendingInputAnswered":
      case "pendingInputWithdrawn":
        this.pendingInputs.delete(event.payload.pendingInputId);
        this.updateBadge();
        this.resolved(`input:${event.payload.pendingInputId}`);
        break;
      case "clientTaskChanged":
        this.clientTaskChanged(event.payload);
        break;
      case "settingsChanged":
        if (!event.payload.notificationsEnabled) this.queue = [];
        break;
      default:
        break;
    }
  }

  dispose(): void {
    if (this.timer) this.deps.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
  }

  private clientTaskChanged(ct: ClientTask): void {
    const key = taskKey(ct.sessionId, ct.task.taskId);
    const previous = this.taskStatus.get(key);
    const status = ct.task.status;
    if (TERMINAL.has(status)) {
      this.taskStatus.delete(key);
      this.notifiedTasks.delete(key);
    } else {
      this.taskStatus.set(key, status);
    }
    if (status === "input_required" && previous !== "input_required") {
      this.consider(taskItem(ct, this.serverNames.get(ct.sessionId) ?? this.deps.serverNameOf?.(ct.sessionId) ?? "A server"));
    } else if (status !== "input_required" && previous === "input_required") {
      this.notifiedTasks.delete(key);
      this.resolved(`task:${key}`);
    }
  }

  /** A session that ended polls no more tasks: drop what was tracked for them. */
  private forgetSession(sessionId: string): void {
    const prefix = taskKey(sessionId, "");
    for (const key of [...this.taskStatus.keys()]) if (key.startsWith(prefix)) this.taskStatus.delete(key);
    for (const key of [...this.notifiedTasks]) if (key.startsWith(prefix)) this.notifiedTasks.delete(key);
  }

  private consider(item: WaitingItem): void {
    const { deps } = this;
    // Only when the user is elsewhere: a focused window already shows the request and its tab badge.
    if (!deps.isEnabled() || !deps.isSupported() || deps.isWindowFocused()) return;
    if (item.taskKey && this.notifiedTasks.has(item.taskKey)) return;
    const sameTask = item.taskKey ? this.queue.findIndex((q) => q.taskKey === item.taskKey) : -1;
    if (sameTask >= 0) {
      // The request itself is more useful to open than its task row.
      if (item.kind !== "task") this.queue[sameTask] = item;
      return;
    }
    this.queue.push(item);
    if (!this.timer) {
      const wait = Math.max(GROUP_WINDOW_MS, this.lastShownAt + MIN_INTERVAL_MS - deps.now());
      this.timer = deps.timers.setTimeout(() => this.flush(), wait);
    }
  }

  private flush(): void {
    this.timer = undefined;
    const items = this.queue;
    this.queue = [];
    const { deps } = this;
    if (items.length === 0 || !deps.isEnabled() || !deps.isSupported() || deps.isWindowFocused()) return;
    const first = items[0]!;
    const { title, body } = describe(items, deps.now());
    const notification = deps.show({
      title,
      body,
      tag: `mcp-task-inspector:${first.id}`,
      onClick: () => {
        deps.focusWindow();
        deps.navigate(first.target);
      },
    });
    this.lastShownAt = deps.now();
    for (const item of items) if (item.taskKey) this.notifiedTasks.add(item.taskKey);
    if (notification) this.shown.push({ notification, open: new Set(items.map((i) => i.id)) });
  }

  /** The user answered it, or it went away: forget it, and close a notification with nothing left in it. */
  private resolved(id: string): void {
    this.queue = this.queue.filter((item) => item.id !== id);
    this.shown = this.shown.filter((entry) => {
      entry.open.delete(id);
      if (entry.open.size > 0) return true;
      entry.notification.close();
      return false;
    });
  }

  private updateBadge(): void {
    if (this.pendingInputs.size === this.badge) return;
    this.badge = this.pendingInputs.size;
    this.deps.setBadgeCount(this.badge);
  }
}

function taskKey(sessionId: string, taskId: string): string {
  return `${sessionId}:${taskId}`;
}

function inputItem(input: PendingInput): WaitingItem {
  const params = input.params as { message?: unknown; mode?: unknown };
  const message = typeof params.message === "string" && params.message.trim() ? plainText(params.message) : undefined;
  const need =
    input.kind === "sampling"
      ? "Sampling request: approve or reject a model response"
      : params.mode === "url"
        ? `Elicitation: asks you to open a link${message ? ` (${message})` : ""}`
        : `Elicitation: ${message ?? "asks for your input"}`;
  const deadline = input.deadline ? Date.parse(input.deadline) : NaN;
  return {
    id: `input:${input.id}`,
    ...(input.relatedTaskId ? { taskKey: taskKey(input.sessionId, input.relatedTaskId) } : {}),
    kind: input.kind,
    serverName: plainText(input.serverName, 60),
    need,
    ...(Number.isFinite(deadline) ? { deadline } : {}),
    target: { tab: input.kind === "sampling" ? "sampling" : "elicitations", itemId: input.id, sessionId: input.sessionId },
  };
}

function taskItem(ct: ClientTask, serverName: string): WaitingItem {
  const key = taskKey(ct.sessionId, ct.task.taskId);
  const created = Date.parse(ct.task.createdAt);
  const ttl = ct.task.ttl;
  const status = ct.task.statusMessage ? `: ${plainText(ct.task.statusMessage)}` : "";
  return {
    id: `task:${key}`,
    taskKey: key,
    kind: "task",
    serverName: plainText(serverName, 60),
    need: `Task ${plainText(ct.toolName, 60)} needs your input${status}`,
    ...(typeof ttl === "number" && Number.isFinite(created) ? { deadline: created + ttl } : {}),
    target: { tab: "tasks", itemId: ct.task.taskId, sessionId: ct.sessionId },
  };
}

/** Title and body for one item, or a summary for several (grouped, never one notification each). */
export function describe(items: ReadonlyArray<Pick<WaitingItem, "kind" | "serverName" | "need" | "deadline">>, now: number): { title: string; body: string } {
  const deadlines = items.map((i) => i.deadline).filter((d): d is number => d !== undefined);
  const soonest = deadlines.length ? Math.min(...deadlines) : undefined;
  if (items.length === 1) {
    const item = items[0]!;
    const expiry = soonest !== undefined ? `\nExpires ${inTime(soonest - now)} (task deadline)` : "";
    return { title: `${item.serverName} is waiting on you`, body: `${item.need}${expiry}` };
  }
  const byServer = new Map<string, Map<WaitingItem["kind"], number>>();
  for (const item of items) {
    const counts = byServer.get(item.serverName) ?? new Map();
    counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1);
    byServer.set(item.serverName, counts);
  }
  const lines = [...byServer].slice(0, 3).map(([server, counts]) => `${server}: ${[...counts].map(([kind, n]) => countLabel(kind, n)).join(", ")}`);
  if (byServer.size > 3) lines.push(`and ${byServer.size - 3} more servers`);
  if (soonest !== undefined) lines.push(`First expires ${inTime(soonest - now)}`);
  return { title: `${items.length} requests are waiting on you`, body: lines.join("\n") };
}

function countLabel(kind: WaitingItem["kind"], n: number): string {
  if (kind === "sampling") return `${n} sampling request${n === 1 ? "" : "s"}`;
  if (kind === "elicitation") return `${n} elicitation${n === 1 ? "" : "s"}`;
  return `${n} task${n === 1 ? "" : "s"} needing input`;
}

/** "in 45 s", "in 10 min", "in 2 h 5 min", or "now". */
export function inTime(ms: number): string {
  if (ms <= 0) return "now";
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `in ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `in ${hours} h${rest ? ` ${rest} min` : ""}`;
}

/**
 * Server text shown as plain text: no control characters, nothing a notification daemon could read
 * as markup (some Linux ones render <b>, <a href>), and short.
 */
export function plainText(text: string, max = 140): string {
  const clean = text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/</g, "‹")
    .replace(/>/g, "›")
    .replace(/&/g, "＆")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
