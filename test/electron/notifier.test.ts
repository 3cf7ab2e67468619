import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import type { ClientTask, PendingInput } from "../../shared/types.js";
import { InspectorCore, systemPorts } from "../../main/core/index.js";
import { connectNotifier, describe as describeItems, GROUP_WINDOW_MS, inTime, MIN_INTERVAL_MS, Notifier, plainText, type NotificationRequest } from "../../main/electron/notifier.js";

const T0 = Date.parse("2025-11-25T12:00:00.000Z");

function setup(overrides: { focused?: boolean; enabled?: boolean; supported?: boolean; isEnabled?: () => boolean } = {}) {
  const { isEnabled, ...flags } = overrides;
  const state = { focused: false, enabled: true, supported: true, ...flags };
  const shown: Array<NotificationRequest & { close: ReturnType<typeof vi.fn> }> = [];
  const calls: string[] = [];
  const deps = {
    isSupported: () => state.supported,
    isEnabled: isEnabled ?? (() => state.enabled),
    isWindowFocused: () => state.focused,
    show: vi.fn((request: NotificationRequest) => {
      const close = vi.fn();
      shown.push({ ...request, close });
      return { close };
    }),
    focusWindow: vi.fn(() => void calls.push("focus")),
    navigate: vi.fn(() => void calls.push("navigate")),
    setBadgeCount: vi.fn(),
    timers: systemPorts.timers,
    now: () => Date.now(),
  };
  const notifier = new Notifier(deps);
  return { notifier, deps, shown, state, calls };
}

let seq = 0;
function input(overrides: Partial<PendingInput> = {}): PendingInput {
  seq += 1;
  return {
    id: `pi-${seq}`,
    sessionId: "s1",
    serverName: "Everything",
    kind: "elicitation",
    params: { message: "What is your name?", requestedSchema: { type: "object", properties: {} } },
    receivedAt: new Date(Date.now()).toISOString(),
    ...overrides,
  };
}

function added(p: PendingInput): InspectorEvent {
  return { type: "pendingInputAdded", payload: p };
}

function clientTask(status: ClientTask["task"]["status"], overrides: Partial<ClientTask["task"]> = {}): InspectorEvent {
  return {
    type: "clientTaskChanged",
    payload: {
      sessionId: "s1",
      toolName: "simulate-research-query",
      arguments: {},
      task: { taskId: "t-1", status, ttl: 600_000, createdAt: new Date(T0).toISOString(), lastUpdatedAt: new Date(T0).toISOString(), pollInterval: 500, ...overrides },
      pendingInputIds: [],
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("which events notify", () => {
  it("a new elicitation: one notification with the server's name and what it needs", async () => {
    const { notifier, shown } = setup();
    notifier.handle(added(input()));
    expect(shown).toHaveLength(0); // gathered for a moment first
    await vi.advanceTimersByTimeAsync(GROUP_WINDOW_MS);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe("Everything is waiting on you");
    expect(shown[0]!.body).toBe("Elicitation: What is your name?");
  });

  it("a sampling request, a URL-mode elicitation, and a task-augmented one with its deadline", async () => {
    const { notifier, shown } = setup();
    notifier.handle(added(input({ kind: "sampling", params: { messages: [], maxTokens: 10 } })));
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    notifier.handle(added(input({ params: { mode: "url", message: "Sign in to continue", url: "https://example.com/auth", elicitationId: "e1" } })));
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    notifier.handle(
      added(input({ receiverTaskId: "rt-1", deadline: new Date(T0 + 2 * MIN_INTERVAL_MS + 10 * 60_000).toISOString() })),
    );
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    expect(shown.map((n) => n.body)).toEqual([
      "Sampling request: approve or reject a model response",
      "Elicitation: asks you to open a link (Sign in to continue)",
      "Elicitation: What is your name?\nExpires in 10 min (task deadline)",
    ]);
  });

  it("a client task entering input_required, once per entry, with the server's name from its session", async () => {
    const { notifier, shown } = setup();
    notifier.handle({ type: "sessionChanged", payload: { sessionId: "s1", serverName: "Research", state: "connected" } });
    notifier.handle(clientTask("working"));
    notifier.handle(clientTask("input_required", { statusMessage: "Which topic did you mean?" }));
    notifier.handle(clientTask("input_required", { statusMessage: "Still waiting" })); // same wait, no new notification
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS * 3);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe("Research is waiting on you");
    expect(shown[0]!.body).toBe("Task simulate-research-query needs your input: Which topic did you mean?\nExpires in 10 min (task deadline)");

    notifier.handle(clientTask("working"));
    notifier.handle(clientTask("input_required"));
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    expect(shown).toHaveLength(2);
  });

  it("after a session ends and reconnects under the same id, a task waiting again notifies again", async () => {
    const { notifier, shown } = setup();
    notifier.handle(clientTask("input_required"));
    await vi.advanceTimersByTimeAsync(GROUP_WINDOW_MS);
    notifier.handle({ type: "sessionChanged", payload: { sessionId: "s1", serverName: "Everything", state: "disconnected" } });
    notifier.handle(clientTask("input_required"));
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    expect(shown).toHaveLength(2);
  });

  it("nothing else notifies: logs, status changes, receiver tasks, answers", async () => {
    const { notifier, deps } = setup();
    notifier.handle({ type: "stderrLine", payload: { sessionId: "s1", line: "hello" } });
    notifier.handle({ type: "serverLog", payload: { sessionId: "s1", level: "error", data: "boom" } });
    notifier.handle(clientTask("working"));
    notifier.handle(clientTask("completed"));
    notifier.handle({ type: "pendingInputAnswered", payload: { pendingInputId: "x", sessionId: "s1" } });
    notifier.handle({ type: "sessionChanged", payload: { sessionId: "s1", serverName: "Everything", state: "failed", reason: "exited" } });
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS * 2);
    expect(deps.show).not.toHaveBeenCalled();
  });

  it("a task's input_required and the request it sends through tasks/result notify once, opening the request", async () => {
    const { notifier, shown, deps } = setup();
    notifier.handle(clientTask("input_required"));
    const related = input({ relatedTaskId: "t-1" });
    notifier.handle(added(related));
    await vi.advanceTimersByTimeAsync(GROUP_WINDOW_MS);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.body).toBe("Elicitation: What is your name?");
    shown[0]!.onClick();
    expect(deps.navigate).toHaveBeenCalledWith({ tab: "elicitations", itemId: related.id, sessionId: "s1" });

    // Already told about this wait: a later related request does not notify again.
    notifier.handle(added(input({ relatedTaskId: "t-1" })));
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS * 2);
    expect(shown).toHaveLength(1);
  });
});

describe("focus suppression", () => {
  it("nothing is shown while the window is focused", async () => {
    const { notifier, deps } = setup({ focused: true });
    notifier.handle(added(input()));
    notifier.handle(clientTask("input_required"));
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    expect(deps.show).not.toHaveBeenCalled();
  });

  it("nothing is shown when the user comes back to the window before the notification would appear", async () => {
    const { notifier, deps, state } = setup();
    notifier.handle(added(input()));
    state.focused = true;
    await vi.advanceTimersByTimeAsync(GROUP_WINDOW_MS);
    expect(deps.show).not.toHaveBeenCalled();
  });
});

describe("grouping", () => {
  it("a dozen requests arriving together become one notification that sums them up per server", async () => {
    const { notifier, shown } = setup();
    for (let i = 0; i < 8; i++) notifier.handle(added(input()));
    for (let i = 0; i < 3; i++) notifier.handle(added(input({ kind: "sampling", params: {} })));
    notifier.handle(added(input({ serverName: "Weather", sessionId: "s2", deadline: new Date(T0 + 90_000).toISOString() })));
    await vi.advanceTimersByTimeAsync(GROUP_WINDOW_MS);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe("12 requests are waiting on you");
    expect(shown[0]!.body).toBe("Everything: 8 elicitations, 3 sampling requests\nWeather: 1 elicitation\nFirst expires in 2 min");
  });

  it("at most one notification per interval: what arrives meanwhile waits and comes as one", async () => {
    const { notifier, shown } = setup();
    notifier.handle(added(input()));
    await vi.advanceTimersByTimeAsync(GROUP_WINDOW_MS);
    expect(shown).toHaveLength(1);
    for (let i = 0; i < 5; i++) {
      notifier.handle(added(input()));
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(shown).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    expect(shown).toHaveLength(2);
    expect(shown[1]!.title).toBe("5 requests are waiting on you");
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS * 3);
    expect(shown).toHaveLength(2);
  });

  it("a request answered or withdrawn before the notification appears is left out of it", async () => {
    const { notifier, shown, deps } = setup();
    const a = input();
    const b = input({ kind: "sampling", params: {} });
    notifier.handle(added(a));
    notifier.handle(added(b));
    notifier.handle({ type: "pendingInputWithdrawn", payload: { pendingInputId: a.id, sessionId: "s1", reason: "requestCancelled", message: "cancelled" } });
    await vi.advanceTimersByTimeAsync(GROUP_WINDOW_MS);
    expect(shown.map((n) => n.body)).toEqual(["Sampling request: approve or reject a model response"]);

    const c = input();
    notifier.handle(added(c));
    notifier.handle({ type: "pendingInputAnswered", payload: { pendingInputId: c.id, sessionId: "s1" } });
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS * 2);
    expect(deps.show).toHaveBeenCalledTimes(1);
  });

  it("closes a notification once everything in it has been answered", async () => {
    const { notifier, shown } = setup();
    const a = input();
    const b = input();
    notifier.handle(added(a));
    notifier.handle(added(b));
    await vi.advanceTimersByTimeAsync(GROUP_WINDOW_MS);
    notifier.handle({ type: "pendingInputAnswered", payload: { pendingInputId: a.id, sessionId: "s1" } });
    expect(shown[0]!.close).not.toHaveBeenCalled();
    notifier.handle({ type: "pendingInputWithdrawn", payload: { pendingInputId: b.id, sessionId: "s1", reason: "taskExpired", message: "expired" } });
    expect(shown[0]!.close).toHaveBeenCalledTimes(1);
  });
});

describe("click routing", () => {
  it("focuses the window first, then opens the tab and item", async () => {
    const { notifier, shown, deps, calls } = setup();
    const sampling = input({ kind: "sampling", params: {}, sessionId: "s9" });
    notifier.handle(added(sampling));
    await vi.advanceTimersByTimeAsync(GROUP_WINDOW_MS);
    shown[0]!.onClick();
    expect(calls).toEqual(["focus", "navigate"]);
    expect(deps.navigate).toHaveBeenCalledWith({ tab: "sampling", itemId: sampling.id, sessionId: "s9" });
  });

  it("a task notification opens the Tasks tab on that task; a group opens its first item", async () => {
    const { notifier, shown, deps } = setup();
    notifier.handle(clientTask("input_required", { taskId: "t-42" }));
    notifier.handle(added(input({ kind: "sampling", params: {} })));
    await vi.advanceTimersByTimeAsync(GROUP_WINDOW_MS);
    expect(shown).toHaveLength(1);
    shown[0]!.onClick();
    expect(deps.navigate).toHaveBeenCalledWith({ tab: "tasks", itemId: "t-42", sessionId: "s1" });
  });
});

describe("badge count", () => {
  it("follows the number of pending inputs, up as they arrive and down as they are answered, cancelled or expire", () => {
    const { notifier, deps } = setup({ focused: true });
    const items = [input(), input(), input({ kind: "sampling", params: {} })];
    for (const item of items) notifier.handle(added(item));
    notifier.handle({ type: "pendingInputAnswered", payload: { pendingInputId: items[0]!.id, sessionId: "s1" } });
    notifier.handle({ type: "pendingInputWithdrawn", payload: { pendingInputId: items[1]!.id, sessionId: "s1", reason: "taskCancelled", message: "" } });
    notifier.handle({ type: "pendingInputWithdrawn", payload: { pendingInputId: items[2]!.id, sessionId: "s1", reason: "taskExpired", message: "" } });
    // An id we never saw changes nothing, so no redundant call.
    notifier.handle({ type: "pendingInputAnswered", payload: { pendingInputId: "unknown", sessionId: "s1" } });
    expect(deps.setBadgeCount.mock.calls.map((c) => c[0])).toEqual([1, 2, 3, 2, 1, 0]);
  });
});

describe("setting off and unsupported platforms", () => {
  it("with notifications off nothing is shown, but the badge still counts", async () => {
    const { notifier, deps } = setup({ enabled: false });
    notifier.handle(added(input()));
    notifier.handle(clientTask("input_required"));
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    expect(deps.show).not.toHaveBeenCalled();
    expect(deps.setBadgeCount).toHaveBeenCalledWith(1);
  });

  it("turning the setting off drops what was about to be shown", async () => {
    const { notifier, deps, state } = setup();
    notifier.handle(added(input()));
    state.enabled = false;
    notifier.handle({ type: "settingsChanged", payload: { notificationsEnabled: false } as never });
    await vi.advanceTimersByTimeAsync(GROUP_WINDOW_MS);
    state.enabled = true;
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    expect(deps.show).not.toHaveBeenCalled();
  });

  it("where Notification.isSupported() is false nothing is shown and nothing throws", async () => {
    const { notifier, deps } = setup({ supported: false });
    expect(() => {
      notifier.handle(added(input()));
      notifier.handle(clientTask("input_required"));
    }).not.toThrow();
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    expect(deps.show).not.toHaveBeenCalled();
    expect(deps.setBadgeCount).toHaveBeenCalledWith(1);
  });

  it("dispose cancels a pending notification", async () => {
    const { notifier, deps } = setup();
    notifier.handle(added(input()));
    notifier.dispose();
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    expect(deps.show).not.toHaveBeenCalled();
  });
});

describe("wording", () => {
  it("server text is plain, short text: no markup a notification daemon could render, no control characters", () => {
    expect(plainText('<a href="x">click</a> & \u0007 go')).toBe('‹a href="x"›click‹/a› ＆ go');
    expect(plainText("x".repeat(300))).toHaveLength(140);
    expect(plainText("x".repeat(300)).endsWith("…")).toBe(true);
  });

  it("says when a deadline is", () => {
    expect(inTime(-5)).toBe("now");
    expect(inTime(1)).toBe("in 1 s");
    expect(inTime(59_000)).toBe("in 59 s");
    expect(inTime(10 * 60_000)).toBe("in 10 min");
    expect(inTime(60 * 60_000)).toBe("in 1 h");
    expect(inTime(125 * 60_000)).toBe("in 2 h 5 min");
  });

  it("more than three servers are summed up", () => {
    const items = ["A", "B", "C", "D", "E"].map((serverName) => ({ kind: "sampling" as const, serverName, need: "" }));
    expect(describeItems(items, T0).body).toBe("A: 1 sampling request\nB: 1 sampling request\nC: 1 sampling request\nand 2 more servers");
  });
});

describe("connected to the real core", () => {
  it("notifies for a pending input the core adds, follows the core's notificationsEnabled setting, and stops when disconnected", async () => {
    const core = new InspectorCore();
    const { notifier, deps } = setup({ isEnabled: () => core.getSettings().notificationsEnabled });
    const stop = connectNotifier(core, notifier);
    const hooks = { answered: () => {}, withdrawn: () => {} };

    core.pendingInputs.add(input(), hooks);
    await vi.advanceTimersByTimeAsync(GROUP_WINDOW_MS);
    expect(deps.show).toHaveBeenCalledTimes(1);

    await core.dispatch("updateSettings", { notificationsEnabled: false });
    core.pendingInputs.add(input(), hooks);
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS * 2);
    expect(deps.show).toHaveBeenCalledTimes(1);
    expect(deps.setBadgeCount).toHaveBeenLastCalledWith(2);

    await core.dispatch("updateSettings", { notificationsEnabled: true });
    const before = core.bus.listenerCount;
    stop();
    expect(core.bus.listenerCount).toBe(before - 1);
    core.pendingInputs.add(input(), hooks);
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS * 2);
    expect(deps.show).toHaveBeenCalledTimes(1);
  });
});
