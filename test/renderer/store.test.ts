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

  it("the message log is bounded by settings.logLimit, keeping the newest", () => {
    const store = createInspectorStore();
    store.getState().applyEvents([{ type: "settingsChanged", payload: { ...DEFAULT_SETTINGS, logLimit: 100 } }]);
    store.getState().applyEvents(Array.from({ length: 250 }, (_, i): InspectorEvent => ({ type: "logEntry", payload: entry(i + 1) })));
    const seqs = store.getState().logs.s1?.entries.map((e) => e.seq) ?? [];
    expect(seqs).toHaveLength(100);
    expect(seqs[0]).toBe(151);
    expect(seqs.at(-1)).toBe(250);
  });

  it("thousands of status changes in one batch are applied in one pass", () => {
    const store = createInspectorStore();
    store.getState().applyEvents(Array.from({ length: 10_000 }, (_, i): InspectorEvent => ({ type: "clientTaskChanged", payload: clientTask(`t${i}`) })));
    let notified = 0;
    store.subscribe(() => notified++);
    const batch = Array.from({ length: 10_000 }, (_, i): InspectorEvent => ({ type: "clientTaskChanged", payload: clientTask(`t${i}`, { status: "completed" }) }));
    const started = performance.now();
    store.getState().applyEvents(batch);
    // Generous: one copy per batch is a few ms; one copy per event would be seconds (10,000 × 10,000).
    expect(performance.now() - started).toBeLessThan(1000);
    expect(notified).toBe(1);
    expect(Object.values(store.getState().clientTasks).every((t) => t.task.status === "completed")).toBe(true);
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
