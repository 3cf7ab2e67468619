// The store is a view of the core: it changes only through contract events and the snapshot,
// in slices, bounded where the core is bounded.
import { describe, expect, it } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import { DEFAULT_SETTINGS, type LogEntry } from "../../shared/types.js";
import { startSync } from "../../renderer/src/app/sync.js";
import { createInspectorStore } from "../../renderer/src/store/inspectorStore.js";
import { taskKey } from "../../renderer/src/store/keys.js";
import { createFakeBridge } from "./fakeBridge.js";
import { clientTask, elicitation, receiverTask, session } from "./fixtures.js";

const entry = (seq: number, sessionId = "s1"): LogEntry => ({ seq, sessionId, direction: "in", time: new Date(0).toISOString(), method: "x", payload: {} });

describe("inspector store", () => {
  it("a fresh window selects the newest connected session of the snapshot, not the oldest", () => {
    const store = createInspectorStore();
    const snapshot = { sessions: [session({ sessionId: "old" }), session({ sessionId: "mid" }), session({ sessionId: "gone", state: "disconnected" })], pendingInputs: [], clientTasks: [], receiverTasks: [], settings: DEFAULT_SETTINGS };
    store.getState().applySnapshot(snapshot);
    expect(store.getState().selectedSessionId).toBe("mid");
    // A window that already shows a session keeps it.
    store.getState().selectSession("old");
    store.getState().applySnapshot(snapshot);
    expect(store.getState().selectedSessionId).toBe("old");
  });

  it("E6: resource updates are kept per URI, newest last, bounded at 1,000 a session; a URI named __proto__ is just a key", () => {
    const store = createInspectorStore();
    const updates: InspectorEvent[] = Array.from({ length: 1_500 }, (_, i) => ({ type: "resourceUpdated", payload: { sessionId: "s1", uri: `r://${i}`, at: i } }));
    store.getState().applyEvents([...updates, { type: "resourceUpdated", payload: { sessionId: "s1", uri: "__proto__", at: 7 } }, { type: "resourceUpdated", payload: { sessionId: "s1", uri: "r://1499", at: 9 } }]);
    const kept = store.getState().resourceUpdates.s1!;
    expect(kept.size).toBe(1_000);
    expect([...kept.keys()].slice(-2)).toEqual(["__proto__", "r://1499"]);
    expect(kept.get("__proto__")).toBe(7);
    expect(kept.get("r://1499")).toBe(9);
    expect(kept.has("r://0")).toBe(false);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it("applies a batch of events across slices", () => {
    const store = createInspectorStore();
    store.getState().applyEvents([
      { type: "sessionChanged", payload: session() },
      { type: "clientTaskChanged", payload: clientTask("c1") },
      { type: "receiverTaskChanged", payload: receiverTask("r1") },
      { type: "pendingInputAdded", payload: elicitation("p1", {}) },
      { type: "settingsChanged", payload: { ...DEFAULT_SETTINGS, logLimit: 100 } },
      { type: "logEntry", payload: entry(1) },
      { type: "stderrLine", payload: { sessionId: "s1", line: "hello" } },
    ]);
    const s = store.getState();
    expect(s.sessions.s1?.state).toBe("connected");
    expect(s.selectedSessionId).toBe("s1");
    expect(Object.keys(s.clientTasks)).toEqual([taskKey("s1", "c1")]);
    expect(s.taskOrder).toEqual([taskKey("s1", "c1"), taskKey("s1", "r1")]);
    expect(s.pendingInputs.map((p) => p.id)).toEqual(["p1"]);
    expect(s.settings?.logLimit).toBe(100);
    expect(s.logs.s1?.entries.map((e) => e.seq)).toEqual([1]);
    expect(s.logs.s1?.stderr).toEqual(["hello"]);
  });

  it("a removed receiver task leaves the table; task ids of different sessions never collide (S1)", () => {
    const store = createInspectorStore();
    store.getState().applyEvents([
      { type: "receiverTaskChanged", payload: receiverTask("same", { sessionId: "a" }) },
      { type: "receiverTaskChanged", payload: receiverTask("same", { sessionId: "b" }) },
    ]);
    expect(store.getState().taskOrder).toHaveLength(2);
    store.getState().applyEvents([{ type: "receiverTaskRemoved", payload: { sessionId: "a", taskId: "same" } }]);
    expect(store.getState().taskOrder).toEqual([taskKey("b", "same")]);
  });

  it("a client task whose deleted trace dropped off the core's bound (clientTaskRemoved) leaves the table; another session's same id stays", () => {
    const store = createInspectorStore();
    store.getState().applyEvents([
      { type: "clientTaskChanged", payload: clientTask("same", { sessionId: "a" }) },
      { type: "clientTaskChanged", payload: clientTask("same", { sessionId: "b" }) },
    ]);
    store.getState().applyEvents([
      { type: "clientTaskRemoved", payload: { sessionId: "a", taskId: "same" } },
      { type: "clientTaskRemoved", payload: { sessionId: "a", taskId: "never-seen" } },
    ]);
    expect(store.getState().taskOrder).toEqual([taskKey("b", "same")]);
    expect(Object.keys(store.getState().clientTasks)).toEqual([taskKey("b", "same")]);
  });

  it("the message log is bounded by settings.logLimit, keeping the newest", () => {
    const store = createInspectorStore();
    store.getState().applyEvents([{ type: "settingsChanged", payload: { ...DEFAULT_SETTINGS, logLimit: 100 } }]);
    store.getState().applyEvents(Array.from({ length: 250 }, (_, i): InspectorEvent => ({ type: "logEntry", payload: entry(i + 1) })));
    const seqs = store.getState().logs.s1?.entries.map((e) => e.seq) ?? [];
    expect(seqs).toHaveLength(100);
    expect(seqs[0]).toBe(151);
    expect(seqs.at(-1)).toBe(250);
  });

  it("issue 19: the page's copy of the log is bounded by settings.logBudgetBytes too: the oldest go, the newest stay, in order; server logs as well", () => {
    const store = createInspectorStore();
    const MB = 1024 * 1024;
    store.getState().applyEvents([{ type: "settingsChanged", payload: { ...DEFAULT_SETTINGS, logLimit: 5000, logBudgetBytes: 4 * MB } }]);
    const big = (seq: number): LogEntry => ({ ...entry(seq), payload: { jsonrpc: "2.0", method: "notifications/message", params: { data: "x".repeat(250 * 1024) } } });
    // Ten batches of 10 entries of 250 KB: 25 MB sent, 4 MB kept.
    for (let b = 0; b < 10; b++) store.getState().applyEvents(Array.from({ length: 10 }, (_, i): InspectorEvent => ({ type: "logEntry", payload: big(b * 10 + i + 1) })));
    const seqs = store.getState().logs.s1?.entries.map((e) => e.seq) ?? [];
    expect(seqs).toEqual(Array.from({ length: 16 }, (_, i) => 85 + i));
    const logs = Array.from({ length: 100 }, (_, i): InspectorEvent => ({ type: "serverLog", payload: { sessionId: "s1", level: "info", data: `${i} ${"y".repeat(100 * 1024)}` } }));
    store.getState().applyEvents(logs);
    const serverLogs = store.getState().logs.s1?.serverLogs ?? [];
    expect(serverLogs.length).toBe(40);
    expect(String(serverLogs.at(-1)?.data).startsWith("99 ")).toBe(true);
    // A snapshot (a reloaded window) is bounded the same way.
    store.getState().applyLogSnapshot("s2", { entries: Array.from({ length: 100 }, (_, i) => ({ ...big(i + 1), sessionId: "s2" })), stderr: [] });
    expect(store.getState().logs.s2?.entries.map((e) => e.seq)).toEqual(Array.from({ length: 16 }, (_, i) => 85 + i));
  });

  it("issue 19: a withdrawn note in the page keeps at most 16 KB of its request, with the size the server sent", () => {
    const store = createInspectorStore();
    const big = elicitation("e1", { message: `start ${"q".repeat(8 * 1024 * 1024)}`, requestedSchema: { type: "object", properties: {} } });
    store.getState().applyEvents([
      { type: "pendingInputAdded", payload: big },
      { type: "pendingInputWithdrawn", payload: { pendingInputId: "e1", sessionId: "s1", reason: "requestCancelled", message: "gone" } },
    ]);
    const note = store.getState().withdrawnNotes[0]!;
    expect(JSON.stringify(note.input.params).length).toBeLessThanOrEqual(16 * 1024);
    expect(note.input.cut?.bytes).toBeGreaterThan(8 * 1024 * 1024);
    expect(String(note.input.params.message).startsWith("start qqq")).toBe(true);
  });

  it("thousands of status changes in one batch are applied in one pass", () => {
    const store = createInspectorStore();
    store.getState().applyEvents(Array.from({ length: 10_000 }, (_, i): InspectorEvent => ({ type: "clientTaskChanged", payload: clientTask(`t${i}`) })));
    let notified = 0;
    store.subscribe(() => notified++);
    const batch = Array.from({ length: 10_000 }, (_, i): InspectorEvent => ({ type: "clientTaskChanged", payload: clientTask(`t${i}`, { status: "completed" }) }));
    store.getState().applyEvents(batch);
    expect(notified).toBe(1);
    expect(Object.values(store.getState().clientTasks).every((t) => t.task.status === "completed")).toBe(true);
  });

  it("a batch costs O(its events): one status change among 10,000 tasks replaces only that task's object", () => {
    const store = createInspectorStore();
    store.getState().applyEvents(Array.from({ length: 10_000 }, (_, i): InspectorEvent => ({ type: "receiverTaskChanged", payload: receiverTask(`t${i}`) })));
    const before = store.getState();
    const objects = { ...before.receiverTasks };
    const key = taskKey("s1", "t5000");
    store.getState().applyEvents([{ type: "receiverTaskChanged", payload: receiverTask("t5000", { status: "input_required" }) }]);
    const after = store.getState();
    // Nothing was copied: the records are the same objects, the order did not change (no task came or went).
    expect(after.receiverTasks).toBe(before.receiverTasks);
    expect(after.taskOrder).toBe(before.taskOrder);
    expect(after.tasksVersion).toBe(before.tasksVersion + 1);
    expect(after.tasksChanged).toEqual([key]);
    expect(after.receiverTasks[key]).not.toBe(objects[key]);
    expect(after.receiverTasks[key]?.task.status).toBe("input_required");
    const unchanged = Object.keys(objects).filter((k) => k !== key);
    expect(unchanged).toHaveLength(9_999);
    expect(unchanged.every((k) => after.receiverTasks[k] === objects[k])).toBe(true);
    // A batch with no task event leaves the tasks slice alone.
    store.getState().applyEvents([{ type: "stderrLine", payload: { sessionId: "s1", line: "x" } }]);
    expect(store.getState().tasksVersion).toBe(after.tasksVersion);
  });

  it("taskOrder: new tasks append in arrival order; removed ones leave; a task removed and re-added in one batch keeps its place", () => {
    const store = createInspectorStore();
    const k = (id: string) => taskKey("s1", id);
    store.getState().applyEvents(["a", "b", "c"].map((id): InspectorEvent => ({ type: "receiverTaskChanged", payload: receiverTask(id) })));
    expect(store.getState().taskOrder).toEqual([k("a"), k("b"), k("c")]);
    store.getState().applyEvents([
      { type: "receiverTaskRemoved", payload: { sessionId: "s1", taskId: "a" } },
      { type: "receiverTaskChanged", payload: receiverTask("a", { status: "input_required" }) },
      { type: "receiverTaskChanged", payload: receiverTask("d") },
      { type: "receiverTaskRemoved", payload: { sessionId: "s1", taskId: "d" } },
      { type: "receiverTaskRemoved", payload: { sessionId: "s1", taskId: "b" } },
      { type: "clientTaskChanged", payload: clientTask("e") },
      { type: "receiverTaskRemoved", payload: { sessionId: "s1", taskId: "never-seen" } },
    ]);
    const s = store.getState();
    expect(s.taskOrder).toEqual([k("a"), k("c"), k("e")]);
    expect(s.receiverTasks[k("a")]?.task.status).toBe("input_required");
    expect(Object.keys(s.receiverTasks).sort()).toEqual([k("a"), k("c")]);
    expect(s.tasksChanged).toEqual([k("a"), k("d"), k("b"), k("e")]);
  });

  it("a client task with a receiver task's key makes a new taskOrder (the row changes kind)", () => {
    const store = createInspectorStore();
    store.getState().applyEvents([{ type: "receiverTaskChanged", payload: receiverTask("same") }]);
    const order = store.getState().taskOrder;
    store.getState().applyEvents([{ type: "clientTaskChanged", payload: clientTask("same") }]);
    expect(store.getState().taskOrder).not.toBe(order);
    expect(store.getState().taskOrder).toEqual(order);
  });

  it("every store has its own task records (they are updated in place)", () => {
    const one = createInspectorStore();
    const two = createInspectorStore();
    one.getState().applyEvents([{ type: "clientTaskChanged", payload: clientTask("c1") }]);
    expect(two.getState().clientTasks).toEqual({});
    expect(two.getState().clientTasks).not.toBe(one.getState().clientTasks);
  });

  it("sync: events that arrive while the snapshot loads are applied after it, none lost; then the log of each session", async () => {
    const bridge = createFakeBridge();
    let releaseSnapshot!: () => void;
    const gate = new Promise<void>((resolve) => (releaseSnapshot = resolve));
    bridge.handle("getSnapshot", async () => {
      await gate;
      return { sessions: [session()], pendingInputs: [elicitation("p1", {})], clientTasks: [clientTask("c1")], receiverTasks: [], settings: DEFAULT_SETTINGS };
    });
    bridge.handle("getLog", () => ({ entries: [entry(1), entry(2)], stderr: ["boot"] }));
    const store = createInspectorStore();
    const errors: string[] = [];
    const stop = startSync(bridge, store, (m) => errors.push(m));
    // Emitted before the snapshot answers: must not be lost or applied under it.
    bridge.emit(
      { type: "clientTaskChanged", payload: clientTask("c1", { status: "completed" }) },
      { type: "pendingInputAnswered", payload: { pendingInputId: "p1", sessionId: "s1" } },
      { type: "logEntry", payload: entry(3) },
    );
    expect(store.getState().clientTasks).toEqual({});
    releaseSnapshot();
    await expect.poll(() => store.getState().logs.s1?.entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(store.getState().clientTasks[taskKey("s1", "c1")]?.task.status).toBe("completed");
    expect(store.getState().pendingInputs).toEqual([]);
    expect(store.getState().logs.s1?.stderr).toEqual(["boot"]);
    expect(errors).toEqual([]);
    stop();
    expect(bridge.listenerCount()).toBe(0);
  });

  it("sync: a failed snapshot is reported to the user", async () => {
    const bridge = createFakeBridge();
    bridge.handle("getSnapshot", () => Promise.reject(new Error("socket closed")));
    const errors: string[] = [];
    startSync(bridge, createInspectorStore(), (m) => errors.push(m));
    await expect.poll(() => errors).toEqual(["Could not load the inspector's state: socket closed"]);
  });
});

describe("a fresh snapshot after the page reconnected", () => {
  it("is the truth for pending inputs: one answered while the socket was down is gone, a new one is there", () => {
    const store = createInspectorStore();
    const base = { sessions: [session()], clientTasks: [], receiverTasks: [], settings: DEFAULT_SETTINGS };
    store.getState().applySnapshot({ ...base, pendingInputs: [elicitation("old", { message: "answered elsewhere" })] });
    expect(store.getState().pendingInputs.map((p) => p.id)).toEqual(["old"]);
    store.getState().applySnapshot({ ...base, pendingInputs: [elicitation("new", { message: "arrived meanwhile" })] });
    expect(store.getState().pendingInputs.map((p) => p.id)).toEqual(["new"]);
  });
});
